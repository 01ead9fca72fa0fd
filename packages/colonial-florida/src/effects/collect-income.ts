import type { Effect } from '../context.js';
import { settlementIncome } from '../rules/income.js';
import type { PlayerState } from '../state.js';

/** Whether a pawn of another seat than `seat` stands on `space`. */
function occupiedByOpponent(players: readonly PlayerState[], seat: number, space: number): boolean {
  for (let p = 0; p < players.length; p++)
    if (p !== seat && (players[p] as PlayerState).pawn === space) return true;
  return false;
}

/**
 * Income phase: every controlled settlement without Raze markers and without an opposing pawn
 * on its space pays its controller (see `settlementIncome`). The pawns are looked at only for
 * the settlements that would pay (a few each turn).
 */
export const collectIncome: Effect = (ctx) => {
  const s = ctx.state;
  const settlements = s.settlements;
  const players = s.players;
  for (let i = 0; i < settlements.length; i++) {
    const settlement = settlements[i] as (typeof settlements)[number];
    const seat = settlement.controller;
    if (seat === null) continue;
    if (settlement.raze > 0) {
      if (ctx.recording)
        ctx.emit({ type: 'noIncome', seat, space: settlement.space, reason: 'razed' });
      continue;
    }
    if (occupiedByOpponent(players, seat, settlement.space)) {
      if (ctx.recording)
        ctx.emit({ type: 'noIncome', seat, space: settlement.space, reason: 'occupied' });
      continue;
    }
    const amount = settlementIncome(ctx, settlement.cards);
    const player = players[seat] as PlayerState;
    player.gold += amount;
    if (ctx.recording)
      ctx.emit({ type: 'income', seat, space: settlement.space, amount, gold: player.gold });
  }
};
