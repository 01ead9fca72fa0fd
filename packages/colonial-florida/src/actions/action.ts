/**
 * Move the pawn by one of the two rolled dice (`die` 0 or 1).
 * @public
 */
export interface MoveAction {
  readonly type: 'move';
  readonly die: 0 | 1;
}

/**
 * Attack the settlement landed on, committing these combatants (instance ids).
 * @public
 */
export interface AttackAction {
  readonly type: 'attack';
  readonly commit: readonly string[];
}

/**
 * Do not attack.
 * @public
 */
export interface DeclineAttackAction {
  readonly type: 'declineAttack';
}

/**
 * The battle's winner chooses which combatant to lose.
 * @public
 */
export interface ChooseCasualtyAction {
  readonly type: 'chooseCasualty';
  readonly card: string;
}

/**
 * After a conquest: move this surviving committed combatant onto the conquered settlement.
 * @public
 */
export interface TransferAction {
  readonly type: 'transfer';
  readonly card: string;
}

/**
 * After a conquest: move no combatant onto the conquered settlement.
 * @public
 */
export interface SkipTransferAction {
  readonly type: 'skipTransfer';
}

/**
 * Move a movable combatant one step to an adjacent settlement the player controls (`to` a space number).
 * @public
 */
export interface MoveCombatantAction {
  readonly type: 'moveCombatant';
  readonly card: string;
  readonly to: number;
}

/**
 * End the action (no more combatant moves).
 * @public
 */
export interface EndActionAction {
  readonly type: 'endAction';
}

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
