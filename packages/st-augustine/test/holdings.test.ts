import fc from 'fast-check';
import { createEngine, withCard, type GameEvent } from '@ruleloom/core';
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
import { shopIndex, tallyWithCard } from '../src/rules/holdings.js';
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

const STREET_BONUS = { minShops: 2, majority: 2000, tie: 1000 };

/** The street bonus payments by a plain reading of the rules. */
function expectedStreetBonus(holdings: readonly (readonly string[])[], current: number) {
  const params = STREET_BONUS;
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
  return expected;
}

/** The monopoly payments by a plain reading of the rules. */
function expectedMonopoly(holdings: readonly (readonly string[])[], current: number) {
  const expected: unknown[][] = [];
  for (const [shopType, n] of countBy(holdings[current] ?? [], 'shopType')) {
    const amount = MONOPOLY_TABLE[Math.min(n, MONOPOLY_TABLE.length - 1)] ?? 0;
    if (amount > 0) expected.push([current, amount, `monopoly:${shopType}`]);
  }
  return expected;
}

/** Street or type income by a plain count: [seat, amount] for every seat that earns. */
function expectedIncome(holdings: readonly (readonly string[])[], on: (card: ShopCard) => boolean) {
  return holdings.flatMap((shops, seat) => {
    const n = shops.filter((id) => on(shop(id))).length;
    return n > 0 ? [[seat, n * 1000]] : [];
  });
}

const amounts = (rows: unknown[][]) => rows.map(([seat, amount]) => [seat, amount]);

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
        expect(run(holdingsState(holdings, current), 'payStreetBonus', STREET_BONUS)).toEqual(
          expectedStreetBonus(holdings, current),
        );
      }),
      { seed: lawSeed(), numRuns: 300 },
    );
  });

  it('monopoly: the same payments as a plain count, in the same order', () => {
    fc.assert(
      fc.property(holdingsArb, ({ holdings, current }) => {
        expect(
          run(holdingsState(holdings, current), 'monopolyBonus', { table: MONOPOLY_TABLE }),
        ).toEqual(expectedMonopoly(holdings, current));
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
          expect(amounts(run(state, 'streetIncome', { street, amount: 1000 }))).toEqual(
            expectedIncome(holdings, (c) => c.street === street),
          );
          expect(amounts(run(state, 'typeIncome', { shopType, amount: 1000 }))).toEqual(
            expectedIncome(holdings, (c) => c.shopType === shopType),
          );
        },
      ),
      { seed: lawSeed(), numRuns: 200 },
    );
  });

  it('counts stay right while successive states share shop lists and replace them', () => {
    // As in a game: every step one seat buys a shop (its list is replaced by `withCard`), the
    // other lists are the very lists of the state before, and the counts are kept per list
    // (and, as the auction does, sometimes made from the buyer's counts before the purchase).
    // A count kept for the wrong list would pay the wrong bonus here.
    const buys = fc.array(
      fc.record({ buyer: fc.integer({ min: 0, max: 3 }), pick: fc.nat(), follow: fc.boolean() }),
      { maxLength: 45 },
    );
    fc.assert(
      fc.property(
        buys,
        fc.constantFrom(...new Set(shopIds.map((id) => shop(id).street))),
        (steps, street) => {
          let holdings: (readonly string[])[] = [[], [], [], []];
          const left = [...shopIds];
          steps.forEach(({ buyer, pick, follow }, turn) => {
            const [bought] = left.splice(pick % left.length, 1);
            const before = holdings[buyer] as readonly string[];
            holdings = holdings.map((shops, seat) =>
              seat === buyer && bought !== undefined ? withCard(shops, bought) : shops,
            );
            // Sometimes the buyer's counts follow the purchase at once, as an auction does.
            if (follow && bought !== undefined)
              tallyWithCard(shopIndex(engine.cards), buyer, before, holdings[buyer] ?? [], bought);
            const current = turn % 4;
            const state = {
              ...stateWith([], { current }),
              players: holdings.map((shops) => ({ money: 0, shops })),
            };
            expect(run(state, 'payStreetBonus', STREET_BONUS)).toEqual(
              expectedStreetBonus(holdings, current),
            );
            expect(run(state, 'monopolyBonus', { table: MONOPOLY_TABLE })).toEqual(
              expectedMonopoly(holdings, current),
            );
            expect(amounts(run(state, 'streetIncome', { street, amount: 1000 }))).toEqual(
              expectedIncome(holdings, (c) => c.street === street),
            );
          });
        },
      ),
      { seed: lawSeed(), numRuns: 100 },
    );
  });
});
