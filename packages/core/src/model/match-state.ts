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
  /**
   * Cards some seats have been shown while hidden from them (see `EffectContext.reveal`), each
   * where it was then; an entry lasts while its card stays in that zone. Absent in a game
   * that never reveals (its states and hashes are those of a game without knowledge).
   */
  readonly known?: readonly KnownCard[];
}

/**
 * A card some seats know while it sits in a zone hidden from them (a peek, a card handed
 * over), recorded by `ctx.reveal`: the card's instance id, the zone path where it is (`players.1.hand`)
 * and who knows it (`'everyone'`: every seat and the spectator).
 * @public
 */
export interface KnownCard {
  readonly card: string;
  readonly zone: string;
  readonly seats: readonly number[] | 'everyone';
}
