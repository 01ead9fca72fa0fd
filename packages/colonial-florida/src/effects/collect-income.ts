import type { Effect } from '../context.js';
import { hasOpposingPawn } from '../rules/board.js';
import { settlementIncome } from '../rules/income.js';

/**
 * Income phase: every controlled settlement without Raze markers and without an opposing pawn
 * on its space pays its controller (see `settlementIncome`).
 */
export const collectIncome: Effect = (ctx) => {
  const s = ctx.state;
  const settlements = s.settlements;
  for (let i = 0; i < settlements.length; i++) {
    const settlement = settlements[i] as (typeof settlements)[number];
    const seat = settlement.controller;
    if (seat === null) continue;
    if (settlement.raze > 0) {
      if (ctx.recording)
        ctx.emit({ type: 'noIncome', seat, space: settlement.space, reason: 'razed' });
      continue;
    }
    if (hasOpposingPawn(s, settlement)) {
      if (ctx.recording)
        ctx.emit({ type: 'noIncome', seat, space: settlement.space, reason: 'occupied' });
      continue;
    }
    const amount = settlementIncome(ctx, settlement.cards);
    const player = s.players[seat] as { gold: number };
    player.gold += amount;
    if (ctx.recording)
      ctx.emit({ type: 'income', seat, space: settlement.space, amount, gold: player.gold });
  }
};
