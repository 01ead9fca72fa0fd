import type { StAugustineEffectContext } from '../context.js';
import type { PlayerState } from '../state.js';
import { payFromBank, type PaymentReason } from './pay.js';

/** Pays `amount` to the player(s) with the lowest `measure`; ties follow the `tieRule` option. */
export function payLowest(
  ctx: StAugustineEffectContext,
  amount: number,
  measure: (player: PlayerState) => number,
  reason: PaymentReason,
): void {
  const players = ctx.state.players;
  let lowest = Infinity;
  for (const p of players) lowest = Math.min(lowest, measure(p));
  const tied: number[] = [];
  for (let seat = 0; seat < players.length; seat++)
    if (measure(players[seat] as PlayerState) === lowest) tied.push(seat);
  if (tied.length > 1 && ctx.options.tieRule === 'none') return;
  for (const seat of tied) payFromBank(ctx, seat, amount, reason);
}
