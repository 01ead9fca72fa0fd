import type { CardDefinition } from '../cards/cards.js';
import type { GameEvent } from '../model/event.js';
import type { GameTrace } from './game-trace.js';

/**
 * One number measured on one played game (or null when it does not apply to that game: the
 * turn of decision of a tied game). An analysis reports each metric's mean with a 95%
 * interval, and compares it between variants.
 * @public
 */
export interface GameMetric {
  /** The metric's id (camelCase), the key in reports. */
  readonly id: string;
  /** One sentence for people. */
  readonly description: string;
  /** `rate`: 0 or 1 per game (reported as a percentage); `value`: any number. */
  readonly kind: 'rate' | 'value';
  /** The value on one game. */
  measure(trace: GameTrace): number | null;
}

/**
 * What a game adds to the generic metrics: its own metrics (St. Augustine's monopolies formed),
 * how its cards group (by shop type and street), and which cards a seat acquired.
 * @public
 */
export interface GameMetricsExtension<TCard extends CardDefinition = CardDefinition> {
  /** Metrics of this game, reported after the generic ones (same id: replaces the generic). */
  readonly metrics?: readonly GameMetric[];
  /** The groups a card belongs to, as labels (`type pub`, `street k`). */
  cardGroups?(this: void, card: TCard): readonly string[];
  /**
   * The cards each seat acquired in a game (default: every event naming a number `seat` and a
   * text `card`, such as an auction won or a card drawn).
   */
  readonly acquisitions?: (trace: GameTrace) => readonly { seat: number; card: string }[];
}

/**
 * Marks a metric (a typed identity: checks the shape at compile time).
 * @public
 */
export function defineMetric(metric: GameMetric): GameMetric {
  return metric;
}

/**
 * What {@link measureGame} reads from one game: every metric's value and the series that
 * reports draw (scores and branching factor by turn), the cards acquired and the amounts
 * that events paid.
 * @public
 */
export interface GameMeasures {
  readonly values: Readonly<Record<string, number | null>>;
  readonly players: number;
  readonly winners: readonly number[];
  readonly finished: boolean;
  /** Turn numbers, ascending, with the scores at the end of each. */
  readonly turns: readonly number[];
  readonly scoresByTurn: readonly (readonly number[])[];
  /** Mean legal actions of the decisions taken in each turn of {@link GameMeasures.turns}. */
  readonly branchingByTurn: readonly number[];
  /** Cards acquired, with their definition id and groups. */
  readonly acquisitions: readonly {
    readonly seat: number;
    readonly card: string;
    readonly groups: readonly string[];
  }[];
  /** Total amounts paid by events naming a `seat` and an `amount`, by event type. */
  readonly eventAmounts: Readonly<Record<string, number>>;
}

