import type { GameView } from '@ruleloom/core';
import type { AuctionState, TradeProposal, TradeRound } from './state.js';

/**
 * One player as every viewer sees them.
 * @public
 */
export interface StAugustinePlayerView {
  readonly money: number;
  readonly shops: readonly string[];
}

/**
 * What a seat or a spectator sees of a St. Augustine match: everything but the deck order
 * (the deck shows only as `deckSize`).
 * @public
 */
export interface StAugustineView {
  /** The current phase id (`'gameOver'` once over). */
  readonly phase: string;
  /** The current turn number (the last turn played once over). */
  readonly turn: number;
  /** The turn after which the game ends. */
  readonly lastTurn: number;
  /** The seat whose turn it is. */
  readonly current: number;
  /** The flipped card id, or null. */
  readonly flipped: string | null;
  /** Cards left in the deck. */
  readonly deckSize: number;
  /** The discard pile, oldest first. */
  readonly discard: readonly string[];
  /** The running auction, or null. */
  readonly auction: Readonly<AuctionState> | null;
  /** The seat whose call it is in the auction, or null. */
  readonly bidder: number | null;
  /** The pending trade proposal, or null. */
  readonly trade: TradeProposal | null;
  /** Trade phase bookkeeping, or null outside it. */
  readonly tradeRound: Readonly<TradeRound> | null;
  /** Every seat's money and shops. */
  readonly players: readonly StAugustinePlayerView[];
}

/**
 * Reads a core `GameView` of a St. Augustine match as its typed view.
 * @public
 */
export function asStAugustineView(view: GameView): StAugustineView {
  return view as unknown as StAugustineView;
}
