import { checkParamFields } from '@ruleloom/core';
import type { StAugustineEffect } from '../context.js';
import { revenueFor } from '../rules/formulas.js';
import { payFromBank, type PaymentReason } from '../rules/pay.js';
import { revenueParams, type RevenueParams } from './check-params.js';

export type { RevenueParams };

const REVENUE: PaymentReason = { type: 'revenue' };

/**
 * Revenue phase: the current player gains `perShop` for each shop they own.
 * @public
 */
export const payRevenue: StAugustineEffect<RevenueParams> = Object.assign(
  (ctx: Parameters<StAugustineEffect<RevenueParams>>[0], params: RevenueParams) => {
    const seat = ctx.state.current;
    const shops = ctx.state.players[seat]?.shops.length ?? 0;
    payFromBank(ctx, seat, revenueFor(shops, params), REVENUE);
  },
  { checkParams: checkParamFields(revenueParams) },
);
