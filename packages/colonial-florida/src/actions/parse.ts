import { describeValue, parseFields, standardSchema } from '@ruleloom/core';
import * as v from 'valibot';

/** A card instance id field, with one message for every failure. */
function card(type: string, what: string) {
  return standardSchema(v.string(`'${type}' needs 'card': ${what}`));
}

/**
 * The input of `{ type: 'move', die }`, declared once: the action type, its run-time check
 * and its `malformed_action` messages derive from it.
 * @public
 */
export const moveInput = parseFields('move', {
  /** Which of the two rolled dice to move by. */
  die: standardSchema(
    v.picklist(
      [0, 1] as const,
      (i) =>
        `'move' needs 'die': 0 or 1 (which of the two rolled dice), got ${describeValue(i.input)}`,
    ),
  ),
});

const commitMessage =
  "'attack' needs 'commit': a list of combatant instance ids such as ['soldiers#1']";

/**
 * The input of `{ type: 'attack', commit }`, declared once.
 * @public
 */
export const attackInput = parseFields('attack', {
  /** The combatants committed (instance ids). */
  commit: standardSchema(v.pipe(v.array(v.string(commitMessage), commitMessage), v.readonly())),
});

/**
 * The input of `{ type: 'declineAttack' }` (no fields), declared once.
 * @public
 */
export const declineAttackInput = parseFields('declineAttack', {});

/**
 * The input of `{ type: 'chooseCasualty', card }`, declared once.
 * @public
 */
export const chooseCasualtyInput = parseFields('chooseCasualty', {
  /** The combatant lost. */
  card: card('chooseCasualty', "a card instance id such as 'soldiers#1'"),
});

/**
 * The input of `{ type: 'transfer', card }`, declared once.
 * @public
 */
export const transferInput = parseFields('transfer', {
  /** The surviving committed combatant moved onto the conquered settlement. */
  card: card('transfer', "a card instance id such as 'soldiers#1'"),
});

/**
 * The input of `{ type: 'skipTransfer' }` (no fields), declared once.
 * @public
 */
export const skipTransferInput = parseFields('skipTransfer', {});

/**
 * The input of `{ type: 'moveCombatant', card, to }`, declared once.
 * @public
 */
export const moveCombatantInput = parseFields('moveCombatant', {
  /** The movable combatant. */
  card: card('moveCombatant', "a combatant instance id such as 'warship#2'"),
  /** The space number of the destination settlement. */
  to: standardSchema(
    v.pipe(
      v.number("'moveCombatant' needs 'to': the space number of the destination settlement"),
      v.integer("'moveCombatant' needs 'to': the space number of the destination settlement"),
    ),
  ),
});

/**
 * The input of `{ type: 'endAction' }` (no fields), declared once.
 * @public
 */
export const endActionInput = parseFields('endAction', {});
