import type { GameMeasures, GameMetric, VariantData } from '@ruleloom/core';
import { estimate, pValue, round, spread, type Estimate, type Spread } from './stats.js';

/**
 * The games of one variant as measured, ready to summarize.
 * @public
 */
export interface VariantGames {
  /** `base` or the variant's id. */
  readonly id: string;
  readonly name: string;
  readonly variant?: VariantData;
  readonly measures: readonly GameMeasures[];
  /** Games that failed (a bot error, the decision limit). */
  readonly failed: number;
  /** Wall time per game (the bots' decision time), in milliseconds. */
  readonly wallMs: readonly number[];
}

/**
 * One metric's summary in one variant.
 * @public
 */
export interface MetricSummary {
  readonly id: string;
  readonly description: string;
  readonly kind: 'rate' | 'value';
  readonly estimate: Estimate | null;
  readonly spread: Spread | null;
}

/**
 * Win rates of games where a seat acquired a card (or one of a group) versus where it did not.
 * @public
 */
export interface AcquiredSummary {
  readonly key: string;
  readonly withIt: Estimate | null;
  readonly without: Estimate | null;
  /** Win rate with minus without. */
  readonly difference: number | null;
  readonly p: number | null;
}

/**
 * Everything `ruleloom analyze` measured for one variant.
 * @public
 */
export interface VariantSummary {
  readonly id: string;
  readonly name: string;
  readonly variant?: VariantData;
  readonly games: number;
  readonly failed: number;
  readonly players: number;
  /** Win rate by seat (shared wins count for each winner), with Wilson 95% intervals. */
  readonly winRateBySeat: readonly (Estimate | null)[];
  readonly metrics: readonly MetricSummary[];
  /** By turn: the turn numbers and, per seat, the score quantiles at the end of each. */
  readonly scoreCurves: {
    readonly turns: readonly number[];
    readonly bySeat: readonly (readonly (Spread | null)[])[];
  };
  /** By turn: the median branching factor of the decisions taken in it. */
  readonly branchingByTurn: readonly (number | null)[];
  readonly cards: readonly AcquiredSummary[];
  readonly cardGroups: readonly AcquiredSummary[];
  /** Mean amount per game that events naming a seat and an amount paid, by event type. */
  readonly eventAmounts: readonly { readonly type: string; readonly perGame: number }[];
}

/**
 * A metric compared between the first variant and another, with a significance test and a
 * sentence.
 * @public
 */
export interface Comparison {
  readonly metric: string;
  readonly from: string;
  readonly to: string;
  readonly a: number;
  readonly b: number;
  readonly difference: number;
  readonly p: number;
  readonly significant: boolean;
  readonly verdict: string;
}

/**
 * The analysis report (the JSON `ruleloom analyze --json` writes). Everything but `timing`
 * is the same for the same seed, bots, games and variants.
 * @public
 */
export interface AnalysisReport {
  readonly format: 'ruleloom-analysis-1';
  readonly game: string;
  readonly seed: string;
  readonly bots: readonly string[];
  readonly gamesPerVariant: number;
  readonly variants: readonly VariantSummary[];
  readonly comparisons: readonly Comparison[];
  /** Wall times: they depend on the machine and its load, so they are kept apart. */
  readonly timing: {
    readonly variants: readonly { readonly id: string; readonly wallMsPerGame: Spread | null }[];
  };
}

function seatWins(measures: readonly GameMeasures[], players: number): (Estimate | null)[] {
  const finished = measures.filter((m) => m.finished);
  return Array.from({ length: players }, (_, seat) =>
    estimate(
      finished.map((m) => (m.winners.includes(seat) ? 1 : 0)),
      true,
    ),
  );
}

function acquired(
  measures: readonly GameMeasures[],
  keysOf: (a: GameMeasures['acquisitions'][number]) => readonly string[],
): AcquiredSummary[] {
  const keys = new Set<string>();
  for (const m of measures) for (const a of m.acquisitions) for (const k of keysOf(a)) keys.add(k);
  const out: AcquiredSummary[] = [];
  for (const key of [...keys].sort()) {
    const withIt: number[] = [];
    const without: number[] = [];
    for (const m of measures) {
      if (!m.finished) continue;
      const holders = new Set(
        m.acquisitions.filter((a) => keysOf(a).includes(key)).map((a) => a.seat),
      );
      for (let seat = 0; seat < m.players; seat++)
        (holders.has(seat) ? withIt : without).push(m.winners.includes(seat) ? 1 : 0);
    }
    const a = estimate(withIt, true);
    const b = estimate(without, true);
    out.push({
      key,
      withIt: a,
      without: b,
      difference: a === null || b === null ? null : round(a.mean - b.mean),
      p: a === null || b === null ? null : pValue(b, a, true),
    });
  }
  return out;
}

