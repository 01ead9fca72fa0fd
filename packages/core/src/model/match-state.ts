import type { RngState } from '../rng/seed.js';

/**
 * Scores reported by a game when it ends. `winners` defaults to the seats with the highest score.
 * @public
 */
export interface GameScore {
  readonly scores: readonly number[];
  readonly winners?: readonly number[];
}

/**
 * The result of a finished match. `ranks` uses competition ranking (1, 1, 3).
 * @public
 */
export interface GameResult {
  readonly winners: readonly number[];
  readonly scores: readonly number[];
  readonly ranks: readonly number[];
}

/**
 * The full state of a match: the game's own JSON state plus the engine's bookkeeping.
 *
 * @remarks
 * Plain JSON only. The generator state lives here, so cloning a state clones its future.
 * @public
 */
export interface MatchState<TState = unknown> {
  /** The current phase id (`'gameOver'` once the match has ended). */
  readonly phase: string;
  /** The seeded generator's state. Hidden from every player. */
  readonly rng: RngState;
  /** The result once the match is over, else null. */
  readonly result: GameResult | null;
  /** The game's own state. */
  readonly game: TState;
}
