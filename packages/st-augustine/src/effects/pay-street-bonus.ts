import { checkParamFields } from '@ruleloom/core';
import type { PlayerState } from '../state.js';
import type { StAugustineEffect } from '../context.js';
import { countByNumber, scratch, shopIndex } from '../rules/holdings.js';
import { earnsStreetBonus, streetBonusFor } from '../rules/formulas.js';
import { payFromBank } from '../rules/pay.js';
import { streetBonusParams, type StreetBonusParams } from './check-params.js';

export type { StreetBonusParams };

/**
 * Street Bonus phase: for each street where the current player owns at least `minShops`
 * shops, they gain `majority` per shop if they own strictly more there than every other
 * player, `tie` per shop if tied for the most. Nobody else gains anything.
 * @public
 */
export const payStreetBonus: StAugustineEffect<StreetBonusParams> = Object.assign(
  (ctx: Parameters<StAugustineEffect<StreetBonusParams>>[0], params: StreetBonusParams) => {
    const s = ctx.state;
    const seat = s.current;
    const own = s.players[seat]?.shops ?? [];
    // Even all of the player's shops on one street would earn nothing: nothing to count.
    if (!earnsStreetBonus(own.length, 0, params)) return;
    const index = shopIndex(ctx.cards);
    const size = index.streets.length;
    const mine = scratch(0, size);
    const order = scratch(1, size);
    const distinct = countByNumber(index.streetOf, own, mine, order);
    let any = false;
    for (let j = 0; j < distinct; j++)
      if (earnsStreetBonus(mine[order[j] as number] as number, 0, params)) any = true;
    if (!any) return;
    // The most shops any other player has on each street.
    const best = scratch(2, size).fill(0);
    const theirs = scratch(3, size);
    const spare = scratch(4, size);
    for (let other = 0; other < s.players.length; other++) {
      if (other === seat) continue;
      countByNumber(index.streetOf, (s.players[other] as PlayerState).shops, theirs, spare);
      for (let k = 0; k < size; k++)
        if ((theirs[k] as number) > (best[k] as number)) best[k] = theirs[k] as number;
    }
    // Streets in the order the current player's shops first show them (the events' order).
    for (let j = 0; j < distinct; j++) {
      const k = order[j] as number;
      const n = mine[k] as number;
      const others = best[k] as number;
      if (!earnsStreetBonus(n, others, params)) continue;
      const street = index.streets[k] as string;
      payFromBank(ctx, seat, streetBonusFor(n, others, params), { type: 'streetBonus', street });
    }
  },
  { checkParams: checkParamFields(streetBonusParams) },
);
