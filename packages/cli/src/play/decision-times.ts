import {
  createEngine,
  createMatch,
  publicOptions,
  Rng,
  type ActionBase,
  type Engine,
  type Match,
} from '@ruleloom/core';
import type { BenchResult } from '../bench/measure.js';
import type { CliGame } from '../games/cli-game.js';
import { getBotKind } from '../players/bot-kinds.js';

/**
 * The setup of a decision-time measurement: the game people get from `ruleloom play`.
 * @public
 */
export interface DecisionTimesSetup {
  readonly cliGame: CliGame;
  /** The bot name as on the command line (`ismcts`). */
  readonly bot: string;
  readonly players: number;
  readonly options: Readonly<Record<string, unknown>>;
  /** Watched games (every seat plays `bot`), seeds 1, 2, ... */
  readonly games: number;
}

/**
 * The distribution of one bot's decision times.
 * @public
 */
export interface DecisionTimes {
  /** Milliseconds of every decision with more than one legal action, sorted. */
  readonly ms: readonly number[];
  /** Seconds of each watched game. */
  readonly gameSeconds: readonly number[];
}

/**
 * Plays watched games in which every seat is the bot (as `ruleloom play --watch` does, one
 * thread) and times each decision that has a choice.
 * @public
 */
export async function measureDecisionTimes(setup: DecisionTimesSetup): Promise<DecisionTimes> {
  const { cliGame, players, options } = setup;
  const kind = getBotKind(setup.bot, cliGame);
  const ms: number[] = [];
  const gameSeconds: number[] = [];
  for (let seed = 1; seed <= setup.games; seed++) {
    const match = createMatch(cliGame.game, { seed, players, options }) as Match;
    const rules = createEngine(cliGame.game, {
      players,
      options: publicOptions(cliGame.game, options),
    }) as Engine<unknown, ActionBase, unknown>;
    const bots = Array.from({ length: players }, () => kind.create(cliGame));
    const rngs = bots.map((_, seat) => Rng.fromSeed(`${String(seed)}/bot/${String(seat)}`));
    const t0 = performance.now();
    while (!match.isOver) {
      const seat = match.toAct[0] as number;
      const legalActions = match.legalActions(seat);
      const s = performance.now();
      const action = await (bots[seat] as (typeof bots)[number]).act({
        seat,
        view: match.view(seat),
        legalActions,
        rng: rngs[seat] as Rng,
        rules,
      });
      if (legalActions.length > 1) ms.push(performance.now() - s);
      const r = match.apply(seat, action);
      if (!r.ok) throw new Error(`${setup.bot} chose a rejected action: ${r.error.message}`);
    }
    gameSeconds.push((performance.now() - t0) / 1000);
  }
  ms.sort((a, b) => a - b);
  return { ms, gameSeconds };
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/**
 * The rows `ruleloom bench --decisions <bot>` reports: mean, p50, p90, p99 and the slowest
 * decision, decisions over 1 s, and the mean seconds per watched game.
 * @public
 */
export function decisionTimeRows(setup: DecisionTimesSetup, times: DecisionTimes): BenchResult[] {
  const { ms, gameSeconds } = times;
  const label = `${setup.bot}, ${String(setup.players)} players, options ${JSON.stringify(setup.options)}`;
  const game = setup.cliGame.id;
  const mean = ms.reduce((a, b) => a + b, 0) / Math.max(1, ms.length);
  const row = (name: string, value: number, unit: string): BenchResult => ({
    game,
    name: `${label}: ${name}`,
    value,
    unit,
    samples: ms.length,
    note: `${String(setup.games)} watched game(s), every seat ${setup.bot}, one thread`,
  });
  return [
    row('decision time, mean', mean, 'ms'),
    row('decision time, p50', quantile(ms, 0.5), 'ms'),
    row('decision time, p90', quantile(ms, 0.9), 'ms'),
    row('decision time, p99', quantile(ms, 0.99), 'ms'),
    row('decision time, max', ms[ms.length - 1] ?? 0, 'ms'),
    row('decisions over 1 s', ms.filter((t) => t > 1000).length, 'decisions'),
    row(
      'watched game',
      gameSeconds.reduce((a, b) => a + b, 0) / Math.max(1, gameSeconds.length),
      's/game',
    ),
  ];
}
