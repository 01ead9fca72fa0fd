import type { ActionHandler, ActionTraits } from '@ruleloom/core';
import type { StAugustineCard } from '../cards/card.js';
import type { StAugustineEvent } from '../events.js';
import type { StAugustineOptions } from '../options.js';
import type { StAugustineState, TradeOffer } from '../state.js';

/**
 * Bid `amount` dollars in the running auction.
 * @public
 */
export interface BidAction {
  readonly type: 'bid';
  readonly amount: number;
}

/**
 * Leave the running auction for good, or (in the trade phase) propose nothing.
 * @public
 */
export interface PassAction {
  readonly type: 'pass';
}

/**
 * Propose a trade to seat `to`: you give `give` and receive `receive`.
 * @public
 */
export interface ProposeTradeAction {
  readonly type: 'proposeTrade';
  readonly to: number;
  readonly give: TradeOffer;
  readonly receive: TradeOffer;
}

/**
 * Accept the trade proposed to you: the exchange happens at once.
 * @public
 */
export interface AcceptTradeAction {
  readonly type: 'acceptTrade';
}

/**
 * Reject the trade proposed to you.
 * @public
 */
export interface RejectTradeAction {
  readonly type: 'rejectTrade';
}

/**
 * Every decision of St. Augustine (`type` discriminant).
 * @public
 */
export type StAugustineAction =
  BidAction | PassAction | ProposeTradeAction | AcceptTradeAction | RejectTradeAction;

/**
 * The handler of one St. Augustine action type.
 * @public
 */
export type StAugustineActionHandler<TAction extends StAugustineAction> = ActionHandler<
  StAugustineState,
  TAction,
  StAugustineOptions,
  StAugustineCard,
  StAugustineEvent
> & {
  /** What generic code may know of the action (fields, amount, pass). */
  readonly traits: ActionTraits<TAction>;
};
