import { checkParamFields, type FieldsOutput } from '@ruleloom/core';
import type { Effect } from '../context.js';
import { stepAround } from '../map/map.js';
import { layoutOf } from '../rules/board.js';
import { markerSpace, setMarkerSpace } from '../rules/markers.js';
import { diceOf, rollTotal } from '../rules/roll.js';
import { moveMarkerParams } from './check-params.js';

/**
 * Params of `moveMarker`: which marker, and the dice that say how far (declared by
 * {@link moveMarkerParams}).
 * @public
 */
export type MoveMarkerParams = FieldsOutput<typeof moveMarkerParams>;

/** Rolls the dice and moves a hazard marker that many spaces counterclockwise. */
export const moveMarker: Effect<MoveMarkerParams> = Object.assign(
  (ctx: Parameters<Effect<MoveMarkerParams>>[0], params: MoveMarkerParams) => {
    const s = ctx.state;
    const total = rollTotal(ctx, diceOf(params.dice), params.marker);
    const from = markerSpace(s.markers, params.marker);
    const to = stepAround(from, -total, layoutOf(ctx).size);
    setMarkerSpace(s.markers, params.marker, to);
    if (ctx.recording)
      ctx.emit({ type: 'markerMoved', marker: params.marker, from, to, spaces: total });
  },
  { checkParams: checkParamFields(moveMarkerParams) },
);