function isNum(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** The seat that strictly leads, or null on a tie for the lead. */
function leaderOf(scores: readonly number[]): number | null {
  let best = -Infinity;
  let leader: number | null = null;
  for (let s = 0; s < scores.length; s++) {
    const v = scores[s] as number;
    if (v > best) {
      best = v;
      leader = s;
    } else if (v === best) leader = null;
  }
  return leader;
}

/** Scores at the end of each turn: turn numbers ascending and the scores after its last decision. */
export function scoresByTurn(trace: GameTrace): { turns: number[]; scores: number[][] } {
  const turns: number[] = [];
  const scores: number[][] = [];
  for (const step of trace.steps) {
    if (turns.length > 0 && turns[turns.length - 1] === step.turn)
      scores[scores.length - 1] = [...step.scores];
    else {
      turns.push(step.turn);
      scores.push([...step.scores]);
    }
  }
  return { turns, scores };
}

function soleWinner(trace: GameTrace): number | null {
  const w = trace.result?.winners ?? [];
  return w.length === 1 ? (w[0] as number) : null;
}

function forcedEvents(trace: GameTrace): number {
  let n = 0;
  for (const step of trace.steps) for (const e of step.events) if (e.type === 'forcedAction') n++;
  return n;
}

/** The turn index from which the eventual sole winner led at every turn end (null: never). */
function decidedIndex(trace: GameTrace): number | null {
  const winner = soleWinner(trace);
  if (winner === null) return null;
  const { scores } = scoresByTurn(trace);
  let from: number | null = null;
  for (let i = scores.length - 1; i >= 0; i--) {
    if (leaderOf(scores[i] as number[]) === winner) from = i;
    else break;
  }
  return from;
}

/**
 * The metrics every game gets for free, computed from its event stream and scores: length,
 * decisions, forced decisions, branching factor, ties, lead changes, decisiveness, comebacks,
 * turn limit.
 * @public
 */
export const genericMetrics: readonly GameMetric[] = [
  {
    id: 'turns',
    description: 'Turns played.',
    kind: 'value',
    measure: (t) => t.turns,
  },
  {
    id: 'decisions',
    description: 'Decisions taken by the players (forced moves the engine made not counted).',
    kind: 'value',
    measure: (t) => t.steps.length,
  },
  {
    id: 'forcedShare',
    description:
      'Share of moves with a single legal action (decisions with one choice, and moves the engine made alone).',
    kind: 'value',
    measure: (t) => {
      const forced = forcedEvents(t);
      const all = t.steps.length + forced;
      return all === 0 ? null : (t.steps.filter((s) => s.legal === 1).length + forced) / all;
    },
  },
  {
    id: 'branching',
    description: 'Mean number of legal actions per decision (branching factor).',
    kind: 'value',
    measure: (t) =>
      t.steps.length === 0 ? null : t.steps.reduce((n, s) => n + s.legal, 0) / t.steps.length,
  },
  {
    id: 'tie',
    description: 'The game ended with more than one winner.',
    kind: 'rate',
    measure: (t) => (t.result === null ? null : t.result.winners.length > 1 ? 1 : 0),
  },
  {
    id: 'turnLimit',
    description:
      "The game ended by reaching its turn limit (a 'maxTurns' option) rather than by a win condition.",
    kind: 'rate',
    measure: (t) => {
      const max = t.options.maxTurns;
      return isNum(max) ? (t.turns >= max ? 1 : 0) : null;
    },
  },
  {
    id: 'leadChanges',
    description: 'Times the sole leader (highest score at the end of a turn) changed.',
    kind: 'value',
    measure: (t) => {
      let changes = 0;
      let last: number | null = null;
      for (const s of scoresByTurn(t).scores) {
        const leader = leaderOf(s);
        if (leader === null) continue;
        if (last !== null && leader !== last) changes++;
        last = leader;
      }
      return changes;
    },
  },
  {
    id: 'decidedAt',
    description:
      'Decisiveness: the share of the game after which the eventual winner always led (0: led from the first turn; 1: took the lead in the last turn).',
    kind: 'value',
    measure: (t) => {
      const i = decidedIndex(t);
      const n = scoresByTurn(t).turns.length;
      return i === null || n === 0 ? null : i / n;
    },
  },
  {
    id: 'comeback',
    description: 'The eventual winner was not leading at half time.',
    kind: 'rate',
    measure: (t) => {
      const winner = soleWinner(t);
      const { scores } = scoresByTurn(t);
      if (winner === null || scores.length < 2) return null;
      const half = scores[Math.floor((scores.length - 1) / 2)] as number[];
      return leaderOf(half) === winner ? 0 : 1;
    },
  },
  {
    id: 'marginShare',
    description: "The winner's lead over the runner-up, as a share of the winner's score.",
    kind: 'value',
    measure: (t) => {
      const s = [...(t.result?.scores ?? [])].sort((a, b) => b - a);
      const top = s[0];
      const second = s[1];
      return top === undefined || second === undefined || top <= 0 ? null : (top - second) / top;
    },
  },
];

function definitionId(trace: GameTrace, card: string): string {
  try {
    return trace.rules.card(card).id;
  } catch {
    return card;
  }
}

function defaultAcquisitions(trace: GameTrace): { seat: number; card: string }[] {
  const out: { seat: number; card: string }[] = [];
  for (const step of trace.steps)
    for (const e of step.events as readonly (GameEvent & { seat?: unknown; card?: unknown })[])
      if (isNum(e.seat) && typeof e.card === 'string') out.push({ seat: e.seat, card: e.card });
  return out;
}

/**
 * Measures one traced game: the generic metrics, then the game's own (same id: the game's
 * wins), the series by turn, the cards acquired and the amounts events paid.
 *
 * @example
 * ```ts
 * const t = traceSavedMatch(stAugustine, saved);
 * if (t.ok) measureGame(t.trace, stAugustineMetrics).values.leadChanges;
 * ```
 * @public
 */
export function measureGame(trace: GameTrace, extension: GameMetricsExtension = {}): GameMeasures {
  const metrics = new Map<string, GameMetric>();
  for (const m of genericMetrics) metrics.set(m.id, m);
  for (const m of extension.metrics ?? []) metrics.set(m.id, m);
  const values: Record<string, number | null> = {};
  for (const [id, m] of metrics) {
    const v = m.measure(trace);
    values[id] = isNum(v) ? v : null;
  }
  const { turns, scores } = scoresByTurn(trace);
  const branchSum = new Map<number, [number, number]>();
  for (const step of trace.steps) {
    const acc = branchSum.get(step.turn) ?? [0, 0];
    acc[0] += step.legal;
    acc[1] += 1;
    branchSum.set(step.turn, acc);
  }
  const eventAmounts: Record<string, number> = {};
  for (const step of trace.steps)
    for (const e of step.events as readonly (GameEvent & { seat?: unknown; amount?: unknown })[])
      if (isNum(e.seat) && isNum(e.amount))
        eventAmounts[e.type] = (eventAmounts[e.type] ?? 0) + e.amount;
  const groupsOf =
    extension.cardGroups === undefined
      ? undefined
      : (card: CardDefinition) => extension.cardGroups?.(card) ?? [];
  const acquisitions = (extension.acquisitions ?? defaultAcquisitions)(trace).map((a) => {
    const id = definitionId(trace, a.card);
    let groups: readonly string[] = [];
    if (groupsOf !== undefined)
      try {
        groups = groupsOf(trace.rules.card(a.card));
      } catch {
        groups = [];
      }
    return { seat: a.seat, card: id, groups };
  });
  return {
    values,
    players: trace.players,
    winners: trace.result?.winners ?? [],
    finished: trace.result !== null,
    turns,
    scoresByTurn: scores,
    branchingByTurn: turns.map((turn) => {
      const acc = branchSum.get(turn) ?? [0, 1];
      return acc[0] / acc[1];
    }),
    acquisitions,
    eventAmounts,
  };
}
