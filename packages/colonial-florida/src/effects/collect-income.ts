import type { Effect } from '../context.js';
import { layoutOf } from '../rules/board.js';
import { settlementIncome } from '../rules/income.js';

/**
 * The seats whose pawn stands on each settlement, as bit masks by settlement index (bit
 * `seat`), reused by every Income phase (one runs at a time): filled from the pawns and
 * cleared again, so the phase compares each pawn once instead of once per settlement.
 */
let pawnsOn = new Int32Array(0);

/**
 * Income phase: every controlled settlement without Raze markers and without an opposing pawn
 * on its space pays its controller (see `settlementIncome`).
 */
export const collectIncome: Effect = (ctx) => {
  const s = ctx.state;
  const settlements = s.settlements;
  const players = s.players;
  const settlementIndex = layoutOf(ctx).settlementIndex;
  if (pawnsOn.length < settlements.length) pawnsOn = new Int32Array(settlements.length);
  const on = pawnsOn;
  for (let seat = 0; seat < players.length; seat++) {
    const at = settlementIndex[(players[seat] as { pawn: number }).pawn] ?? -1;
    if (at >= 0) on[at] = (on[at] as number) | (1 << seat);
  }
  for (let i = 0; i < settlements.length; i++) {
    const settlement = settlements[i] as (typeof settlements)[number];
    const seat = settlement.controller;
    if (seat === null) continue;
    if (settlement.raze > 0) {
      if (ctx.recording)
        ctx.emit({ type: 'noIncome', seat, space: settlement.space, reason: 'razed' });
      continue;
    }
    if (((on[i] as number) & ~(1 << seat)) !== 0) {
      if (ctx.recording)
        ctx.emit({ type: 'noIncome', seat, space: settlement.space, reason: 'occupied' });
      continue;
    }
    const amount = settlementIncome(ctx, settlement.cards);
    const player = players[seat] as { gold: number };
    player.gold += amount;
    if (ctx.recording)
      ctx.emit({ type: 'income', seat, space: settlement.space, amount, gold: player.gold });
  }
  for (let seat = 0; seat < players.length; seat++) {
    const at = settlementIndex[(players[seat] as { pawn: number }).pawn] ?? -1;
    if (at >= 0) on[at] = 0;
  }
};
