import { resolveRaid } from '../battle/raid.js';
import type { Effect } from '../context.js';
import { checkMarker } from './check-params.js';

/**
 * Params of `raidStrike`: the raiding marker.
 * @public
 */
export interface RaidStrikeParams {
  readonly marker: 'pirate' | 'raid';
}

/** Pirates or an Indian Raid attack the settlement under the marker with 1D3 combatants. */
export const raidStrike: Effect<RaidStrikeParams> = Object.assign(
  (ctx: Parameters<Effect<RaidStrikeParams>>[0], params: RaidStrikeParams) =>
    resolveRaid(ctx, params.marker),
  { checkParams: (params: unknown) => checkMarker(params, ['pirate', 'raid']) },
);
