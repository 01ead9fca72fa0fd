import { checkParamFields } from '@ruleloom/core';
import type { PlayerState } from '../state.js';
import type { ShopIncomeParams } from '../cards/card.js';
import type { StAugustineEffect } from '../context.js';
import { attractionPayout } from '../rules/formulas.js';
import { attractionReason, payFromBank } from '../rules/pay.js';
import { shopIncomeParams } from './check-params.js';

/**
 * Attraction effect: every player earns `amount` per shop they own, on any street.
 * @public
 */
export const shopIncome: StAugustineEffect<ShopIncomeParams> = Object.assign(
  (ctx: Parameters<StAugustineEffect<ShopIncomeParams>>[0], params: ShopIncomeParams) => {
    const s = ctx.state;
    const reason = attractionReason(ctx, 'shopIncome');
    for (let seat = 0; seat < s.players.length; seat++) {
      const shops = (s.players[seat] as PlayerState).shops.length;
      payFromBank(ctx, seat, attractionPayout(shops, params.amount), reason);
    }
  },
  { checkParams: checkParamFields(shopIncomeParams) },
);
