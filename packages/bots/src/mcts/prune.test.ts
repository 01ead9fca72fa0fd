import { actionTraitsOf } from '@ruleloom/core';
import { describe, expect, it } from 'vitest';
import { resolveMctsParams } from './mcts-params.js';
import { pruneAmounts } from './prune.js';

const amountOn = (field: string) => ({ traits: { amount: { field, bounds: 'listed' } } });

describe('pruneAmounts', () => {
  const traits = actionTraitsOf({ actions: { bid: amountOn('amount'), pass: {} } });
  const pass = { type: 'pass' };
  const bids = [3000, 1000, 2000, 4000].map((amount) => ({ type: 'bid', amount }));
  const legal = [pass, ...bids];

  it('keeps the lowest amounts of each type and every other action, in order', () => {
    expect(pruneAmounts(legal, 1, traits)).toEqual([pass, { type: 'bid', amount: 1000 }]);
    expect(pruneAmounts(legal, 2, traits)).toEqual([
      pass,
      { type: 'bid', amount: 1000 },
      { type: 'bid', amount: 2000 },
    ]);
  });

  it('returns the list itself when nothing is pruned', () => {
    expect(pruneAmounts(legal, Infinity, traits)).toBe(legal);
    expect(pruneAmounts(legal, 4, traits)).toBe(legal);
    const noAmounts = [{ type: 'roll' }, { type: 'hold' }];
    expect(pruneAmounts(noAmounts, 1, traits)).toBe(noAmounts);
  });

  it('reads the declared amount field only: chips, not a field called amount', () => {
    const poker = actionTraitsOf({ actions: { offer: amountOn('chips'), fold: {} } });
    const offers = [7, 3, 5].map((chips) => ({ type: 'offer', chips, amount: 100 - chips }));
    expect(pruneAmounts([{ type: 'fold' }, ...offers], 1, poker)).toEqual([
      { type: 'fold' },
      { type: 'offer', chips: 3, amount: 97 },
    ]);
    // Undeclared, `amount` means nothing: no pruning at all.
    expect(pruneAmounts(bids, 1, poker)).toBe(bids);
  });

  it('prunes each action type separately', () => {
    const both = actionTraitsOf({
      actions: { bid: amountOn('amount'), raise: amountOn('amount') },
    });
    const mixed = [
      { type: 'bid', amount: 2 },
      { type: 'raise', amount: 9 },
      { type: 'bid', amount: 1 },
      { type: 'raise', amount: 5 },
    ];
    expect(pruneAmounts(mixed, 1, both)).toEqual([
      { type: 'bid', amount: 1 },
      { type: 'raise', amount: 5 },
    ]);
  });

  it('is checked by the parameters', () => {
    expect(() => resolveMctsParams({ amountCandidates: 0 })).toThrow(RangeError);
    expect(() => resolveMctsParams({ rollout: 'lookahead' })).toThrow(RangeError);
    expect(resolveMctsParams({}).amountCandidates).toBe(Infinity);
  });
});
