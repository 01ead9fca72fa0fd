import { actionIndices, createMatch, encodeObservation, legalMask } from '@ruleloom/core';
import { describe, expect, it } from 'vitest';
import { BID_STEPS, stAugustine, stAugustineObservation as observation } from '../src/index.js';

const { actions } = observation;

describe('St. Augustine observation features', () => {
  it('index bids of $1,000 to $1,024,000, and no bid beyond', () => {
    const match = createMatch(stAugustine, { seed: 1, players: 3 });
    const view = match.view(0);
    const first = actions.indexOf({ type: 'bid', amount: 1000 }, view, 0)!;
    const last = actions.indexOf({ type: 'bid', amount: BID_STEPS * 1000 }, view, 0)!;
    expect(last - first).toBe(BID_STEPS - 1);
    expect(actions.actionAt(last, view, 0)).toEqual({ type: 'bid', amount: 1_024_000 });
    expect(actions.indexOf({ type: 'bid', amount: 1_025_000 }, view, 0)).toBeUndefined();
    expect(actions.indexOf({ type: 'bid', amount: 1500 }, view, 0)).toBeUndefined();
  });

  it('a seat with more than $1,024,000 over the opening has legal bids without an index (the documented limit)', () => {
    const match = createMatch(stAugustine, {
      seed: 1,
      players: 2,
      options: { startingMoney: 2_000_000, trading: 'off' },
    });
    const seat = match.toAct[0]!;
    const legal = match.legalActions(seat);
    const mask = legalMask(actions, match.view(seat), seat, legal);
    expect(mask.reduce((a, b) => a + b, 0)).toBeLessThan(legal.length);
  });

  it('index the proposals legalActions lists, per target seat, and no other shape', () => {
    const match = createMatch(stAugustine, { seed: 7, players: 4, options: { trading: 'on' } });
    // Play the minimum bid until a trade phase lists proposals.
    let found = false;
    for (let i = 0; i < 5000 && !match.isOver && !found; i++) {
      const seat = match.toAct[0]!;
      const legal = match.legalActions(seat);
      const proposals = legal.filter((a) => a.type === 'proposeTrade');
      if (proposals.length > 20) {
        const view = match.view(seat);
        const at = Array.from(actionIndices(actions, view, seat, legal));
        expect(at.every((j) => j >= 0)).toBe(true);
        expect(new Set(at).size).toBe(legal.length);
        legal.forEach((a, k) => expect(actions.actionAt(at[k]!, view, seat)).toEqual(a));
        const p = proposals[0]!;
        const twoShops = { ...p, give: { money: 0, shops: ['pub-k', 'cafe-g'] } };
        expect(actions.indexOf(twoShops, view, seat)).toBeUndefined();
        found = true;
      }
      const bid = legal.find((a) => a.type === 'bid');
      match.apply(seat, i % 3 === 0 && bid !== undefined ? bid : legal[0]!);
    }
    expect(found).toBe(true);
  });

  it('encodes seats relative to the viewer and every entry is finite', () => {
    const match = createMatch(stAugustine, {
      seed: 2,
      players: 3,
      options: { startingMoney: 30_000 },
    });
    for (const seat of [0, 1, 2]) {
      const e = encodeObservation(observation, match.view(seat), seat);
      expect(e).toHaveLength(observation.size);
      expect(e.every(Number.isFinite)).toBe(true);
      expect(e[0]).toBe(1); // the viewer is present, first
      expect(e[8]).toBeCloseTo(0.3); // its money, in units of $100,000
    }
  });
});
