import {
  createEngine,
  createMatch,
  defineVariant,
  Rng,
  type ForwardModel,
  type AnyGame,
  type RulesSetup,
} from '@ruleloom/core';
import { gameLaws } from '@ruleloom/core/testing';
import { describe, expect, it } from 'vitest';
import {
  stAugustine,
  stAugustineForwardModel,
  type AttractionCard,
  type StAugustineAction,
} from '../src/index.js';

/** Setups the forward model covers: every player count and the options it reads. */
const covered: RulesSetup[] = [
  ...[2, 3, 4, 5, 6].map((players) => ({ players, options: { trading: 'off' } })),
  { players: 8, options: { trading: 'off', maxPlayers: 8 } },
  { players: 3, options: { trading: 'on', maxProposalsPerPlayer: 0 } },
  { players: 2, options: { trading: 'off', turns: 300, startingMoney: 8000 } },
  { players: 3, options: { trading: 'off', turns: 120, onDeckExhausted: 'end' } },
  {
    players: 4,
    options: { trading: 'off', tieRule: 'none', minimumBid: 1000, startingMoney: 3000 },
  },
  { players: 3, options: { trading: 'off', turns: 7, turnCounting: 'perPlayer' } },
  { players: 2, options: { trading: 'off', tieRule: 'none' } },
  { players: 3, options: { trading: 'off', tieRule: 'none', turns: 90 } },
];

/** A variant that changes the params the model reads, plus a card it numbers like any other. */
const festival: AttractionCard = {
  id: 'st-george-festival',
  kind: 'attraction',
  name: 'St George Festival',
  effect: { type: 'streetIncome', params: { street: 'g', amount: 3000 } },
};
const boomtown = defineVariant(stAugustine, {
  id: 'boomtown',
  cards: { add: [festival] },
  phases: {
    replace: [
      {
        id: 'revenue',
        steps: [{ type: 'payRevenue', params: { perShop: 2000 } }],
      },
      {
        id: 'streetBonus',
        steps: [{ type: 'payStreetBonus', params: { minShops: 1, majority: 3000, tie: 0 } }],
      },
      {
        id: 'monopoly',
        steps: [{ type: 'monopolyBonus', params: { table: [1000, 1000, 6000, 14000] } }],
        next: [{ to: '$end', when: { type: 'lastTurnPlayed' } }, { to: 'record' }],
      },
    ],
  },
});

function forwardLaw(game: AnyGame, setups: readonly RulesSetup[], numRuns: number) {
  const law = gameLaws({ game, setups, numRuns }).find((l) => l.name.includes('forward model'));
  if (law === undefined) throw new Error('gameLaws has no forward model law');
  return law;
}

describe('the St. Augustine forward model', () => {
  it('is offered for every covered setup, and not when players trade', () => {
    for (const setup of covered)
      expect(createEngine(stAugustine, setup).forwardModel(), JSON.stringify(setup)).toBeDefined();
    expect(createEngine(stAugustine, { players: 4 }).forwardModel()).toBeUndefined();
    expect(
      createEngine(stAugustine, { players: 4, options: { trading: 'on' } }).forwardModel(),
    ).toBeUndefined();
  });

  it('plays exactly like the engine in random games of every covered setup', () => {
    forwardLaw(stAugustine, covered, 100).run();
  }, 120_000);

  it('plays exactly like the engine in a variant with other params and an extra card', () => {
    expect(
      createEngine(boomtown, { players: 3, options: { trading: 'off' } }).forwardModel(),
    ).toBeDefined();
    forwardLaw(
      boomtown,
      [2, 3, 4].map((players) => ({ players, options: { trading: 'off' } })),
      25,
    ).run();
  }, 120_000);

  it('steps alone through deck reshuffles to the engine state and result', () => {
    // 2 players, 300 turns, mostly passing: shops are discarded, the deck runs out again and
    // again and the discard pile is reshuffled with the match's generator; the model must
    // draw the same shuffles.
    const setup = { players: 2, options: { trading: 'off', turns: 300 } } as const;
    const match = createMatch(stAugustine, { seed: 9, ...setup });
    const model = match.engine.forwardModel() as ForwardModel<unknown, StAugustineAction>;
    const fast = model.fromState(match.state);
    const rng = Rng.fromSeed(3);
    let reshuffles = 0;
    while (!match.isOver) {
      const seat = match.toAct[0] as number;
      const legal = match.legalActions(seat);
      const action = (rng.chance(0.9) ? legal[legal.length - 1] : legal[0]) as StAugustineAction;
      const r = match.apply(seat, action);
      if (!r.ok) throw new Error(r.error.message);
      reshuffles += r.events.filter((e) => e.type === 'deckReshuffled').length;
      model.step(fast, action);
    }
    expect(reshuffles).toBeGreaterThan(2);
    expect(match.engine.hash(model.toState(fast) as typeof match.state)).toBe(match.hash());
    expect(model.toState(fast).game).toEqual(match.state.game);
    expect(model.result(fast)).toEqual(match.result);
    expect(model.toAct(fast)).toBe(-1);
  });

  it('is not offered when a variant changes what the model does not read from data', () => {
    const setup = { players: 3, options: { trading: 'off' } };
    const ownEffect = defineVariant(stAugustine, {
      id: 'own-effect',
      effects: { payRevenue: () => undefined },
    });
    expect(createEngine(ownEffect, setup).forwardModel()).toBeUndefined();
    const newAttraction = defineVariant(stAugustine, {
      id: 'new-attraction',
      effects: { doubleEverything: () => undefined },
      cards: {
        add: [
          {
            id: 'jubilee',
            kind: 'attraction',
            name: 'Jubilee',
            effect: { type: 'doubleEverything' as never, params: {} as never },
          },
        ],
      },
    });
    expect(createEngine(newAttraction, setup).forwardModel()).toBeUndefined();
    const extraPhase = defineVariant(stAugustine, {
      id: 'extra-phase',
      phases: {
        insert: [
          {
            after: 'revenue',
            phase: {
              id: 'tax',
              steps: [{ type: 'payRevenue', params: { perShop: 1000 } }],
            },
          },
        ],
      },
    });
    expect(createEngine(extraPhase, setup).forwardModel()).toBeUndefined();
    // The factory itself says the same for the base game.
    expect(stAugustineForwardModel(createEngine(stAugustine, setup))).toBeDefined();
  });

  it('refuses a state it cannot represent (a trade phase) with a clear error', () => {
    const match = createMatch(stAugustine, { seed: 2, players: 3, options: { trading: 'on' } });
    const model = createEngine(stAugustine, {
      players: 3,
      options: { trading: 'off' },
    }).forwardModel() as ForwardModel<unknown, StAugustineAction>;
    // Bid the minimum until someone owns a shop: then the trade phase has real choices.
    for (let i = 0; i < 100 && match.state.game.tradeRound === null; i++) {
      const seat = match.toAct[0] as number;
      match.apply(seat, match.legalActions(seat)[0]!);
    }
    expect(match.state.game.tradeRound).not.toBeNull();
    expect(() => model.fromState(match.state)).toThrow(
      /St\. Augustine forward model: state\.phase '\w+' is not one of bid \(outside what the packed layout covers\)/,
    );
  });
});
