import { checkParamFields } from '@ruleloom/core';
import type { PlayerState } from '../state.js';
import type { StreetIncomeParams } from '../cards/card.js';
import type { StAugustineEffect } from '../context.js';
import { shopIndex, tallyOf } from '../rules/holdings.js';
import { attractionPayout } from '../rules/formulas.js';
import { attractionReason, payFromBank } from '../rules/pay.js';
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
    const players = ctx.state.players;
    const reason = attractionReason(ctx, 'streetIncome');
    for (let seat = 0; seat < players.length; seat++) {
      const n = tallyOf(index, seat, (players[seat] as PlayerState).shops).byStreet[k] as number;
      payFromBank(ctx, seat, attractionPayout(n, params.amount), reason);
    }
  },
  { checkParams: checkParamFields(streetIncomeParams) },
);
