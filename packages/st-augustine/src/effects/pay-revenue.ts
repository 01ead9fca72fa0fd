import { checkParamFields, type FieldsOutput } from '@ruleloom/core';
import type { StAugustineEffect } from '../context.js';
import { revenueFor } from '../rules/income-formulas.js';
import { payFromBank } from '../rules/pay.js';
import { revenueParams } from './check-params.js';

/**
 * Params of the `payRevenue` effect (declared by {@link revenueParams}).
 * @public
 */
export type RevenueParams = FieldsOutput<typeof revenueParams>;

/**
 * Revenue phase: the current player gains `perShop` for each shop they own.
 * @public
 */
export const payRevenue: StAugustineEffect<RevenueParams> = Object.assign(
  (ctx: Parameters<StAugustineEffect<RevenueParams>>[0], params: RevenueParams) => {
    const seat = ctx.state.current;
    const shops = ctx.state.players[seat]?.shops.length ?? 0;
    payFromBank(ctx, seat, revenueFor(shops, params), 'revenue');
  },
  { checkParams: checkParamFields(revenueParams) },
);
