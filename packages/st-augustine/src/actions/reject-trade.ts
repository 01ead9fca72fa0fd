import { rejection } from '@ruleloom/core';
import { afterTradeCall, isAddressee } from '../rules/trade-round.js';
import type { RejectTradeAction, StAugustineActionHandler } from './actions.js';
import { rejectTradeInput } from './parse.js';

/** Shared immutable action lists: listing allocates nothing. */
const ONLY_REJECT: readonly RejectTradeAction[] = Object.freeze([
  Object.freeze({ type: 'rejectTrade' as const }),
]);
const NONE: readonly RejectTradeAction[] = Object.freeze([]);

/**
 * `{ type: 'rejectTrade' }`: the addressee turns the pending proposal down; nothing changes hands.
 * @public
 */
export const rejectTrade: StAugustineActionHandler<RejectTradeAction> = {
  traits: { fields: {}, decline: true },
  description: 'Reject the trade proposed to you.',
  parse: rejectTradeInput,
  validate: (state, seat) =>
    isAddressee(state, seat)
      ? undefined
      : rejection('no_pending_trade', 'there is no trade proposal for you to reject'),
  resolve(ctx) {
    const s = ctx.state;
    const trade = s.trade;
    if (trade === null) return;
    ctx.emit({ type: 'tradeRejected', from: trade.from, to: trade.to });
    s.trade = null;
    afterTradeCall(ctx, trade.from);
  },
  enumerate: (state, seat) => (isAddressee(state, seat) ? ONLY_REJECT : NONE),
  count: (state, seat) => (isAddressee(state, seat) ? 1 : 0),
};
