import type { Seed } from '@ruleloom/core';

/** One scheduled game: a pure function of the tournament seed and its index. */
export interface GameTask {
  readonly index: number;
  readonly deal: number;
  readonly rotation: number;
  readonly seed: string;
  /** Entry index per seat. */
  readonly seats: readonly number[];
  readonly players: number;
  readonly options: Readonly<Record<string, unknown>>;
  readonly maxDecisions: number;
}

/** The seed of a deal: every rotation of the deal shares it (paired games). */
export function dealSeed(seed: Seed, deal: number): string {
  return `${String(seed)}/deal/${String(deal)}`;
}

/** The seed of a seat's bot stream in a game: a pure function of the game seed and the seat. */
export function botSeed(gameSeed: string, seat: number): string {
  return `${gameSeed}/seat/${String(seat)}`;
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
    for (let rotation = 0; rotation < players; rotation++) {
      const seats = Array.from({ length: players }, (_, s) => (s + rotation) % players);
      tasks.push({
        index: tasks.length,
        deal,
        rotation,
        seed: dealSeed(seed, deal),
        seats,
        players,
        options,
        maxDecisions,
      });
    }
  }
  return tasks;
}
