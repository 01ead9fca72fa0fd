import type { StAugustineEffect } from '../context.js';

/**
 * Bid phase: opens an English auction on the flipped shop; the current player has the first call.
 * @public
 */
export const openAuction: StAugustineEffect = (ctx) => {
  const s = ctx.state;
  if (s.flipped === null) return;
  const inPlayers: number[] = [];
  for (let seat = 0; seat < ctx.players; seat++) inPlayers.push(seat);
  s.auction = { highBid: null, highBidder: null, inPlayers };
  s.bidder = s.current;
};
