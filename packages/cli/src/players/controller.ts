import type { ActionBase, GameView, Match } from '@ruleloom/core';

/**
 * One decision to make: the match, the seat, what it sees and may do.
 * @public
 */
export interface Decision {
  /** The match (absent when the decision crossed to a bot's thread: a bot never reads it). */
  readonly match?: Match;
  readonly seat: number;
  readonly view: GameView;
  readonly legalActions: readonly ActionBase[];
}

/**
 * What a seat's controller answers: an action to apply (any JSON: it is validated by the
 * match), or `quit` to stop the game (input ended, or the human asked to quit).
 * @public
 */
export type Choice =
  { readonly type: 'action'; readonly action: unknown } | { readonly type: 'quit' };

/**
 * Who plays a seat in `ruleloom play`: a human at the terminal or a bot.
 * @public
 */
export interface SeatController {
  /** `'human'` controllers see the board and a menu; bot moves are narrated. */
  readonly kind: 'human' | 'bot';
  /** A short name (`'you'`, `'mcts'`). */
  readonly name: string;
  /** Chooses an action for the decision. */
  choose(decision: Decision): Promise<Choice>;
  /** Called when the previous choice was rejected (humans are told why and asked again). */
  rejected?(message: string): void;
  /**
   * Called after every action the match applied (any seat's), with the phase the match is in
   * now (`MatchState.phase`): a human's "skip this turn" lasts until the phase changes.
   */
  observe?(phase: string): void;
  /** Releases what the controller holds (a human's reader of standard input) at the end. */
  close?(): void;
}
