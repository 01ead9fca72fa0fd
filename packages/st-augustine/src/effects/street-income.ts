import { checkParamFields } from '@ruleloom/core';
import type { PlayerState } from '../state.js';
import type { StreetIncomeParams } from '../cards/card.js';
import type { StAugustineEffect } from '../context.js';
import { countOnStreet } from '../rules/holdings.js';
import { attractionPayout } from '../rules/formulas.js';
import { payFromBank } from '../rules/pay.js';
import { streetIncomeParams } from './check-params.js';

/**
 * Attraction effect: every player earns `amount` per shop they own on `street`.
 * @public
 */
export const streetIncome: StAugustineEffect<StreetIncomeParams> = Object.assign(
  (ctx: Parameters<StAugustineEffect<StreetIncomeParams>>[0], params: StreetIncomeParams) => {
    const s = ctx.state;
    const reason = { type: 'attractionPaid', card: s.flipped, effect: 'streetIncome' } as const;
    for (let seat = 0; seat < s.players.length; seat++) {
      const n = countOnStreet(ctx, (s.players[seat] as PlayerState).shops, params.street);
      payFromBank(ctx, seat, attractionPayout(n, params.amount), reason);
    }
  },
  { checkParams: checkParamFields(streetIncomeParams) },
);
