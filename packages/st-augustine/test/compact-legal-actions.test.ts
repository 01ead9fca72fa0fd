import {
  compactLegalActions,
  createEngine,
  createMatch,
  declaredRangeFields,
  expandLegalActions,
  legalActionSet,
  type MatchState,
} from '@ruleloom/core';
import { lawSeed } from '@ruleloom/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stAugustine, type StAugustineAction, type StAugustineState } from '../src/index.js';

const rangeFields = declaredRangeFields(stAugustine);

/** Money options from tiny to the largest allowed (10,001 legal bids at the first auction). */
const money = fc.oneof(
  fc.constantFrom(0, 1_000, 5_000, 20_000, 1_000_000, 10_000_000),
  fc.integer({ min: 0, max: 10_000 }).map((k) => k * 1_000),
);
const minimumBid = fc.oneof(
  fc.constantFrom(1_000, 5_000, 10_000_000),
  fc.integer({ min: 1, max: 10_000 }).map((k) => k * 1_000),
);

/** St. Augustine with a bid handler that counts the calls of its `enumerate`. */
function countingBids(): { game: typeof stAugustine; listed: { calls: number } } {
  const listed = { calls: 0 };
  const bid = stAugustine.actions.bid;
  const game: typeof stAugustine = {
    ...stAugustine,
    actions: {
      ...stAugustine.actions,
      bid: {
        ...bid,
        enumerate: (state, seat, ctx) => {
          listed.calls++;
          return bid.enumerate(state, seat, ctx);
        },
      },
    },
  };
  return { game, listed };
}

describe('St. Augustine declares its legal bids compactly', () => {
  it('the declared ranges equal compacting the full list, at every decision of random games (property)', () => {
    const seed = lawSeed();
    // fast-check prints the seed and path of any failure; FC_SEED=<seed> reproduces it.
    console.info(`compact legal actions property: fast-check seed ${String(seed)}`);
    let decisions = 0;
    let ranges = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 5 }),
        money,
        minimumBid,
        fc.constantFrom('on', 'off'),
        fc.nat({ max: 100_000 }),
        fc.array(fc.nat(), { minLength: 40, maxLength: 40 }),
        (players, startingMoney, minimum, trading, matchSeed, picks) => {
          const engine = createEngine(stAugustine, {
            players,
            options: { startingMoney, minimumBid: minimum, trading, turns: 6 },
          });
          let state: MatchState<StAugustineState> = engine.initialState(matchSeed).state;
          for (let k = 0; k < 120 && state.result === null; k++) {
            for (let seat = 0; seat < players; seat++) {
              const legal = engine.legalActions(state, seat);
              const declared = engine.legalActionSet(state, seat);
              expect(declared).toStrictEqual(compactLegalActions(legal, { rangeFields }));
              expect(declared.count).toBe(legal.length);
              if (declared.entries.some((e) => e.type === 'range')) ranges++;
            }
            decisions++;
            const seat = engine.toAct(state)[0] as number;
            const legal = engine.legalActions(state, seat);
            // Mostly the lowest bid or a pass (long auctions with wide ranges), sometimes any.
            const pick = picks[k % picks.length] as number;
            const action = (
              pick % 3 === 0 ? legal[pick % legal.length] : legal[pick % Math.min(2, legal.length)]
            ) as StAugustineAction;
            const r = engine.apply(state, seat, action);
            if (!r.ok) throw new Error(`a legal action was refused: ${r.error.message}`);
            state = r.state;
          }
        },
      ),
      { seed, numRuns: 30 },
    );
    // The property saw wide ranges, not only empty lists.
    expect(decisions).toBeGreaterThan(300);
    expect(ranges).toBeGreaterThan(50);
  });

  it('a seat with $10,000,000 gets one range of 10,000 bids, expanded exactly to its legal list', () => {
    const match = createMatch(stAugustine, {
      seed: 3,
      players: 4,
      options: { startingMoney: 10_000_000, minimumBid: 1_000, trading: 'off' },
    });
    const seat = match.toAct[0] as number;
    const set = legalActionSet(match, seat);
    const range = set.entries.find((e) => e.type === 'range');
    expect(range).toStrictEqual({
      type: 'range',
      action: { type: 'bid', amount: 1_000 },
      field: 'amount',
      from: 1_000,
      to: 10_000_000,
      step: 1_000,
    });
    expect(set.count).toBe(10_001);
    expect(expandLegalActions(set)).toStrictEqual(match.legalActions(seat));
  });

  it("listing the compact set never lists the bids (the bid handler's enumerate is never called)", () => {
    const { game: counted, listed } = countingBids();
    const engine = createEngine(counted, {
      players: 4,
      options: { startingMoney: 10_000_000, minimumBid: 1_000, trading: 'off' },
    });
    const state = engine.initialState(5).state;
    const seat = engine.toAct(state)[0] as number;
    listed.calls = 0;
    const set = engine.legalActionSet(state, seat);
    expect(set.count).toBe(10_001);
    expect(listed.calls).toBe(0);
    // The plain list still goes through enumerate (the counter is live).
    expect(engine.legalActions(state, seat)).toHaveLength(10_001);
    expect(listed.calls).toBe(1);
  });

  it('a bid is validated without listing the bids', () => {
    const { game: counted, listed } = countingBids();
    const engine = createEngine(counted, {
      players: 4,
      options: { startingMoney: 10_000_000, minimumBid: 1_000, trading: 'off' },
    });
    const state = engine.initialState(5).state;
    const seat = engine.toAct(state)[0] as number;
    listed.calls = 0;
    expect(engine.check(state, seat, { type: 'bid', amount: 9_999_000 })).toBeUndefined();
    expect(engine.check(state, seat, { type: 'bid', amount: 10_001_000 })?.code).toBe(
      'insufficient_funds',
    );
    expect(engine.apply(state, seat, { type: 'bid', amount: 5_000_000 }).ok).toBe(true);
    expect(listed.calls).toBe(0);
  });
});
