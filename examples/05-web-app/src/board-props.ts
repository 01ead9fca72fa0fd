import type { ActionBase, GameView, LogEntry } from '@ruleloom/core';

/** What the game screen hands a game's board: the seat's view and legal actions, and `act`. */
export interface BoardProps {
  /** The view of the seat (or the spectator's). */
  readonly view: GameView;
  /** The seat whose view it is; null for a spectator. */
  readonly seat: number | null;
  /** The seat's legal actions now (empty when it is not to act). */
  readonly legalActions: readonly ActionBase[];
  /** Seats whose decision is awaited. */
  readonly toAct: readonly number[];
  /** The log, redacted for the seat. */
  readonly log: readonly LogEntry[];
  /** Whether controls are disabled (an answer is awaited, or the board is a replay). */
  readonly disabled: boolean;
  /** Plays an action (absent in the replay viewer). */
  readonly act?: (action: ActionBase) => void;
}
