import { attackCandidates } from '../battle/eligibility.js';
import type { Ctx } from '../context.js';
import type { PlayerState, SettlementState } from '../state.js';
import { beginCombatantMoves } from './action-flow.js';
import { drawCard, layoutOf } from './board.js';
import { rollD6 } from './roll.js';

/** Draws one enhancement and attaches it to the settlement (nothing when deck and discard are empty). */
function attachDrawn(ctx: Ctx, seat: number, settlement: SettlementState): void {
  const card = drawCard(ctx);
  if (card === undefined) {
    if (ctx.recording) ctx.emit({ type: 'nothingToDraw', seat, space: settlement.space });
    return;
  }
  settlement.cards.push(card);
  if (ctx.recording) ctx.emit({ type: 'cardDrawn', seat, space: settlement.space, card });
}

/** The player's own settlement: repair (remove 1D6 Raze markers) or draw, by the `ownSettlement` option. */
function develop(ctx: Ctx, seat: number, settlement: SettlementState): void {
  if (settlement.raze > 0) {
    const total = rollD6(ctx, 'repair');
    const removed = Math.min(total, settlement.raze);
    settlement.raze -= removed;
    if (ctx.recording)
      ctx.emit({ type: 'repaired', seat, space: settlement.space, removed, raze: settlement.raze });
    if (ctx.options.ownSettlement === 'repairThenDraw' && settlement.raze === 0)
      attachDrawn(ctx, seat, settlement);
    return;
  }
  attachDrawn(ctx, seat, settlement);
}

/**
 * Resolves the space a pawn landed on: found an uncontrolled settlement, develop one's own,
 * or offer an attack on an opposing one; then the combatant moves.
 */
export function landOn(ctx: Ctx, seat: number, space: number): void {
  const state = ctx.state;
  const index = layoutOf(ctx).settlementIndex[space] ?? -1;
  const player = state.players[seat] as PlayerState;
  if (index >= 0) {
    const settlement = state.settlements[index] as SettlementState;
    if (settlement.controller === null) {
      if (player.markersLeft > 0) {
        settlement.controller = seat;
        player.markersLeft -= 1;
        if (ctx.recording) ctx.emit({ type: 'founded', seat, space });
      } else {
        if (ctx.recording)
          ctx.emit({ type: 'cannotFound', seat, space, reason: 'no control marker left' });
      }
    } else if (settlement.controller === seat) {
      develop(ctx, seat, settlement);
    } else if (player.markersLeft > 0) {
      const eligible = attackCandidates(state, ctx, seat, index);
      if (eligible.length > 0) {
        state.pending = { type: 'attack', seat, target: space, eligible };
        return;
      }
    }
  }
  beginCombatantMoves(ctx, seat);
}
