import { rejection } from '@ruleloom/core';
import { formatMoney, MONEY_UNIT } from '../money.js';
import { afterAuctionCall, minimumNextBid } from '../rules/auction.js';
import type { StAugustineState } from '../state.js';
import { extraFields, type BidAction, type StAugustineActionHandler } from './actions.js';

function bidRange(
  state: StAugustineState,
  seat: number,
  minimumBid: number,
): { from: number; to: number } | undefined {
  const auction = state.auction;
  if (auction === null || state.bidder !== seat) return undefined;
  const from = minimumNextBid(auction, minimumBid);
  const money = state.players[seat]?.money ?? 0;
  const to = money - (money % MONEY_UNIT);
  return to >= from ? { from, to } : undefined;
}

/**
 * `{ type: 'bid', amount }`: a multiple of $1,000, at least the minimum bid, strictly above
 * the high bid and at most the bidder's money. Lists every such amount.
 * @public
 */
export const bid: StAugustineActionHandler<BidAction> = {
  description: 'Bid an amount in the auction.',
  parse(input) {
    const extra = extraFields(input, ['type', 'amount']);
    if (extra !== undefined) return { error: extra };
    const amount = input.amount;
    if (typeof amount !== 'number' || !Number.isFinite(amount)) {
      return {
        error: `'bid' needs an 'amount' in dollars, got ${JSON.stringify(amount) ?? 'nothing'}`,
      };
    }
    return { action: { type: 'bid', amount } };
  },
  validate(state, seat, action, ctx) {
    const auction = state.auction;
    if (auction === null) return rejection('no_auction', 'there is no auction to bid in now');
    const amount = action.amount;
    if (!Number.isInteger(amount) || amount % MONEY_UNIT !== 0) {
      return rejection(
        'bid_not_multiple',
        `bid ${formatMoney(amount)} is not a multiple of ${formatMoney(MONEY_UNIT)}`,
      );
    }
    const minimum = ctx.options.minimumBid;
    if (amount < minimum)
      return rejection(
        'bid_too_low',
        `bid ${formatMoney(amount)} is below the minimum ${formatMoney(minimum)}`,
      );
    if (auction.highBid !== null && amount <= auction.highBid) {
      return rejection(
        'bid_not_higher',
        `bid ${formatMoney(amount)} does not beat the high bid ${formatMoney(auction.highBid)}: bid at least ${formatMoney(minimumNextBid(auction, minimum))}`,
      );
    }
    const money = state.players[seat]?.money ?? 0;
    if (amount > money)
      return rejection(
        'insufficient_funds',
        `bid ${formatMoney(amount)} is more than your ${formatMoney(money)}`,
      );
    return undefined;
  },
  resolve(ctx, seat, action) {
    const auction = ctx.state.auction;
    if (auction === null) return;
    auction.highBid = action.amount;
    auction.highBidder = seat;
    afterAuctionCall(ctx, seat);
  },
  enumerate(state, seat, ctx) {
    const range = bidRange(state, seat, ctx.options.minimumBid);
    if (range === undefined) return [];
    const out: BidAction[] = [];
    for (let amount = range.from; amount <= range.to; amount += MONEY_UNIT)
      out.push({ type: 'bid', amount });
    return out;
  },
  count(state, seat, ctx) {
    const range = bidRange(state, seat, ctx.options.minimumBid);
    return range === undefined ? 0 : (range.to - range.from) / MONEY_UNIT + 1;
  },
};
