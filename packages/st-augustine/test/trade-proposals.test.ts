import { createEngine } from '@ruleloom/core';
import { describe, expect, it } from 'vitest';
import { stAugustine } from '../src/game.js';
import type { StAugustineState } from '../src/state.js';
import { stateWith } from './helpers.js';
import type { ProposeTradeAction } from '../src/actions/actions.js';
import {
  checkProposal,
  forEachListedProposal,
  pushListedProposals,
} from '../src/rules/proposals.js';

const engine = createEngine(stAugustine, { players: 3, options: {} });

function tradeState(proposals: number[]): StAugustineState {
  return stateWith(
    [
      { money: 6000, shops: ['pub-g', 'cafe-k'] },
      { money: 20000, shops: ['pizzeria-v'] },
      { money: 0, shops: [] },
    ],
    { tradeRound: { speaker: 0, proposals, received: [0, 0, 0], passes: 0 } },
  );
}

describe('trade proposals', () => {
  it('a player who has made maxProposalsPerPlayer proposals may not propose again', () => {
    const state = tradeState([3, 0, 0]);
    expect(
      checkProposal(
        state,
        0,
        {
          type: 'proposeTrade',
          to: 1,
          give: { money: 1000, shops: [] },
          receive: { money: 0, shops: [] },
        },
        engine,
      ),
    ).toEqual({
      code: 'proposal_limit_reached',
      message: 'you have made your 3 proposals in this trade phase: you can only pass',
    });
  });

  it('lists each shop for each affordable listed price, each of theirs for each price you can pay, and every swap', () => {
    const state = tradeState([0, 0, 0]);
    const listed: unknown[] = [];
    const count = forEachListedProposal(state, 0, engine, (a) => listed.push(a));
    // to seat 1 ($20,000, 1 shop): 2 shops x 3 prices + 1 shop x 2 prices I can pay ($1k, $5k) + 2 swaps
    // to seat 2 ($0, no shops): nothing
    expect(count).toBe(6 + 2 + 2);
    expect(listed).toHaveLength(count);
    expect(forEachListedProposal(state, 0, engine)).toBe(count);
    for (const action of listed)
      expect(checkProposal(state, 0, action as never, engine)).toBeUndefined();
  });

  it('lists shared frozen proposals: the same object for the same proposal, in the documented order', () => {
    const state = tradeState([0, 0, 0]);
    const first: ProposeTradeAction[] = [];
    forEachListedProposal(state, 0, engine, (a) => first.push(a));
    const again: ProposeTradeAction[] = [];
    expect(pushListedProposals(state, 0, engine, again)).toBe(first.length);
    first.forEach((a, i) => expect(again[i]).toBe(a));
    for (const a of first) {
      expect(
        Object.isFrozen(a) && Object.isFrozen(a.give) && Object.isFrozen(a.receive.shops),
      ).toBe(true);
    }
    const offer = (money: number, shops: string[]) => ({ money, shops });
    const to1 = (give: ReturnType<typeof offer>, receive: ReturnType<typeof offer>) => ({
      type: 'proposeTrade',
      to: 1,
      give,
      receive,
    });
    expect(first).toEqual([
      ...['pub-g', 'cafe-k'].flatMap((shop) =>
        [1000, 5000, 10000].map((price) => to1(offer(0, [shop]), offer(price, []))),
      ),
      ...[1000, 5000].map((price) => to1(offer(price, []), offer(0, ['pizzeria-v']))),
      to1(offer(0, ['pub-g']), offer(0, ['pizzeria-v'])),
      to1(offer(0, ['cafe-k']), offer(0, ['pizzeria-v'])),
    ]);
  });

  it('lists nothing when it is not your call or you have no proposals left', () => {
    expect(forEachListedProposal(tradeState([0, 0, 0]), 1, engine)).toBe(0);
    expect(forEachListedProposal(tradeState([3, 0, 0]), 0, engine)).toBe(0);
  });
});
