import type { StAugustineEffectContext } from '../context.js';
import type { PayingEffect, StAugustinePayment } from '../events.js';

/** Why the bank pays: the payment event without its `seat` and `amount`. */
export type PaymentReason = StAugustinePayment extends infer E
  ? E extends StAugustinePayment
    ? Omit<E, 'seat' | 'amount' | 'audience'>
    : never
  : never;

/**
 * The reason to give {@link payFromBank} when nothing is recorded (`ctx.recording` false): it
 * reads the reason only to build the event, so effects need not build one per payment.
 */
export const UNRECORDED: PaymentReason = Object.freeze({ type: 'revenue' });

/** Why an attraction's `effect` pays (the flipped card's), or {@link UNRECORDED} when unrecorded. */
export function attractionReason(
  ctx: StAugustineEffectContext,
  effect: PayingEffect,
): PaymentReason {
  return ctx.recording ? { type: 'attractionPaid', card: ctx.state.flipped, effect } : UNRECORDED;
}

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
  if (ctx.recording) ctx.emit(paymentEvent(reason, seat, amount));
}

/**
 * The payment event of a reason, its fields in the order `{ ...reason, seat, amount }` gives,
 * written out: spreading reasons of four shapes in one place sent V8 down its slow generic
 * copy (about 1 µs a payment, a third of a recorded game's time).
 */
function paymentEvent(reason: PaymentReason, seat: number, amount: number): StAugustinePayment {
  switch (reason.type) {
    case 'revenue':
      return { type: 'revenue', seat, amount };
    case 'streetBonus':
      return { type: 'streetBonus', street: reason.street, seat, amount };
    case 'monopolyBonus':
      return { type: 'monopolyBonus', shopType: reason.shopType, seat, amount };
    case 'attractionPaid':
      return { type: 'attractionPaid', card: reason.card, effect: reason.effect, seat, amount };
  }
}
