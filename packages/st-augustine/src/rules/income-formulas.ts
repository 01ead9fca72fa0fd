import type { MonopolyParams } from '../effects/monopoly-bonus.js';
import type { RevenueParams } from '../effects/pay-revenue.js';
import type { StreetBonusParams } from '../effects/pay-street-bonus.js';

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

/** The street bonus of `n` shops that earn one ({@link earnsStreetBonus}). */
export function streetBonusFor(n: number, othersBest: number, params: StreetBonusParams): number {
  return n * (n > othersBest ? params.majority : params.tie);
}

/** The monopoly bonus for `n` shops of one type. */
export function monopolyFor(n: number, params: MonopolyParams): number {
  const table = params.table;
  return table[Math.min(n, table.length - 1)] ?? 0;
}

interface StepLike {
  readonly type: string;
  readonly params?: unknown;
}

/**
 * The income params of a phase table: the params of its first `payRevenue`,
 * `payStreetBonus` and `monopolyBonus` steps.
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
    throw new Error(`the phase table has no '${type}' step`);
  };
  return {
    revenue: find('payRevenue') as RevenueParams,
    streetBonus: find('payStreetBonus') as StreetBonusParams,
    monopoly: find('monopolyBonus') as MonopolyParams,
  };
}
