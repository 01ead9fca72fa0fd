import { withCard } from '@ruleloom/core';
import type { StAugustineEffectContext } from '../context.js';
import type { AuctionState } from '../state.js';
import { auctionOutcome, nextListed } from './formulas.js';
import { shopIndex, tallyWithCard } from './holdings.js';
import { discardCard } from './piles.js';

/**
 * After a bid or a pass by `seat`: ends the auction when everybody passed (the shop is
 * discarded) or when only the high bidder is left (they pay and take the shop); otherwise
 * the call goes clockwise to the next player still in.
 */
export function afterAuctionCall(ctx: StAugustineEffectContext, seat: number): void {
  const s = ctx.state;
  const auction = s.auction;
  if (auction === null) return;
  const card = s.flipped;
  const inPlayers = auction.inPlayers;
  const winner = auction.highBidder;
  const outcome = auctionOutcome(inPlayers.length, winner, inPlayers[0] === winner);
  if (outcome === 'unsold') {
    if (card !== null) discardCard(s, card);
    s.flipped = null;
    s.auction = null;
    s.bidder = null;
    if (ctx.recording && card !== null) ctx.emit({ type: 'shopDiscarded', card });
    return;
  }
  if (outcome === 'sold' && winner !== null && auction.highBid !== null) {
    const player = s.players[winner];
    if (player !== undefined && card !== null) {
      player.money -= auction.highBid;
      const before = player.shops;
      player.shops = withCard(before, card);
      // The buyer's counts by street and type follow at once (no count at the next bonus).
      tallyWithCard(shopIndex(ctx.cards), winner, before, player.shops, card);
    }
    s.flipped = null;
    s.auction = null;
    s.bidder = null;
    if (ctx.recording && card !== null)
      ctx.emit({ type: 'auctionWon', seat: winner, card, amount: auction.highBid });
    return;
  }
  s.bidder = nextListed(seat, inPlayers);
}

/** Takes `seat` out of the auction (in place: the state is the engine's working copy). */
export function leaveAuction(auction: AuctionState, seat: number): void {
  const players = auction.inPlayers;
  const at = players.indexOf(seat);
  if (at < 0) return;
  for (let i = at; i < players.length - 1; i++) players[i] = players[i + 1] as number;
  players.pop();
}
