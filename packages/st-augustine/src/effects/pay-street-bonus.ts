import { checkParamFields } from '@ruleloom/core';
import type { PlayerState } from '../state.js';
import type { StAugustineEffect } from '../context.js';
import { shopIndex, tallyOf } from '../rules/holdings.js';
import { earnsStreetBonus, streetBonusFor } from '../rules/formulas.js';
import { payFromBank, UNRECORDED } from '../rules/pay.js';
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
    const players = s.players;
    const own = (players[seat] as PlayerState).shops;
    // Even all of the player's shops on one street would earn nothing: nothing to count.
    if (!earnsStreetBonus(own.length, 0, params)) return;
    const index = shopIndex(ctx.cards);
    const mine = tallyOf(index, seat, own);
    const order = mine.streetOrder;
    const counts = mine.byStreet;
    // Streets in the order the current player's shops first show them (the events' order).
    for (let j = 0; j < mine.streets; j++) {
      const k = order[j] as number;
      const n = counts[k] as number;
      if (!earnsStreetBonus(n, 0, params)) continue;
      // The most shops any other player has on the street (their counts are memoised).
      let others = 0;
      for (let other = 0; other < players.length; other++) {
        if (other === seat) continue;
        const theirs = tallyOf(index, other, (players[other] as PlayerState).shops).byStreet[k];
        if ((theirs as number) > others) others = theirs as number;
      }
      if (!earnsStreetBonus(n, others, params)) continue;
      const amount = streetBonusFor(n, others, params);
      if (ctx.recording)
        payFromBank(ctx, seat, amount, { type: 'streetBonus', street: index.streets[k] as string });
      else payFromBank(ctx, seat, amount, UNRECORDED);
    }
  },
  { checkParams: checkParamFields(streetBonusParams) },
);
