import fc from 'fast-check';
import { actionTraitsOf, Rng, type ActionBase, type GameView } from '@ruleloom/core';
import { lawSeed } from '@ruleloom/core/testing';
import { describe, expect, it } from 'vitest';
import { auctionPolicy } from './policy.js';

/** How a game names its auction actions: the policy knows them only through the traits. */
interface Naming {
  readonly bid: string;
  readonly pass: string;
  readonly amount: string;
}

const NAMINGS: readonly Naming[] = [
  { bid: 'bid', pass: 'pass', amount: 'amount' },
  { bid: 'offer', pass: 'fold', amount: 'chips' },
];

/** The traits a game with these names declares (only the `actions` handlers are read). */
function traitsFor(n: Naming) {
  return actionTraitsOf({
    actions: {
      [n.bid]: { traits: { amount: { field: n.amount, bounds: 'listed' } } },
      [n.pass]: { traits: { pass: true } },
      proposeTrade: {},
    },
  });
}

/** The policy as its documentation states it, written the plain way (one full scan). */
function reference(
  legal: readonly ActionBase[],
  rng: Rng,
  passProbability: number,
  n: Naming,
): ActionBase {
  let pass: ActionBase | undefined;
  let bid: ActionBase | undefined;
  let low = Infinity;
  for (const action of legal) {
    if (action.type === n.pass) pass = action;
    else if (action.type === n.bid) {
      const amount = (action as unknown as Record<string, unknown>)[n.amount];
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

function actionArb(n: Naming): fc.Arbitrary<ActionBase> {
  return fc.oneof(
    fc.constantFrom('a', 'b').map((tag) => ({ type: n.pass, tag })),
    fc
      .oneof(
        fc.integer({ min: 0, max: 40 }).map((k) => k * 1000),
        fc.constant(Number.NaN),
      )
      .map((amount) => ({ type: n.bid, [n.amount]: amount })),
    fc.constant({ type: n.bid, [n.amount]: '5000' }),
    // An undeclared field of that name means nothing: only the declared one is an amount.
    fc.constant({ type: 'proposeTrade', amount: 1 }),
  );
}

describe('auctionPolicy', () => {
  it.each(NAMINGS.map((n) => [n.bid, n.pass, n]))(
    'with %s/%s declared: chooses exactly as the plain reading of its rule, drawing the same random numbers',
    (_bid, _pass, naming) => {
      const n = naming;
      const traits = traitsFor(n);
      fc.assert(
        fc.property(
          fc.array(actionArb(n), { minLength: 1, maxLength: 30 }),
          fc.integer(),
          fc.constantFrom(0, 0.25, 0.5, 1),
          (legal, seed, passProbability) => {
            const policy = auctionPolicy({ passProbability });
            const a = Rng.fromSeed(seed);
            const b = Rng.fromSeed(seed);
            for (let k = 0; k < 3; k++) {
              const chosen = policy({ seat: 0, legalActions: legal, rng: a, traits, view: noView });
              expect(chosen).toBe(reference(legal, b, passProbability, n));
            }
            expect(a.float()).toBe(b.float());
          },
        ),
        { seed: lawSeed(), numRuns: 300 },
      );
    },
  );

  it('knows nothing of a game that declares no traits: it plays at random', () => {
    const traits = actionTraitsOf({ actions: { bid: {}, pass: {} } });
    const legal = [{ type: 'pass' }, { type: 'bid', amount: 5 }, { type: 'bid', amount: 1 }];
    const a = Rng.fromSeed(3);
    const b = Rng.fromSeed(3);
    const chosen = auctionPolicy()({ seat: 0, legalActions: legal, rng: a, traits, view: noView });
    expect(chosen).toBe(legal[Math.floor(b.float() * legal.length)]);
  });
});
