import { checkParamFields, type FieldsOutput } from '@ruleloom/core';
import type { Effect } from '../context.js';
import { combatantParams } from './check-params.js';

/**
 * Params of the `combatant` card effect (declared by {@link combatantParams}).
 * @public
 */
export type CombatantParams = FieldsOutput<typeof combatantParams>;

/** The `combatant` card effect; declarative, read by battles, raids, hazards and movement. */
export const combatant: Effect<CombatantParams> = Object.assign(() => undefined, {
  checkParams: checkParamFields(combatantParams),
});