function curves(measures: readonly GameMeasures[], players: number): VariantSummary['scoreCurves'] {
  const all = new Set<number>();
  for (const m of measures) for (const t of m.turns) all.add(t);
  const turns = [...all].sort((a, b) => a - b);
  const bySeat = Array.from({ length: players }, (_, seat) =>
    turns.map((turn) => {
      const values: number[] = [];
      for (const m of measures) {
        const i = m.turns.indexOf(turn);
        if (i >= 0) values.push(m.scoresByTurn[i]?.[seat] ?? 0);
      }
      return spread(values);
    }),
  );
  return { turns, bySeat };
}

/**
 * Summarizes one variant's measured games.
 * @public
 */
export function summarizeVariant(
  games: VariantGames,
  metrics: readonly GameMetric[],
): VariantSummary {
  const { measures } = games;
  const players = measures[0]?.players ?? 0;
  const score = curves(measures, players);
  const branching = score.turns.map((turn) => {
    const values: number[] = [];
    for (const m of measures) {
      const i = m.turns.indexOf(turn);
      if (i >= 0) values.push(m.branchingByTurn[i] as number);
    }
    return spread(values)?.median ?? null;
  });
  const eventTypes = new Set<string>();
  for (const m of measures) for (const t of Object.keys(m.eventAmounts)) eventTypes.add(t);
  return {
    id: games.id,
    name: games.name,
    ...(games.variant === undefined ? {} : { variant: games.variant }),
    games: measures.length,
    failed: games.failed,
    players,
    winRateBySeat: seatWins(measures, players),
    metrics: metrics.map((metric) => {
      const values = measures.flatMap((m) => {
        const v = m.values[metric.id];
        return v === null || v === undefined ? [] : [v];
      });
      return {
        id: metric.id,
        description: metric.description,
        kind: metric.kind,
        estimate: estimate(values, metric.kind === 'rate'),
        spread: spread(values),
      };
    }),
    scoreCurves: score,
    branchingByTurn: branching,
    cards: acquired(measures, (a) => [a.card]),
    cardGroups: acquired(measures, (a) => a.groups),
    eventAmounts: [...eventTypes].sort().map((type) => ({
      type,
      perGame: round(
        measures.reduce((n, m) => n + (m.eventAmounts[type] ?? 0), 0) /
          Math.max(1, measures.length),
      ),
    })),
  };
}

function fmt(x: number, rate: boolean): string {
  return rate ? `${(x * 100).toFixed(1)}%` : Math.abs(x) >= 100 ? x.toFixed(0) : x.toFixed(2);
}

function pText(p: number): string {
  return p < 0.001 ? 'p < 0.001' : `p = ${p.toFixed(p < 0.01 ? 3 : 2)}`;
}

/**
 * A plain-language verdict on a difference: "first-player advantage falls from 31.0% to 26.0%,
 * p = 0.01", or "no clear difference" when p ≥ 0.05.
 * @public
 */
export function verdict(label: string, a: number, b: number, p: number, rate: boolean): string {
  if (p >= 0.05)
    return `${label}: no clear difference (${fmt(a, rate)} vs ${fmt(b, rate)}, ${pText(p)})`;
  return `${label} ${b > a ? 'rises' : 'falls'} from ${fmt(a, rate)} to ${fmt(b, rate)}, ${pText(p)}`;
}

function compareTwo(x: VariantSummary, y: VariantSummary): Comparison[] {
  const out: Comparison[] = [];
  const add = (
    metric: string,
    label: string,
    a: Estimate | null,
    b: Estimate | null,
    rate: boolean,
  ) => {
    if (a === null || b === null) return;
    const p = pValue(a, b, rate);
    out.push({
      metric,
      from: x.id,
      to: y.id,
      a: a.mean,
      b: b.mean,
      difference: round(b.mean - a.mean),
      p,
      significant: p < 0.05,
      verdict: verdict(label, a.mean, b.mean, p, rate),
    });
  };
  add(
    'firstPlayerWinRate',
    'first-player win rate',
    x.winRateBySeat[0] ?? null,
    y.winRateBySeat[0] ?? null,
    true,
  );
  for (const m of x.metrics) {
    const other = y.metrics.find((o) => o.id === m.id);
    add(m.id, m.id, m.estimate, other?.estimate ?? null, m.kind === 'rate');
  }
  return out;
}

/**
 * The report of an analysis: each variant's summary and, when there are several, every metric
 * compared between the first variant and each other one.
 * @public
 */
export function buildReport(input: {
  readonly game: string;
  readonly seed: string;
  readonly bots: readonly string[];
  readonly gamesPerVariant: number;
  readonly variants: readonly VariantGames[];
  readonly metrics: readonly GameMetric[];
}): AnalysisReport {
  const summaries = input.variants.map((v) => summarizeVariant(v, input.metrics));
  const first = summaries[0];
  const comparisons =
    first === undefined ? [] : summaries.slice(1).flatMap((other) => compareTwo(first, other));
  return {
    format: 'ruleloom-analysis-1',
    game: input.game,
    seed: input.seed,
    bots: input.bots,
    gamesPerVariant: input.gamesPerVariant,
    variants: summaries,
    comparisons,
    timing: {
      variants: input.variants.map((v) => ({ id: v.id, wallMsPerGame: spread(v.wallMs) })),
    },
  };
}
