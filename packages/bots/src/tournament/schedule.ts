import type { Seed } from '@ruleloom/core';
import { botSeed, dealSeed } from './seeds.js';

/** One scheduled game: a pure function of the tournament seed and its index. */
export interface GameTask {
  readonly index: number;
  readonly deal: number;
  readonly rotation: number;
  readonly seed: string;
  /** The seed of each seat's bot stream (see `botSeed`): independent of `seed`. */
  readonly botSeeds: readonly string[];
  /** Entry index per seat. */
  readonly seats: readonly number[];
  readonly players: number;
  readonly options: Readonly<Record<string, unknown>>;
  readonly maxDecisions: number;
}

/**
 * The schedule: `ceil(games / players)` deals, each played once per cyclic seat rotation
 * (seat `s` of rotation `r` is played by entry `(s + r) % players`), in index order.
 */
export function scheduleGames(
  seed: Seed,
  games: number,
  players: number,
  options: Readonly<Record<string, unknown>>,
  maxDecisions: number,
): GameTask[] {
  if (!Number.isInteger(games) || games < 1)
    throw new RangeError(`games must be a whole number >= 1, got ${String(games)}`);
  const deals = Math.ceil(games / players);
  const tasks: GameTask[] = [];
  for (let deal = 0; deal < deals; deal++) {
    const game = dealSeed(seed, deal);
    const botSeeds = Array.from({ length: players }, (_, s) => botSeed(seed, deal, s));
    for (let rotation = 0; rotation < players; rotation++) {
      const seats = Array.from({ length: players }, (_, s) => (s + rotation) % players);
      tasks.push({
        index: tasks.length,
        deal,
        rotation,
        seed: game,
        botSeeds,
        seats,
        players,
        options,
        maxDecisions,
      });
    }
  }
  return tasks;
}
