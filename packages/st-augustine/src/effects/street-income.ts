import { checkParamFields } from '@ruleloom/core';
import type { StreetIncomeParams } from '../cards/card.js';
import type { StAugustineEffect } from '../context.js';
import { payPerShopIn, shopIndex } from '../rules/holdings.js';
import { streetIncomeParams } from './check-params.js';

/**
 * Attraction effect: every player earns `amount` per shop they own on `street`.
 * @public
 */
export const streetIncome: StAugustineEffect<StreetIncomeParams> = Object.assign(
  (ctx: Parameters<StAugustineEffect<StreetIncomeParams>>[0], params: StreetIncomeParams) => {
    const index = shopIndex(ctx.cards);
    const k = index.streets.indexOf(params.street);
    if (k < 0) return; // no shop on that street: nobody earns anything
    payPerShopIn(ctx, 'streetIncome', 'byStreet', k, params.amount);
  },
  { checkParams: checkParamFields(streetIncomeParams) },
);
