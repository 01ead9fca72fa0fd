import fc from 'fast-check';
import { lawSeed } from '@ruleloom/core/testing';
import { describe, expect, it } from 'vitest';
import { isStAugustinePayment, type TradeOffer } from '../src/index.js';
import { playRandomMatch } from './random-policy.js';

describe('money is accounted for exactly', () => {
  it('every change of money is a bank payment, a winning bid or an accepted trade, and trades conserve money and shops', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 6 }),
        fc.constantFrom('on', 'off'),
        fc.integer(),
        (players, trading, seed) => {
          playRandomMatch(
            { seed, players, options: { trading, turns: 16 } },
            seed,
            (match, _seat, before, events) => {
              const expected = before.map((p) => p.money);
              const shops = before.map((p) => p.shops.length);
              for (const e of events) {
                if (isStAugustinePayment(e)) {
                  expect(e.amount).toBeGreaterThan(0);
                  expected[e.seat]! += e.amount;
                } else if (e.type === 'auctionWon') {
                  expected[e.seat as number]! -= e.amount as number;
                  shops[e.seat as number]! += 1;
                } else if (e.type === 'tradeAccepted') {
                  const from = e.from as number;
                  const to = e.to as number;
                  const give = e.give as TradeOffer;
                  const receive = e.receive as TradeOffer;
                  expected[from]! += receive.money - give.money;
                  expected[to]! += give.money - receive.money;
                  shops[from]! += receive.shops.length - give.shops.length;
                  shops[to]! += give.shops.length - receive.shops.length;
                }
              }
              const after = match.state.game.players;
              expect(after.map((p) => p.money)).toEqual(expected);
              expect(after.map((p) => p.shops.length)).toEqual(shops);
            },
          );
        },
      ),
      { seed: lawSeed(), numRuns: 25 },
    );
  }, 60_000);
});
