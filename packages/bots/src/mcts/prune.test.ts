import { describe, expect, it } from 'vitest';
import { resolveMctsParams } from './mcts-params.js';
import { pruneAmounts } from './prune.js';

describe('pruneAmounts', () => {
  const pass = { type: 'pass' };
  const bids = [3000, 1000, 2000, 4000].map((amount) => ({ type: 'bid', amount }));
  const legal = [pass, ...bids];

  it('keeps the lowest amounts of each type and every other action, in order', () => {
    expect(pruneAmounts(legal, 1)).toEqual([pass, { type: 'bid', amount: 1000 }]);
    expect(pruneAmounts(legal, 2)).toEqual([
      pass,
      { type: 'bid', amount: 1000 },
      { type: 'bid', amount: 2000 },
    ]);
  });

  it('returns the list itself when nothing is pruned', () => {
    expect(pruneAmounts(legal, Infinity)).toBe(legal);
    expect(pruneAmounts(legal, 4)).toBe(legal);
    const noAmounts = [{ type: 'roll' }, { type: 'hold' }];
    expect(pruneAmounts(noAmounts, 1)).toBe(noAmounts);
  });

  it('prunes each action type separately', () => {
    const mixed = [
      { type: 'bid', amount: 2 },
      { type: 'raise', amount: 9 },
      { type: 'bid', amount: 1 },
      { type: 'raise', amount: 5 },
    ];
    expect(pruneAmounts(mixed, 1)).toEqual([
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
