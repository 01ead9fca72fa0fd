import { withCard } from '@ruleloom/core';
import type { StAugustineEffectContext } from '../context.js';
import { MONEY_UNIT } from '../money.js';
import type { AuctionState } from '../state.js';

/** The lowest bid allowed now: the minimum bid, or $1,000 above the high bid. */
export function minimumNextBid(auction: AuctionState, minimumBid: number): number {
  return auction.highBid === null ? minimumBid : Math.max(minimumBid, auction.highBid + MONEY_UNIT);
}

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
  if (auction.inPlayers.length === 0) {
    if (card !== null) s.discard = withCard(s.discard, card);
    s.flipped = null;
    s.auction = null;
    s.bidder = null;
    if (ctx.recording && card !== null) ctx.emit({ type: 'shopDiscarded', card });
    return;
  }
  const winner = auction.highBidder;
  if (
    winner !== null &&
    auction.highBid !== null &&
    auction.inPlayers.length === 1 &&
    auction.inPlayers[0] === winner
  ) {
    const player = s.players[winner];
    if (player !== undefined && card !== null) {
      player.money -= auction.highBid;
      player.shops = withCard(player.shops, card);
    }
    s.flipped = null;
    s.auction = null;
    s.bidder = null;
    if (ctx.recording && card !== null)
      ctx.emit({ type: 'auctionWon', seat: winner, card, amount: auction.highBid });
    return;
  }
  s.bidder = nextStillIn(auction.inPlayers, seat, ctx.players);
}

/** The next seat clockwise from `seat` that is still in the auction (`seat` itself last). */
function nextStillIn(inPlayers: readonly number[], seat: number, players: number): number | null {
  for (let i = 1; i <= players; i++) {
    const other = (seat + i) % players;
    if (inPlayers.includes(other)) return other;
  }
  return null;
}

/** Takes `seat` out of the auction (in place: the state is the engine's working copy). */
export function leaveAuction(auction: AuctionState, seat: number): void {
  const players = auction.inPlayers;
  const at = players.indexOf(seat);
  if (at < 0) return;
  for (let i = at; i < players.length - 1; i++) players[i] = players[i + 1] as number;
  players.pop();
}
