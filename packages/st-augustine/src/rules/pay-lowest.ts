import type { StAugustineEffectContext } from '../context.js';
import type { PlayerState } from '../state.js';
import { lowestPaid } from './formulas.js';
import { payFromBank } from './pay.js';

/** Pays `amount` to the player(s) with the lowest `measure`; ties follow the `tieRule` option. */
export function payLowest(
  ctx: StAugustineEffectContext,
  amount: number,
  measure: (player: PlayerState) => number,
  reason: string,
): void {
  const players = ctx.state.players;
  const of = (seat: number): number => measure(players[seat] as PlayerState);
  const paid = lowestPaid(players.length, of, ctx.options.tieRule);
  if (paid === undefined) return;
  for (let seat = 0; seat < players.length; seat++)
    if (of(seat) === paid) payFromBank(ctx, seat, amount, reason);
}
