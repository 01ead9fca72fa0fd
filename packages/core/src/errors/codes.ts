import type { Rejection } from '../result.js';

/**
 * The rejection codes the core itself produces. Games add their own codes beside these.
 *
 * - `not_your_turn`: the seat is not among those whose decision is awaited.
 * - `invalid_seat`: the seat is not a whole number between 0 and players - 1.
 * - `malformed_action`: the input is not an action of this game's shape.
 * - `unknown_action`: the action's `type` is not one this game knows.
 * - `illegal_action`: well formed, but not allowed now.
 * - `game_over`: the match has ended; nothing more can be applied.
 * @public
 */
export type CoreRejectionCode =
  | 'not_your_turn'
  | 'invalid_seat'
  | 'malformed_action'
  | 'unknown_action'
  | 'illegal_action'
  | 'game_over';

/**
 * The {@link CoreRejectionCode} values as a constant object.
 * @public
 */
export const CORE_REJECTION_CODES = {
  notYourTurn: 'not_your_turn',
  invalidSeat: 'invalid_seat',
  malformedAction: 'malformed_action',
  unknownAction: 'unknown_action',
  illegalAction: 'illegal_action',
  gameOver: 'game_over',
} as const satisfies Record<string, CoreRejectionCode>;

/**
 * The rejection codes for a saved match that {@link restoreMatch} refuses.
 * @public
 */
export type RestoreRejectionCode =
  | 'invalid_save'
  | 'wrong_game'
  | 'rules_version_mismatch'
  | 'invalid_setup'
  | 'replay_rejected'
  | 'chain_mismatch'
  | 'bad_signature'
  | 'hash_mismatch'
  | 'legacy_save';

/**
 * Whether a rejection's code is one of `codes`, narrowing it so that a `switch` on the code
 * is checked for exhaustiveness (each game exports the list of its codes).
 *
 * @example
 * ```ts
 * const r = match.apply(seat, input);
 * if (!r.ok && isRejectionOf(ST_AUGUSTINE_ERROR_CODES, r.error)) {
 *   switch (r.error.code) { case 'bid_too_low': ...; case 'not_your_turn': ...; ... }
 * }
 * ```
 * @public
 */
export function isRejectionOf<TCode extends string>(
  codes: readonly TCode[],
  error: Rejection,
): error is Rejection<TCode> {
  return (codes as readonly string[]).includes(error.code);
}

/**
 * Every {@link CoreRejectionCode}, as a list (for {@link isRejectionOf}).
 * @public
 */
export const CORE_REJECTION_CODE_LIST: readonly CoreRejectionCode[] = Object.freeze(
  Object.values(CORE_REJECTION_CODES),
);
