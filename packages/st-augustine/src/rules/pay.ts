import type { StAugustineEffectContext } from '../context.js';

/** The bank pays a seat; records a `bankPaid` event. Zero amounts are skipped. */
export function payFromBank(
  ctx: StAugustineEffectContext,
  seat: number,
  amount: number,
  reason: string,
): void {
  if (amount === 0) return;
  const player = ctx.state.players[seat];
  if (player === undefined) return;
  player.money += amount;
  if (ctx.recording) ctx.emit({ type: 'bankPaid', seat, amount, reason });
}
