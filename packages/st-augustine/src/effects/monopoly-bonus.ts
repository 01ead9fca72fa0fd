import { checkParamFields } from '@ruleloom/core';
import type { StAugustineEffect } from '../context.js';
import type { PlayerState } from '../state.js';
import { shopIndex, tallyOf } from '../rules/holdings.js';
import { monopolyFor } from '../rules/formulas.js';
import { payFromBank, UNRECORDED } from '../rules/pay.js';
import { monopolyParams, type MonopolyParams } from './check-params.js';

export type { MonopolyParams };

/**
 * The rules' monopoly table: n shops of one type pay n x n x $1,000 from 2 shops up.
 * @public
 */
export const MONOPOLY_TABLE: readonly number[] = [0, 0, 4000, 9000, 16000, 25000];

/**
 * Monopoly phase: for each shop type, the current player gains `table[n]` where n is the
 * number of shops of that type they own.
 * @public
 */
export const monopolyBonus: StAugustineEffect<MonopolyParams> = Object.assign(
  (ctx: Parameters<StAugustineEffect<MonopolyParams>>[0], params: MonopolyParams) => {
    const s = ctx.state;
    const seat = s.current;
    const own = (s.players[seat] as PlayerState).shops;
    if (own.length === 0) return; // no shop, no type to pay for
    const index = shopIndex(ctx.cards);
    const mine = tallyOf(index, seat, own);
    const order = mine.typeOrder;
    // Types in the order the player's shops first show them (the events' order).
    for (let j = 0; j < mine.types; j++) {
      const k = order[j] as number;
      const amount = monopolyFor(mine.byType[k] as number, params);
      if (amount === 0) continue;
      if (ctx.recording)
        payFromBank(ctx, seat, amount, {
          type: 'monopolyBonus',
          shopType: index.shopTypes[k] as string,
        });
      else payFromBank(ctx, seat, amount, UNRECORDED);
    }
  },
  { checkParams: checkParamFields(monopolyParams) },
);
