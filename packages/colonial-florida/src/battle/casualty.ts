import type { Ctx, Rules } from '../context.js';
import { beginCombatantMoves } from '../rules/action-flow.js';
import { cardInfo } from '../rules/card-info.js';
import { rollD6 } from '../rules/roll.js';
import type { PendingCasualty } from '../state.js';
import { beginTransfer } from './transfer.js';

/**
 * The combatants a battle's winner may lose: not a Fortress, and never the last of the
 * winner's combatants in the battle (a Fortress counts toward "last").
 */
export function casualtyCandidates(rules: Rules, inBattle: readonly string[]): string[] {
  if (inBattle.length < 2) return [];
  return inBattle.filter((id) => !cardInfo(rules, id).indestructible);
}

/**
 * The winner's casualty roll: when a loss is possible, roll 1D6; on 1-3 the winner must
 * choose a casualty. Returns true when that decision is now pending.
 */
export function rollCasualty(ctx: Ctx, decision: Omit<PendingCasualty, 'type'>): boolean {
  if (decision.candidates.length === 0) return false;
  const total = rollD6(ctx, 'casualty');
  if (total > 3) return false;
  ctx.state.pending = { type: 'chooseCasualty', ...decision };
  return true;
}

/** What follows a chosen casualty: the transfer, the rest of the action, or the next board phase. */
export function afterCasualty(ctx: Ctx, decision: PendingCasualty, lost: string): void {
  if (decision.attacker === null) {
    ctx.state.pending = null;
    return;
  }
  if (decision.attackerWon) {
    beginTransfer(
      ctx,
      decision.attacker,
      decision.target,
      decision.committed.filter((id) => id !== lost),
    );
    return;
  }
  beginCombatantMoves(ctx, decision.attacker);
}
