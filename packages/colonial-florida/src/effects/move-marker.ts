import { parseDice, describeValue } from '@ruleloom/core';
import type { Effect } from '../context.js';
import { stepAround } from '../map/map.js';
import { layoutOf } from '../rules/board.js';
import type { MarkerName } from '../state.js';
import { checkKeys, checkMarker } from './check-params.js';

/**
 * Params of `moveMarker`: which marker, and the dice that say how far.
 * @public
 */
export interface MoveMarkerParams {
  readonly marker: MarkerName;
  readonly dice: string;
}

/** Rolls the dice and moves a hazard marker that many spaces counterclockwise. */
export const moveMarker: Effect<MoveMarkerParams> = Object.assign(
  (ctx: Parameters<Effect<MoveMarkerParams>>[0], params: MoveMarkerParams) => {
    const s = ctx.state;
    const total = ctx.random.rollTotal(params.dice, params.marker);
    const from = s.markers[params.marker];
    const to = stepAround(from, -total, layoutOf(ctx).size);
    s.markers[params.marker] = to;
    if (ctx.recording)
      ctx.emit({ type: 'markerMoved', marker: params.marker, from, to, spaces: total });
  },
  {
    checkParams(params: unknown): string[] {
      const problems = checkKeys(params, ['marker', 'dice']);
      if (problems.length > 0) return problems;
      const p = params as Record<string, unknown>;
      const marker = checkMarker({ marker: p.marker });
      const dice =
        typeof p.dice === 'string' && parseDice(p.dice) !== undefined
          ? []
          : [`dice must be a dice expression like '3d6', got ${describeValue(p.dice)}`];
      return [...marker, ...dice];
    },
  },
);
