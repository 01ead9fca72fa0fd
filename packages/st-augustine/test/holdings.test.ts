import fc from 'fast-check';
import { createEngine, type GameEvent } from '@ruleloom/core';
import { lawSeed } from '@ruleloom/core/testing';
import { describe, expect, it } from 'vitest';
import {
  isStAugustinePayment,
  MONOPOLY_TABLE,
  stAugustine,
  type ShopCard,
  type StAugustineState,
} from '../src/index.js';
import { stAugustineEffects } from '../src/effects/effects.js';
import { paymentLabel, stateWith } from './helpers.js';

/*
 * The bonus and income effects count holdings through a numbered shop index and reusable
 * buffers (for speed). These properties compare them with a plain reading of the rules on
 * random holdings: same payments, in the same order.
 */

const engine = createEngine(stAugustine, { players: 4, options: {} });
const shopIds = engine.cards.instanceIds.filter((id) => engine.card(id).kind === 'shop');
const shop = (id: string): ShopCard => engine.card(id) as ShopCard;

function holdingsState(holdings: readonly string[][], current: number): StAugustineState {
  return stateWith(
    holdings.map((shops) => ({ money: 0, shops })),
    { current },
  );
}

/** Runs one effect on a state and returns the payments it made, as [seat, amount, reason]. */
function run(state: StAugustineState, name: string, params: unknown): unknown[][] {
  const events: GameEvent[] = [];
  const ctx = {
    state,
    options: engine.options,
    players: state.players.length,
    cards: engine.cards,
    card: (id: string) => engine.card(id),
    recording: true,
    emit: (e: GameEvent) => void events.push(e),
    run: () => undefined,
    check: () => false,
    endGame: () => undefined,
    random: undefined,
  };
  (stAugustineEffects as unknown as Record<string, (c: unknown, p: unknown) => void>)[name]?.(
    ctx,
    params,
  );
  return events.filter(isStAugustinePayment).map((e) => [e.seat, e.amount, paymentLabel(e)]);
}

/** Counts by a field, in the order the shops first show each value. */
function countBy(shops: readonly string[], key: 'street' | 'shopType'): Map<string, number> {
  const counts = new Map<string, number>();
  for (const id of shops) counts.set(shop(id)[key], (counts.get(shop(id)[key]) ?? 0) + 1);
  return counts;
}

const holdingsArb = fc
  .tuple(
    fc.shuffledSubarray(shopIds, { minLength: 0, maxLength: 40 }),
    fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 40, maxLength: 40 }),
    fc.integer({ min: 0, max: 3 }),
  )
  .map(([shops, owners, current]) => {
    const holdings: string[][] = [[], [], [], []];
    shops.forEach((id, i) => holdings[owners[i] as number]?.push(id));
    return { holdings, current };
  });

describe('holdings are counted as the rules say', () => {
  it('street bonus: the same payments as a plain count, in the same order', () => {
    fc.assert(
      fc.property(holdingsArb, ({ holdings, current }) => {
        const params = { minShops: 2, majority: 2000, tie: 1000 };
        const expected: unknown[][] = [];
        for (const [street, n] of countBy(holdings[current] ?? [], 'street')) {
          if (n < params.minShops) continue;
          let best = 0;
          holdings.forEach((shops, seat) => {
            if (seat !== current)
              best = Math.max(best, shops.filter((id) => shop(id).street === street).length);
          });
          if (n > best) expected.push([current, n * params.majority, `streetBonus:${street}`]);
          else if (n === best) expected.push([current, n * params.tie, `streetBonus:${street}`]);
        }
        expect(run(holdingsState(holdings, current), 'payStreetBonus', params)).toEqual(expected);
      }),
      { seed: lawSeed(), numRuns: 300 },
    );
  });

  it('monopoly: the same payments as a plain count, in the same order', () => {
    fc.assert(
      fc.property(holdingsArb, ({ holdings, current }) => {
        const expected: unknown[][] = [];
        for (const [shopType, n] of countBy(holdings[current] ?? [], 'shopType')) {
          const amount = MONOPOLY_TABLE[Math.min(n, MONOPOLY_TABLE.length - 1)] ?? 0;
          if (amount > 0) expected.push([current, amount, `monopoly:${shopType}`]);
        }
        expect(
          run(holdingsState(holdings, current), 'monopolyBonus', { table: MONOPOLY_TABLE }),
        ).toEqual(expected);
      }),
      { seed: lawSeed(), numRuns: 300 },
    );
  });

  it('street and type income count every player’s shops there', () => {
    fc.assert(
      fc.property(
        holdingsArb,
        fc.constantFrom(...new Set(shopIds.map((id) => shop(id).street))),
        fc.constantFrom(...new Set(shopIds.map((id) => shop(id).shopType))),
        ({ holdings }, street, shopType) => {
          const state = holdingsState(holdings, 0);
          const perStreet = holdings.map((s) => s.filter((id) => shop(id).street === street));
          const perType = holdings.map((s) => s.filter((id) => shop(id).shopType === shopType));
          const paid = (lists: string[][]) =>
            lists.flatMap((l, seat) => (l.length > 0 ? [[seat, l.length * 1000]] : []));
          const amounts = (rows: unknown[][]) => rows.map(([seat, amount]) => [seat, amount]);
          expect(amounts(run(state, 'streetIncome', { street, amount: 1000 }))).toEqual(
            paid(perStreet),
          );
          expect(amounts(run(state, 'typeIncome', { shopType, amount: 1000 }))).toEqual(
            paid(perType),
          );
        },
      ),
      { seed: lawSeed(), numRuns: 200 },
    );
  });
});
