import { rejection, type LegalActionEntry } from '@ruleloom/core';
import { formatMoney, MONEY_UNIT } from '../money.js';
import { afterAuctionCall } from '../rules/auction.js';
import { bidCount, highestBid, lowestBid } from '../rules/formulas.js';
import type { StAugustineState } from '../state.js';
import type { BidAction, StAugustineActionHandler } from './actions.js';
import { bidInput } from './parse.js';

/** The lowest legal bid of `seat` now, -1 when it has no call in an auction. */
function lowestBidOf(state: StAugustineState, seat: number, minimumBid: number): number {
  const auction = state.auction;
  if (auction === null || state.bidder !== seat) return -1;
  return lowestBid(auction.highBid, minimumBid);
}

function highestBidOf(state: StAugustineState, seat: number): number {
  return highestBid(state.players[seat]?.money ?? 0);
}

/**
 * Bid actions are immutable values: one shared, frozen object per amount (index = amount in
 * thousands), so listing legal bids allocates one array, not one object per amount.
 */
const BIDS: BidAction[] = [];
const NO_BIDS: readonly BidAction[] = Object.freeze([]);

function bidsBetween(from: number, to: number): BidAction[] {
  const last = to / MONEY_UNIT;
  for (let k = BIDS.length; k <= last; k++)
    BIDS.push(Object.freeze({ type: 'bid', amount: k * MONEY_UNIT }));
  return BIDS.slice(from / MONEY_UNIT, last + 1);
}

/** Shared lists stop at these bids (in thousands): at most about 13 MB of lists in all. */
const SHARED_HIGHEST = 256;
const SHARED_LOWEST = 64;
/**
 * Shared bid lists by lowest bid, then highest bid (in thousands): each row is made whole on
 * first use (every slot present, so that reading it stays a packed-array read, not a lookup
 * in a sparse table).
 */
const SHARED: (readonly BidAction[] | undefined)[][] = [];

/**
 * The bids from `from` to `to` in a list shared by every call with the same bounds (for
 * `enumerateShared`, read by search code only); a fresh list beyond the shared bounds.
 */
function sharedBids(from: number, to: number): readonly BidAction[] {
  const low = from / MONEY_UNIT;
  const high = to / MONEY_UNIT;
  if (high > SHARED_HIGHEST || low > SHARED_LOWEST) return bidsBetween(from, to);
  const row = SHARED[low] ?? sharedRow(low);
  let list = row[high];
  if (list === undefined) {
    list = bidsBetween(from, to);
    row[high] = list;
  }
  return list;
}

function sharedRow(low: number): (readonly BidAction[] | undefined)[] {
  while (SHARED.length <= low) {
    const row: (readonly BidAction[] | undefined)[] = [];
    for (let high = 0; high <= SHARED_HIGHEST; high++) row.push(undefined);
    SHARED.push(row);
  }
  return SHARED[low] as (readonly BidAction[] | undefined)[];
}

const NO_ENTRIES: readonly LegalActionEntry<BidAction>[] = Object.freeze([]);

/**
 * The bids from `from` to `to` as one range entry, without listing them (the first bid is a
 * fresh frozen object: never grows the shared table with the player's money).
 */
function bidRange(from: number, to: number): readonly LegalActionEntry<BidAction>[] {
  const first: BidAction =
    from / MONEY_UNIT < BIDS.length
      ? (BIDS[from / MONEY_UNIT] as BidAction)
      : Object.freeze({ type: 'bid', amount: from });
  return [{ type: 'range', action: first, field: 'amount', from, to, step: MONEY_UNIT }];
}

/** The shared bid object of an amount (a multiple of $1,000), as `legalActions` lists it. */
export function bidAction(amount: number): BidAction {
  const k = amount / MONEY_UNIT;
  if (k >= BIDS.length) bidsBetween(amount, amount);
  return BIDS[k] as BidAction;
}

/**
 * `{ type: 'bid', amount }`: a multiple of $1,000, at least the minimum bid, strictly above
 * the high bid and at most the bidder's money. Lists every such amount.
 * @public
 */
export const bid: StAugustineActionHandler<BidAction> = {
  description: 'Bid an amount in the auction.',
  traits: {
    fields: { amount: 'integer' },
    amount: { field: 'amount', bounds: 'listed', step: MONEY_UNIT, ascending: true },
    // A bid reveals and draws nothing: a seat may take it back (core's `takeBack`).
    undoable: true,
  },
  parse: bidInput,
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
        `bid ${formatMoney(amount)} does not beat the high bid ${formatMoney(auction.highBid)}: bid at least ${formatMoney(lowestBid(auction.highBid, minimum))}`,
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
    const from = lowestBidOf(state, seat, ctx.options.minimumBid);
    if (from < 0) return NO_BIDS;
    const to = highestBidOf(state, seat);
    return bidCount(from, to) > 0 ? bidsBetween(from, to) : NO_BIDS;
  },
  enumerateShared(state, seat, ctx) {
    const from = lowestBidOf(state, seat, ctx.options.minimumBid);
    if (from < 0) return NO_BIDS;
    const to = highestBidOf(state, seat);
    return bidCount(from, to) > 0 ? sharedBids(from, to) : NO_BIDS;
  },
  // The same bounds as `enumerate` (one function for each rule), as one range: the work of a
  // compact legal action set does not grow with the bidder's money.
  enumerateCompact(state, seat, ctx) {
    const from = lowestBidOf(state, seat, ctx.options.minimumBid);
    if (from < 0) return NO_ENTRIES;
    const to = highestBidOf(state, seat);
    return bidCount(from, to) > 0 ? bidRange(from, to) : NO_ENTRIES;
  },
  count(state, seat, ctx) {
    const from = lowestBidOf(state, seat, ctx.options.minimumBid);
    return from < 0 ? 0 : bidCount(from, highestBidOf(state, seat));
  },
};
