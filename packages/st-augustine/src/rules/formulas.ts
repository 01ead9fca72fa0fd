import { nextClockwise } from '@ruleloom/core';
import type { MonopolyParams, RevenueParams, StreetBonusParams } from '../effects/check-params.js';
import { MONEY_UNIT } from '../money.js';

// Every rule formula of St. Augustine, once: the effects and actions (the engine), the
// typed-array forward model and the heuristic all call these. Each takes the params it
// reads (phase params, effect params, options) as arguments.

/**
 * The params of the three income phases (revenue, street bonus, monopoly), as the phase
 * table gives them: what the effects pay and what the heuristic expects to be paid.
 * @public
 */
export interface IncomeParams {
  readonly revenue: RevenueParams;
  readonly streetBonus: StreetBonusParams;
  readonly monopoly: MonopolyParams;
}

/** The lowest bid allowed now: `minimumBid`, or one {@link MONEY_UNIT} above the high bid. */
export function lowestBid(highBid: number | null, minimumBid: number): number {
  return highBid === null ? minimumBid : Math.max(minimumBid, highBid + MONEY_UNIT);
}

/** The highest bid a player can make: their money, down to a whole {@link MONEY_UNIT}. */
export function highestBid(money: number): number {
  return money - (money % MONEY_UNIT);
}

/** How many bids lie from `lowest` to `highest`, one {@link MONEY_UNIT} apart (0 when none). */
export function bidCount(lowest: number, highest: number): number {
  return highest >= lowest ? (highest - lowest) / MONEY_UNIT + 1 : 0;
}

/**
 * The seat that has the next call after `seat`: the next one clockwise still in the auction
 * (`seat` itself last), or null when nobody is.
 */
export function nextInAuction(
  seat: number,
  players: number,
  stillIn: (seat: number) => boolean,
): number | null {
  return nextClockwise(seat, players, stillIn) ?? null;
}

/**
 * {@link nextInAuction} when the seats still in are listed in seat order (as the state keeps
 * them): the first listed after `seat`, else the first listed (`seat` itself last), or null
 * when the list is empty. No predicate, no search over every seat.
 */
export function nextListed(seat: number, stillIn: readonly number[]): number | null {
  for (let i = 0; i < stillIn.length; i++) {
    const other = stillIn[i] as number;
    if (other > seat) return other;
  }
  return stillIn.length > 0 ? (stillIn[0] as number) : null;
}

/**
 * How an auction stands after a call: `'unsold'` when everybody passed (the shop is
 * discarded), `'sold'` when only the high bidder is left (they pay their high bid and take
 * the shop), otherwise `'open'` (the call goes on, {@link nextInAuction}). `stillIn` is how
 * many players are still in (any number from 2 up reads the same).
 */
export function auctionOutcome(
  stillIn: number,
  highBidder: number | null,
  highBidderStillIn: boolean,
): 'unsold' | 'sold' | 'open' {
  if (stillIn === 0) return 'unsold';
  return highBidder !== null && stillIn === 1 && highBidderStillIn ? 'sold' : 'open';
}

/** Revenue for a number of shops. */
export function revenueFor(shops: number, params: RevenueParams): number {
  return shops * params.perShop;
}

/**
 * Whether `n` shops on a street earn a street bonus when the other players hold at most
 * `othersBest` there: at least `minShops`, and no other player holds more.
 */
export function earnsStreetBonus(
  n: number,
  othersBest: number,
  params: StreetBonusParams,
): boolean {
  return n >= params.minShops && n >= othersBest;
}

/**
 * The street bonus of `n` shops on a street where the other players hold at most
 * `othersBest`: `majority` per shop when strictly ahead, `tie` per shop when tied, 0 when
 * they earn none ({@link earnsStreetBonus}).
 */
export function streetBonusFor(n: number, othersBest: number, params: StreetBonusParams): number {
  if (!earnsStreetBonus(n, othersBest, params)) return 0;
  return n * (n > othersBest ? params.majority : params.tie);
}

/**
 * The monopoly bonus for `n` shops of one type: `table[n]` (beyond the table's end, its last
 * entry); nothing for a type the player does not own.
 */
export function monopolyFor(n: number, params: MonopolyParams): number {
  if (n <= 0) return 0;
  const table = params.table;
  return table[Math.min(n, table.length - 1)] ?? 0;
}

/** An income attraction's payout to a player with `shops` matching shops: `amount` per shop. */
export function attractionPayout(shops: number, amount: number): number {
  return shops * amount;
}

/**
 * Who earns a least-money or fewest-shops bonus: the `measure` (money or shop count) that is
 * paid, the lowest of all seats, or undefined when nobody is paid (a tie with `tieRule`
 * `'none'`). Every seat whose measure equals it earns the bonus's `amount`.
 */
export function lowestPaid(
  players: number,
  measure: (seat: number) => number,
  tieRule: 'all' | 'none',
): number | undefined {
  let lowest = Infinity;
  let tied = 0;
  for (let seat = 0; seat < players; seat++) {
    const v = measure(seat);
    if (v < lowest) {
      lowest = v;
      tied = 1;
    } else if (v === lowest) tied++;
  }
  if (tied === 0 || (tied > 1 && tieRule === 'none')) return undefined;
  return lowest;
}

interface StepLike {
  readonly type: string;
  readonly params?: unknown;
}

/** What a phase table without the step pays: nothing. */
const NO_INCOME: IncomeParams = {
  revenue: { perShop: 0 },
  streetBonus: { minShops: 1, majority: 0, tie: 0 },
  monopoly: { table: [0] },
};

/**
 * The income params of a phase table (a game's or variant's `phases`): the params of its
 * first `payRevenue`, `payStreetBonus` and `monopolyBonus` steps; a table without one of
 * those steps pays nothing for it.
 * @public
 */
export function incomeParams(
  phases: readonly { readonly steps?: readonly unknown[] }[],
): IncomeParams {
  const find = (type: string): unknown => {
    for (const phase of phases)
      for (const step of phase.steps ?? []) {
        const s = step as StepLike;
        if (typeof s === 'object' && s !== null && s.type === type) return s.params;
      }
    return undefined;
  };
  return {
    revenue: (find('payRevenue') as RevenueParams | undefined) ?? NO_INCOME.revenue,
    streetBonus: (find('payStreetBonus') as StreetBonusParams | undefined) ?? NO_INCOME.streetBonus,
    monopoly: (find('monopolyBonus') as MonopolyParams | undefined) ?? NO_INCOME.monopoly,
  };
}
