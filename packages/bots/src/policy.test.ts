import fc from 'fast-check';
import { Rng, type ActionBase, type GameView } from '@ruleloom/core';
import { lawSeed } from '@ruleloom/core/testing';
import { describe, expect, it } from 'vitest';
import { auctionPolicy } from './policy.js';

/** The policy as its documentation states it, written the plain way (one full scan). */
function reference(legal: readonly ActionBase[], rng: Rng, passProbability: number): ActionBase {
  let pass: ActionBase | undefined;
  let bid: ActionBase | undefined;
  let low = Infinity;
  for (const action of legal) {
    if (action.type === 'pass') pass = action;
    else if (action.type === 'bid') {
      const amount = (action as { readonly amount?: unknown }).amount;
      if (typeof amount === 'number' && amount < low) {
        low = amount;
        bid = action;
      }
    }
  }
  if (pass !== undefined && (bid === undefined || rng.float() < passProbability)) return pass;
  if (bid !== undefined) return bid;
  return legal[Math.floor(rng.float() * legal.length)] as ActionBase;
}

const noView = (): GameView => {
  throw new Error('not used');
};

const actionArb: fc.Arbitrary<ActionBase> = fc.oneof(
  fc.constantFrom('a', 'b').map((tag) => ({ type: 'pass', tag })),
  fc
    .oneof(
      fc.integer({ min: 0, max: 40 }).map((k) => k * 1000),
      fc.constant(Number.NaN),
    )
    .map((amount) => ({ type: 'bid', amount })),
  fc.constant({ type: 'bid', amount: '5000' }),
  fc.constant({ type: 'proposeTrade' }),
);

describe('auctionPolicy', () => {
  it('chooses exactly as the plain reading of its rule, drawing the same random numbers', () => {
    fc.assert(
      fc.property(
        fc.array(actionArb, { minLength: 1, maxLength: 30 }),
        fc.integer(),
        fc.constantFrom(0, 0.25, 0.5, 1),
        (legal, seed, passProbability) => {
          const policy = auctionPolicy({ passProbability });
          const a = Rng.fromSeed(seed);
          const b = Rng.fromSeed(seed);
          for (let k = 0; k < 3; k++) {
            const chosen = policy({ seat: 0, legalActions: legal, rng: a, view: noView });
            expect(chosen).toBe(reference(legal, b, passProbability));
          }
          expect(a.float()).toBe(b.float());
        },
      ),
      { seed: lawSeed(), numRuns: 500 },
    );
  });
});
