import type { GameView } from '../view/view.js';
import type { ActionBase } from '../model/action.js';
import type { GameResult, MatchState } from '../model/match-state.js';

/**
 * A game's own fast forward model for search: the same rules as the engine on a compact
 * mutable state of the game's choosing (typed arrays, numbered cards), without validation,
 * events or the phase pipeline's interpretation.
 *
 * @remarks
 * It sits beside the pure core and never replaces it: states come in and go out as
 * {@link MatchState}s (`fromState`, `toState`), and the public API (`apply`, views, saves)
 * never sees a fast state. A game that offers one must prove it equal to the engine: the
 * law "the forward model plays exactly like the engine" of `gameLaws` in
 * `@ruleloom/core/testing` compares legal actions, seats, states and results at every
 * decision of random games.
 *
 * Search code (bots) uses it where it would use the engine's `clone` and a trusted
 * `step`. It covers games where one seat decides at a time. Fast states are
 * mutable and owned by their user: step only states you made with `fromState` or `clone`.
 *
 * @typeParam TFast - the game's fast state
 * @typeParam TAction - the game's action union (the same objects as the engine's)
 * @public
 */
export interface ForwardModel<TFast, TAction extends ActionBase = ActionBase> {
  /** The number of seats. */
  readonly players: number;
  /** A fast state equal to a full match state (for example a determinization). */
  fromState(state: MatchState): TFast;
  /** The full match state a fast state stands for (equal to what the engine would hold). */
  toState(fast: TFast): MatchState;
  /** An independent copy. */
  clone(fast: TFast): TFast;
  /** Overwrites `target` with `source` (both from the same model), allocating nothing. */
  copyInto(target: TFast, source: TFast): void;
  /** The seat whose decision is awaited, or -1 once the game is over. */
  toAct(fast: TFast): number;
  /**
   * The legal actions of the seat to act, in the engine's order (empty once over). The list
   * may be shared between calls: read it, never change it.
   */
  legalActions(fast: TFast): readonly TAction[];
  /**
   * Plays an action of the seat to act **in place**, then every automatic step (forced
   * actions, phases) up to the next decision or the end. Trusted: `action` must come from
   * {@link ForwardModel.legalActions} of this very state; nothing is validated.
   */
  step(fast: TFast, action: TAction): void;
  /** The result once the game is over (equal to the engine's), else null. */
  result(fast: TFast): GameResult | null;
  /** What a seat or a spectator may see (equal to the engine's view of `toState(fast)`). */
  view(fast: TFast, viewer: number | 'spectator'): GameView;
}
