import type { ParsedAction } from '@ruleloom/core';
import type {
  attackInput,
  chooseCasualtyInput,
  declineAttackInput,
  endActionInput,
  moveCombatantInput,
  moveInput,
  skipTransferInput,
  transferInput,
} from './parse.js';

/**
 * Move the pawn by one of the two rolled dice (`die` 0 or 1) (declared by {@link moveInput}).
 * @public
 */
export type MoveAction = ParsedAction<typeof moveInput>;

/**
 * Attack the settlement landed on, committing these combatants (instance ids) (declared by {@link attackInput}).
 * @public
 */
export type AttackAction = ParsedAction<typeof attackInput>;

/**
 * Do not attack (declared by {@link declineAttackInput}).
 * @public
 */
export type DeclineAttackAction = ParsedAction<typeof declineAttackInput>;

/**
 * The battle's winner chooses which combatant to lose (declared by {@link chooseCasualtyInput}).
 * @public
 */
export type ChooseCasualtyAction = ParsedAction<typeof chooseCasualtyInput>;

/**
 * After a conquest: move this surviving committed combatant onto the conquered settlement (declared by {@link transferInput}).
 * @public
 */
export type TransferAction = ParsedAction<typeof transferInput>;

/**
 * After a conquest: move no combatant onto the conquered settlement (declared by {@link skipTransferInput}).
 * @public
 */
export type SkipTransferAction = ParsedAction<typeof skipTransferInput>;

/**
 * Move a movable combatant one step to an adjacent settlement the player controls (`to` a space number) (declared by {@link moveCombatantInput}).
 * @public
 */
export type MoveCombatantAction = ParsedAction<typeof moveCombatantInput>;

/**
 * End the action (no more combatant moves) (declared by {@link endActionInput}).
 * @public
 */
export type EndActionAction = ParsedAction<typeof endActionInput>;

/**
 * Every decision of Colonial Florida.
 * @public
 */
export type ColonialFloridaAction =
  | MoveAction
  | AttackAction
  | DeclineAttackAction
  | ChooseCasualtyAction
  | TransferAction
  | SkipTransferAction
  | MoveCombatantAction
  | EndActionAction;
