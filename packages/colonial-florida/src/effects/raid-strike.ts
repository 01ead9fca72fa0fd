import { checkParamFields, type FieldsOutput } from '@ruleloom/core';
import { resolveRaid } from '../battle/raid.js';
import type { Effect } from '../context.js';
import { raidStrikeParams } from './check-params.js';

/**
 * Params of `raidStrike`: the raiding marker (declared by {@link raidStrikeParams}).
 * @public
 */
export type RaidStrikeParams = FieldsOutput<typeof raidStrikeParams>;

/** Pirates or an Indian Raid attack the settlement under the marker with 1D3 combatants. */
export const raidStrike: Effect<RaidStrikeParams> = Object.assign(
  (ctx: Parameters<Effect<RaidStrikeParams>>[0], params: RaidStrikeParams) =>
    resolveRaid(ctx, params.marker),
  { checkParams: checkParamFields(raidStrikeParams) },
);
