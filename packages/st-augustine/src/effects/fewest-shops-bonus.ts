import { checkParamFields } from '@ruleloom/core';
import type { BonusParams } from '../cards/card.js';
import type { StAugustineEffect } from '../context.js';
import { payLowest } from '../rules/pay-lowest.js';
import { bonusParams } from './check-params.js';

/**
 * Attraction effect: the player with the fewest shops earns `amount`. On a tie for fewest,
 * `tieRule: 'all'` pays each tied player, `'none'` pays nobody.
 * @public
 */
export const fewestShopsBonus: StAugustineEffect<BonusParams> = Object.assign(
  (ctx: Parameters<StAugustineEffect<BonusParams>>[0], params: BonusParams) => {
    payLowest(ctx, params.amount, 'shops', 'fewestShopsBonus');
  },
  { checkParams: checkParamFields(bonusParams) },
);
