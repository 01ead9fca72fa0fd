import type { PayingEffect } from '../events.js';
import type { StAugustineEffectContext } from '../context.js';
import type { PlayerState } from '../state.js';
import { lowestPaid } from './formulas.js';
import { attractionReason, payFromBank } from './pay.js';

/** What a lowest-wins bonus compares: each player's money or number of shops. */
export type LowestMeasure = 'money' | 'shops';

/** Every seat's measure, filled by {@link payLowest} (reused: no list or closure per call). */
let measures = new Float64Array(8);
const measureOf = (seat: number): number => measures[seat] as number;

/**
 * Pays `amount` to the player(s) with the lowest `measure`; ties follow the `tieRule` option.
 * The payments are the attraction `effect`'s.
 */
export function payLowest(
  ctx: StAugustineEffectContext,
  amount: number,
  measure: LowestMeasure,
  effect: PayingEffect,
): void {
  const players = ctx.state.players;
  const n = players.length;
  if (measures.length < n) measures = new Float64Array(n);
  for (let seat = 0; seat < n; seat++) {
    const p = players[seat] as PlayerState;
    measures[seat] = measure === 'money' ? p.money : p.shops.length;
  }
  const paid = lowestPaid(n, measureOf, ctx.options.tieRule);
  if (paid === undefined) return;
  const reason = attractionReason(ctx, effect);
  for (let seat = 0; seat < n; seat++)
    if (measures[seat] === paid) payFromBank(ctx, seat, amount, reason);
}
