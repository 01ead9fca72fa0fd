import type { Effect } from '../context.js';
import { checkKeys } from './check-params.js';

/**
 * Params of the `combatant` card effect.
 * @public
 */
export interface CombatantParams {
  /** Moves one step per action to an adjacent settlement of its controller (M cards). */
  readonly movable: boolean;
  /** May be committed to an attack (false for a Fortress). */
  readonly canAttack: boolean;
  /** Never destroyed; changes hands with its settlement (a Fortress). */
  readonly indestructible: boolean;
}

/** The `combatant` card effect; declarative, read by battles, raids, hazards and movement. */
export const combatant: Effect<CombatantParams> = Object.assign(() => undefined, {
  checkParams(params: unknown): string[] {
    const keys = ['movable', 'canAttack', 'indestructible'];
    const problems = checkKeys(params, keys);
    if (problems.length > 0) return problems;
    const p = params as Record<string, unknown>;
    return keys.filter((k) => typeof p[k] !== 'boolean').map((k) => `${k} must be true or false`);
  },
});
