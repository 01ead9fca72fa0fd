import { checkParamFields } from '@ruleloom/core';
import type { BonusParams } from '../cards/card.js';
import type { StAugustineEffect } from '../context.js';
import { payLowest } from '../rules/pay-lowest.js';
import { bonusParams } from './check-params.js';

/**
 * Attraction effect: the player with the least money earns `amount`. On a tie for least,
 * `tieRule: 'all'` pays each tied player, `'none'` pays nobody.
 * @public
 */
export const leastMoneyBonus: StAugustineEffect<BonusParams> = Object.assign(
  (ctx: Parameters<StAugustineEffect<BonusParams>>[0], params: BonusParams) => {
    payLowest(ctx, params.amount, 'money', 'leastMoneyBonus');
  },
  { checkParams: checkParamFields(bonusParams) },
);
