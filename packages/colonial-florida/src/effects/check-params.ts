import { describeValue, parseDice, standardSchema } from '@ruleloom/core';
import * as v from 'valibot';
import { MARKER_NAMES } from '../state.js';

/** A param naming one of the given markers. */
function marker<const TNames extends readonly (typeof MARKER_NAMES)[number][]>(allowed: TNames) {
  return standardSchema(
    v.picklist(
      allowed,
      (issue) => `marker must be one of ${allowed.join(', ')}, got ${describeValue(issue.input)}`,
    ),
  );
}

/** A whole-number param of at least `min`. */
function whole(field: string, min: number) {
  const message = `${field} must be a whole number of at least ${String(min)}`;
  return standardSchema(v.pipe(v.number(message), v.integer(message), v.minValue(min, message)));
}

/** A true-or-false param. */
function flag(field: string) {
  return standardSchema(v.boolean(`${field} must be true or false`));
}

/** What a bad dice param says, with what was received. */
function diceMessage(issue: { readonly input: unknown }): string {
  return `dice must be a dice expression like '3d6', got ${describeValue(issue.input)}`;
}

/**
 * The params of `hurricaneStrike` and `diseaseStrike`, declared once.
 * @public
 */
export const markerParams = {
  /** The marker whose space is struck. */
  marker: marker(MARKER_NAMES),
};

/**
 * The params of `raidStrike`, declared once.
 * @public
 */
export const raidStrikeParams = {
  /** The raiding marker. */
  marker: marker(['pirate', 'raid'] as const),
};

/**
 * The params of `moveMarker`, declared once.
 * @public
 */
export const moveMarkerParams = {
  /** The marker to move. */
  marker: marker(MARKER_NAMES),
  /** The dice that say how far (`'1d6'`, `'2d6'`). */
  dice: standardSchema(
    v.pipe(
      v.string(diceMessage),
      v.check((text) => parseDice(text) !== undefined, diceMessage),
    ),
  ),
};

/**
 * The params of the `income` card effect, declared once.
 * @public
 */
export const incomeParams = {
  /** How many income cards this card counts as (a Provincial Capitol: 2). */
  count: whole('count', 0),
};

/**
 * The params of the `incomePenalty` card effect, declared once.
 * @public
 */
export const incomePenaltyParams = {
  /** Gold the settlement earns less. */
  amount: whole('amount', 0),
};

/**
 * The params of the `combatant` card effect, declared once.
 * @public
 */
export const combatantParams = {
  /** Moves one step per action to an adjacent settlement of its controller (M cards). */
  movable: flag('movable'),
  /** May be committed to an attack (false for a Fortress). */
  canAttack: flag('canAttack'),
  /** Never destroyed; changes hands with its settlement (a Fortress). */
  indestructible: flag('indestructible'),
};
