import { checkParamFields } from '@ruleloom/core';
import type { TypeIncomeParams } from '../cards/card.js';
import type { StAugustineEffect } from '../context.js';
import { payPerShopIn, shopIndex } from '../rules/holdings.js';
import { typeIncomeParams } from './check-params.js';

/**
 * Attraction effect: every player earns `amount` per shop of `shopType` they own.
 * @public
 */
export const typeIncome: StAugustineEffect<TypeIncomeParams> = Object.assign(
  (ctx: Parameters<StAugustineEffect<TypeIncomeParams>>[0], params: TypeIncomeParams) => {
    const index = shopIndex(ctx.cards);
    const k = index.shopTypes.indexOf(params.shopType);
    if (k < 0) return; // no shop of that type: nobody earns anything
    payPerShopIn(ctx, 'typeIncome', 'byType', k, params.amount);
  },
  { checkParams: checkParamFields(typeIncomeParams) },
);
