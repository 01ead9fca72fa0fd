import type { StAugustineEffectContext } from '../context.js';
import type { StAugustinePayment } from '../events.js';

/** Why the bank pays: the payment event without its `seat` and `amount`. */
export type PaymentReason = StAugustinePayment extends infer E
  ? E extends StAugustinePayment
    ? Omit<E, 'seat' | 'amount' | 'audience'>
    : never
  : never;

/** The bank pays a seat; records the payment event (`revenue`, `streetBonus`, ...). Zero amounts are skipped. */
export function payFromBank(
  ctx: StAugustineEffectContext,
  seat: number,
  amount: number,
  reason: PaymentReason,
): void {
  if (amount === 0) return;
  const player = ctx.state.players[seat];
  if (player === undefined) return;
  player.money += amount;
  if (ctx.recording) {
    const event: StAugustinePayment = { ...reason, seat, amount };
    ctx.emit(event);
  }
}
