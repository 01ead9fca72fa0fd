import type { ActionHandler, ActionTraits, ParsedAction } from '@ruleloom/core';
import type {
  acceptTradeInput,
  bidInput,
  passInput,
  proposeTradeInput,
  rejectTradeInput,
} from './parse.js';
import type { StAugustineCard } from '../cards/card.js';
import type { StAugustineEvent } from '../events.js';
import type { StAugustineOptions } from '../options.js';
import type { StAugustineState } from '../state.js';

/**
 * Bid `amount` dollars in the running auction (declared by {@link bidInput}).
 * @public
 */
export type BidAction = ParsedAction<typeof bidInput>;

/**
 * Leave the running auction for good, or (in the trade phase) propose nothing (declared by
 * {@link passInput}).
 * @public
 */
export type PassAction = ParsedAction<typeof passInput>;

/**
 * Propose a trade to seat `to`: you give `give` and receive `receive` (declared by
 * {@link proposeTradeInput}).
 * @public
 */
export type ProposeTradeAction = ParsedAction<typeof proposeTradeInput>;

/**
 * Accept the trade proposed to you: the exchange happens at once (declared by
 * {@link acceptTradeInput}).
 * @public
 */
export type AcceptTradeAction = ParsedAction<typeof acceptTradeInput>;

/**
 * Reject the trade proposed to you (declared by {@link rejectTradeInput}).
 * @public
 */
export type RejectTradeAction = ParsedAction<typeof rejectTradeInput>;

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
