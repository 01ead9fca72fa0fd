import { checkParamFields } from '@ruleloom/core';
import type { PlayerState } from '../state.js';
import type { TypeIncomeParams } from '../cards/card.js';
import type { StAugustineEffect } from '../context.js';
import { countOfType } from '../rules/holdings.js';
import { attractionPayout } from '../rules/formulas.js';
import { payFromBank } from '../rules/pay.js';
import { typeIncomeParams } from './check-params.js';

/**
 * Attraction effect: every player earns `amount` per shop of `shopType` they own.
 * @public
 */
export const typeIncome: StAugustineEffect<TypeIncomeParams> = Object.assign(
  (ctx: Parameters<StAugustineEffect<TypeIncomeParams>>[0], params: TypeIncomeParams) => {
    const s = ctx.state;
    const reason = { type: 'attractionPaid', card: s.flipped, effect: 'typeIncome' } as const;
    for (let seat = 0; seat < s.players.length; seat++) {
      const n = countOfType(ctx, (s.players[seat] as PlayerState).shops, params.shopType);
      payFromBank(ctx, seat, attractionPayout(n, params.amount), reason);
    }
  },
  { checkParams: checkParamFields(typeIncomeParams) },
);
