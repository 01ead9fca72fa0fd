import type { ActionBase } from '@ruleloom/core';
import { formatMoney, type StAugustineView } from '@ruleloom/st-augustine';
import {
  cardName,
  offerText,
  type StAugustinePresentContext,
} from '@ruleloom/st-augustine/present';
import { namesContext, seatLabel } from '../../presenters.js';

/** The sentence that tells the seat what it is asked now (null when it is not to act). */
export function stAugustinePrompt(
  view: StAugustineView,
  legalActions: readonly ActionBase[],
): string | null {
  const ctx = namesContext<StAugustinePresentContext>('st-augustine');
  const types = new Set(legalActions.map((a) => a.type));
  if (types.has('bid') || (view.phase === 'bid' && types.has('pass'))) {
    const bids = legalActions
      .filter((a) => a.type === 'bid')
      .map((a) => (a as ActionBase & { amount: number }).amount);
    const lot = view.flipped === null ? 'this shop' : cardName(ctx, view.flipped);
    const high =
      view.auction?.highBid == null || view.auction.highBidder === null
        ? ''
        : `high bid ${formatMoney(view.auction.highBid)} by ${seatLabel('st-augustine', view.auction.highBidder)}; `;
    if (bids.length === 0) return `Bid on ${lot}? ${high}you cannot afford a higher bid, so pass.`;
    return `Bid on ${lot}? ${high}minimum ${formatMoney(Math.min(...bids))}`;
  }
  if (types.has('proposeTrade'))
    return 'Trade phase: propose a trade to another player, or propose nothing.';
  if (types.has('acceptTrade') && view.trade !== null)
    return `${seatLabel('st-augustine', view.trade.from)} offers you ${offerText(ctx, view.trade.give)} for ${offerText(ctx, view.trade.receive)}. Accept?`;
  if (legalActions.length > 0) return 'Your move.';
  return null;
}
