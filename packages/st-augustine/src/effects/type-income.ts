import { checkParamFields } from '@ruleloom/core';
import type { PlayerState } from '../state.js';
import type { TypeIncomeParams } from '../cards/card.js';
import type { StAugustineEffect } from '../context.js';
import { shopIndex, tallyOf } from '../rules/holdings.js';
import { attractionPayout } from '../rules/formulas.js';
import { attractionReason, payFromBank } from '../rules/pay.js';
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
    const players = ctx.state.players;
    const reason = attractionReason(ctx, 'typeIncome');
    for (let seat = 0; seat < players.length; seat++) {
      const n = tallyOf(index, seat, (players[seat] as PlayerState).shops).byType[k] as number;
      payFromBank(ctx, seat, attractionPayout(n, params.amount), reason);
    }
  },
  { checkParams: checkParamFields(typeIncomeParams) },
);
