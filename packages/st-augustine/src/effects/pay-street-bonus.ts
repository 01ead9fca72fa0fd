import type { StAugustineEffect } from '../context.js';
import { countOnStreet, groupCounts } from '../rules/holdings.js';
import { payFromBank } from '../rules/pay.js';
import { checkMoneyField, paramsChecker } from './check-params.js';

/**
 * Params of the `payStreetBonus` effect.
 * @public
 */
export interface StreetBonusParams {
  /** The fewest shops on a street that can earn a bonus (2 by the rules). */
  readonly minShops: number;
  /** Dollars per shop when the current player owns strictly the most shops on the street. */
  readonly majority: number;
  /** Dollars per shop when tied with another player for the most. */
  readonly tie: number;
}

/**
 * Street Bonus phase: for each street where the current player owns at least `minShops`
 * shops, they gain `majority` per shop if they own strictly more there than every other
 * player, `tie` per shop if tied for the most. Nobody else gains anything.
 * @public
 */
export const payStreetBonus: StAugustineEffect<StreetBonusParams> = Object.assign(
  (ctx: Parameters<StAugustineEffect<StreetBonusParams>>[0], params: StreetBonusParams) => {
    const s = ctx.state;
    const seat = s.current;
    const mine = groupCounts(ctx, s.players[seat]?.shops ?? [], 'street');
    for (const [street, n] of mine) {
      if (n < params.minShops) continue;
      let best = 0;
      for (let other = 0; other < s.players.length; other++) {
        if (other === seat) continue;
        best = Math.max(
          best,
          countOnStreet(ctx, (s.players[other] as { shops: string[] }).shops, street),
        );
      }
      if (n > best) payFromBank(ctx, seat, n * params.majority, `streetBonus:${street}`);
      else if (n === best) payFromBank(ctx, seat, n * params.tie, `streetBonus:${street}`);
    }
  },
  {
    checkParams: paramsChecker((p) => {
      const problems = [
        ...checkMoneyField(p, 'majority', true),
        ...checkMoneyField(p, 'tie', true),
      ];
      if (typeof p.minShops !== 'number' || !Number.isInteger(p.minShops) || p.minShops < 1) {
        problems.push(
          `minShops must be a whole number of at least 1, got ${JSON.stringify(p.minShops) ?? 'nothing'}`,
        );
      }
      return problems;
    }),
  },
);
