import { checkParamFields, type FieldsOutput } from '@ruleloom/core';
import type { Effect } from '../context.js';
import { destroyCard, razeSettlement, settlementAt } from '../rules/board.js';
import { cardInfo } from '../rules/card-info.js';
import { markerSpace } from '../rules/markers.js';
import type { MarkerName } from '../state.js';
import { rollD6 } from '../rules/roll.js';
import { markerParams } from './check-params.js';

/**
 * A hurricane on the settlement under the marker: 1D6 Raze markers, then 1D6 for every
 * attached card (income, special and combatant alike); on a 1 it is destroyed. Fortresses
 * are never destroyed, so no die is rolled for them.
 */
export const hurricaneStrike: Effect<FieldsOutput<typeof markerParams>> = Object.assign(
  (
    ctx: Parameters<Effect<{ readonly marker: MarkerName }>>[0],
    params: { readonly marker: MarkerName },
  ) => {
    const settlement = settlementAt(ctx.state, ctx, markerSpace(ctx.state.markers, params.marker));
    if (settlement === undefined) return;
    razeSettlement(ctx, settlement, params.marker);
    if (settlement.cards.length === 0) return;
    for (const card of settlement.cards.slice()) {
      if (cardInfo(ctx, card).indestructible) continue;
      if (rollD6(ctx, ctx.recording ? `damage:${card}` : undefined) === 1)
        destroyCard(ctx, settlement, card, 'hurricane');
    }
  },
  { checkParams: checkParamFields(markerParams) },
);
