import type { Ctx } from '../context.js';
import { beginCombatantMoves } from '../rules/action-flow.js';

/** Offers the conqueror the transfer of one surviving committed combatant (skipped when none survive). */
export function beginTransfer(ctx: Ctx, seat: number, target: number, survivors: string[]): void {
  if (survivors.length === 0) {
    beginCombatantMoves(ctx, seat);
    return;
  }
  ctx.state.pending = { type: 'transfer', seat, target, candidates: survivors };
}
