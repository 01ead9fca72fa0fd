import { createEngine, defineVariant, isGameKit, validateSetup } from '@ruleloom/core';
import { describe, expect, it } from 'vitest';
import { incomePerTurn, stAugustineHeuristic } from '../src/heuristics.js';
import { stAugustine } from '../src/game.js';
import { kit, stAugustineKit } from '../src/kit/index.js';

/** A shop a variant adds: a pub on King Street whose id does not follow `<type>-<street>`. */
const harborMarket = {
  id: 'harbor-market',
  kind: 'shop',
  name: 'Harbor Market',
  shopType: 'pub',
  street: 'k',
} as const;

const view = (shops: readonly (readonly string[])[]) => ({
  phase: 'bid',
  turn: 10,
  lastTurn: 40,
  current: 0,
  flipped: null,
  deckSize: 50,
  discard: [],
  auction: null,
  bidder: null,
  trade: null,
  tradeRound: null,
  players: shops.map((s) => ({ money: 20_000, shops: [...s] })),
});

describe('stAugustineKit', () => {
  it('is a kit whose default setup is the game of the rules: 3 players, 40 turns, trading on', () => {
    expect(isGameKit(stAugustineKit)).toBe(true);
    expect(kit).toBe(stAugustineKit);
    expect(stAugustineKit.defaultSetup).toMatchObject({
      players: 3,
      options: { turns: 40, trading: 'on' },
    });
    expect(stAugustineKit.quickSetups?.quick?.options).toEqual({ turns: 6, trading: 'off' });
    for (const setup of [
      stAugustineKit.defaultSetup,
      ...Object.values(stAugustineKit.quickSetups!),
    ])
      expect(
        validateSetup(stAugustine, { seed: 1, players: setup.players, options: setup.options }).ok,
      ).toBe(true);
  });

  it("carries the game's own balance metrics (5-store monopolies, trades)", () => {
    expect(stAugustineKit.metrics?.metrics?.map((m) => m.id)).toEqual(
      expect.arrayContaining(['fiveStoreMonopoly', 'monopoliesFormed', 'tradesAccepted']),
    );
    expect(stAugustineKit.metrics?.acquisitions).toBeTypeOf('function');
  });

  it("values a variant's added shop by its street and type, as the base game's own", () => {
    const options = { cards: { add: [harborMarket] } };
    const rules = createEngine(stAugustine, { players: 2, options });
    const heuristic = stAugustineKit.heuristic!(rules);
    const added = view([['pub-g', 'harbor-market'], ['cafe-g']]);
    const base = view([['pub-g', 'pub-k'], ['cafe-g']]);
    // Two pubs on two streets either way: the same worth.
    expect(heuristic(added, 0)).toBeCloseTo(stAugustineHeuristic(base, 0), 12);
    expect(incomePerTurn(added.players, 0, undefined, rules.cards)).toBe(
      incomePerTurn(base.players, 0),
    );
    // The base table does not know the card: it misses the monopoly.
    expect(stAugustineHeuristic(added, 0)).toBeLessThan(heuristic(added, 0));
  });

  it('values the added cards of a variant defined with defineVariant', () => {
    const variant = defineVariant(stAugustine, { id: 'harbor', cards: { add: [harborMarket] } });
    const rules = createEngine(variant, { players: 2 });
    const heuristic = stAugustineKit.heuristic!(rules);
    const added = view([['pub-g', 'harbor-market'], ['cafe-g']]);
    expect(heuristic(added, 0)).toBeCloseTo(
      stAugustineHeuristic(view([['pub-g', 'pub-k'], ['cafe-g']]), 0),
      12,
    );
  });
});
