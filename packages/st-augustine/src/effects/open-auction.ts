import type { StAugustineEffect } from '../context.js';

/** Seats 0, 1, 2, ... in order: `inPlayers` of a new auction is a copy of its start (exact size). */
const SEATS: number[] = [];

/**
 * Bid phase: opens an English auction on the flipped shop; the current player has the first call.
 * @public
 */
export const openAuction: StAugustineEffect = (ctx) => {
  const s = ctx.state;
  if (s.flipped === null) return;
  const players = ctx.players;
  while (SEATS.length < players) SEATS.push(SEATS.length);
  // A copy made at its final size (pushing seat by seat would grow a list to 17 places).
  const inPlayers = SEATS.slice(0, players);
  s.auction = { highBid: null, highBidder: null, inPlayers };
  s.bidder = s.current;
};
