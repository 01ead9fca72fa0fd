import type { StAugustineEffect } from '../context.js';
import { countByNumber, scratch, shopIndex } from '../rules/holdings.js';
import { monopolyFor } from '../rules/formulas.js';
import { payFromBank } from '../rules/pay.js';
import { MONEY_UNIT } from '../money.js';
import { paramsRecord } from './check-params.js';

/**
 * Params of the `monopolyBonus` effect.
 * @public
 */
export interface MonopolyParams {
  /**
   * Dollars by number of shops of one type: `table[n]` for n shops (n beyond the table's
   * end uses its last entry). The rules' table is `[0, 0, 4000, 9000, 16000, 25000]`.
   */
  readonly table: readonly number[];
}

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
    const own = s.players[seat]?.shops ?? [];
    if (own.length === 0) return; // no shop, no type to pay for
    const index = shopIndex(ctx.cards);
    const counts = scratch(0, index.shopTypes.length);
    const order = scratch(1, index.shopTypes.length);
    const distinct = countByNumber(index.typeOf, own, counts, order);
    // Types in the order the player's shops first show them (the events' order).
    for (let j = 0; j < distinct; j++) {
      const k = order[j] as number;
      const amount = monopolyFor(counts[k] as number, params);
      if (amount === 0) continue;
      // The reason is built only for the event (nobody reads it otherwise).
      const reason = ctx.recording ? `monopoly:${index.shopTypes[k] as string}` : '';
      payFromBank(ctx, seat, amount, reason);
    }
  },
  {
    checkParams: (params: unknown): readonly string[] => {
      const p = paramsRecord(params);
      if (typeof p === 'string') return [p];
      const table = p.table;
      if (!Array.isArray(table) || table.length === 0)
        return ['table must be a non-empty list of dollar amounts'];
      return table.every(
        (v) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v % MONEY_UNIT === 0,
      )
        ? []
        : [`every table entry must be a non-negative multiple of ${String(MONEY_UNIT)}`];
    },
  },
);
