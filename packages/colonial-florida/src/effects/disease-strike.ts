import { checkParamFields, type FieldsOutput } from '@ruleloom/core';
import type { Effect } from '../context.js';
import { combatantsOf, destroyCard, razeSettlement, settlementAt } from '../rules/board.js';
import { cardInfo } from '../rules/card-info.js';
import { markerSpace } from '../rules/markers.js';
import type { MarkerName } from '../state.js';
import { rollD6 } from '../rules/roll.js';
import { markerParams } from './check-params.js';

/**
 * Disease on the settlement under the marker: 1D6 Raze markers, then 1D6 for every attached
 * combatant except Fortresses; on 1-2 it is killed.
 */
export const diseaseStrike: Effect<FieldsOutput<typeof markerParams>> = Object.assign(
  (
    ctx: Parameters<Effect<{ readonly marker: MarkerName }>>[0],
    params: { readonly marker: MarkerName },
  ) => {
    const settlement = settlementAt(ctx.state, ctx, markerSpace(ctx.state.markers, params.marker));
    if (settlement === undefined) return;
    razeSettlement(ctx, settlement, params.marker);
    for (const card of combatantsOf(ctx, settlement)) {
      if (cardInfo(ctx, card).indestructible) continue;
      if (rollD6(ctx, ctx.recording ? `disease:${card}` : undefined) <= 2)
        destroyCard(ctx, settlement, card, 'disease');
    }
  },
  { checkParams: checkParamFields(markerParams) },
);
