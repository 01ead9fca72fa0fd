import { rejection, withCard, withoutCard } from '@ruleloom/core';
import { afterTradeCall, isAddressee } from '../rules/trade-round.js';
import type { PlayerState, TradeOffer } from '../state.js';
import type { AcceptTradeAction, StAugustineActionHandler } from './actions.js';
import { acceptTradeInput } from './parse.js';

function hand(from: PlayerState, to: PlayerState, offer: TradeOffer): void {
  from.money -= offer.money;
  to.money += offer.money;
  for (const id of offer.shops) {
    from.shops = withoutCard(from.shops, id);
    to.shops = withCard(to.shops, id);
  }
}

/** Shared immutable action lists: listing allocates nothing. */
const ONLY_ACCEPT: readonly AcceptTradeAction[] = Object.freeze([
  Object.freeze({ type: 'acceptTrade' as const }),
]);
const NONE: readonly AcceptTradeAction[] = Object.freeze([]);

/**
 * `{ type: 'acceptTrade' }`: the addressee accepts the pending proposal; the exchange happens at once.
 * @public
 */
export const acceptTrade: StAugustineActionHandler<AcceptTradeAction> = {
  traits: { fields: {} },
  description: 'Accept the trade proposed to you.',
  parse: acceptTradeInput,
  validate: (state, seat) =>
    isAddressee(state, seat)
      ? undefined
      : rejection('no_pending_trade', 'there is no trade proposal for you to accept'),
  resolve(ctx, seat) {
    const s = ctx.state;
    const trade = s.trade;
    if (trade === null) return;
    const proposer = s.players[trade.from] as PlayerState;
    const addressee = s.players[seat] as PlayerState;
    hand(proposer, addressee, trade.give);
    hand(addressee, proposer, trade.receive);
    ctx.emit({
      type: 'tradeAccepted',
      from: trade.from,
      to: trade.to,
      give: trade.give,
      receive: trade.receive,
    });
    s.trade = null;
    afterTradeCall(ctx, trade.from);
  },
  enumerate: (state, seat) => (isAddressee(state, seat) ? ONLY_ACCEPT : NONE),
  count: (state, seat) => (isAddressee(state, seat) ? 1 : 0),
};
