import { createMatch, SetupError, validateSetup } from '@ruleloom/core';
import { describe, expect, it } from 'vitest';
import { stAugustine, stAugustineCards } from '../src/index.js';
import { game, newMatch, playTurns, stackDeck } from './helpers.js';

function problemsOf(setup: unknown): { path: string; message: string }[] {
  const r = validateSetup(stAugustine, setup);
  return r.ok ? [] : [...r.errors];
}

describe('options', () => {
  it('defaults follow the rules: $20,000 each, 40 turns, seat 0 first, deck shuffled', () => {
    const match = createMatch(stAugustine, { seed: 9, players: 4 });
    const g = game(match);
    expect(g.players.map((p) => p.money)).toEqual([20000, 20000, 20000, 20000]);
    expect(g.lastTurn).toBe(40);
    expect(g.current).toBe(0);
    expect(g.deck.length + g.discard.length + (g.flipped === null ? 0 : 1)).toBe(79);
    const other = createMatch(stAugustine, { seed: 10, players: 4 });
    expect(game(other).deck).not.toEqual(g.deck);
  });

  it('startingMoney, minimumBid and turns are used', () => {
    const match = newMatch(2, ['pub-g'], { startingMoney: 30000, minimumBid: 3000, turns: 12 });
    expect(game(match).players[0]?.money).toBe(30000);
    expect(game(match).lastTurn).toBe(12);
    expect(match.legalActions(0)[0]).toEqual({ type: 'bid', amount: 3000 });
  });

  it('a deckOrder fixes the deck, top first', () => {
    const order = stackDeck(['boutique-d', 'pub-k']);
    const match = createMatch(stAugustine, { seed: 1, players: 2, options: { deckOrder: order } });
    expect(game(match).flipped).toBe('boutique-d');
    expect(game(match).deck[0]).toBe('pub-k');
  });

  it.each([
    [{ turns: 0 }, 'options.turns', 'expected a whole number from 1 to 10000, got 0'],
    [{ startingMoney: 20500 }, 'options.startingMoney', 'a multiple of 1000'],
    [{ minimumBid: 0 }, 'options.minimumBid', 'got 0'],
    [{ tieRule: 'some' }, 'options.tieRule', "expected one of 'all', 'none'"],
    [{ trading: true }, 'options.trading', "expected one of 'on', 'off'"],
    [{ turnCounting: 'perTeam' }, 'options.turnCounting', "'total', 'perPlayer'"],
    [{ onDeckExhausted: 'stop' }, 'options.onDeckExhausted', "'reshuffle', 'end'"],
    [{ maxProposalsPerPlayer: -1 }, 'options.maxProposalsPerPlayer', 'got -1'],
    [
      { deckOrder: ['pub-g'] },
      'options.deckOrder',
      'must list each of the 79 card ids exactly once (got 1 entries)',
    ],
    [{ deckOrder: 'pub-g' }, 'options.deckOrder', 'expected null or a list of every card id'],
    [{ tradeing: 'off' }, 'options.tradeing', "Did you mean 'trading'?"],
  ])('%j is refused, naming the option', (options, path, message) => {
    const problems = problemsOf({ seed: 1, players: 3, options });
    expect(problems.map((p) => p.path)).toContain(path);
    expect(problems.find((p) => p.path === path)?.message).toContain(message);
    // Wrong on purpose: the option types refuse these at compile time, createMatch at run time.
    const untyped = options as never;
    expect(() => createMatch(stAugustine, { seed: 1, players: 3, options: untyped })).toThrow(
      SetupError,
    );
  });

  it('a deckOrder that is not a permutation says what is wrong', () => {
    const ids = stAugustineCards.map((c) => c.id);
    const order = [...ids.slice(1), 'pub-g', 'unicorn'];
    const messages = problemsOf({ seed: 1, players: 2, options: { deckOrder: order } }).map(
      (p) => p.message,
    );
    expect(messages).toContain("unknown card ids 'unicorn'");
    expect(messages).toContain("card ids listed twice: 'pub-g'");
    expect(messages).toContain("missing card ids 'antique-shop-g'");
    expect(() =>
      createMatch(stAugustine, { seed: 1, players: 2, options: { deckOrder: order } }),
    ).toThrow(/options\.deckOrder/);
  });

  it('2 to 6 players by default; 7 and 8 only with maxPlayers raised', () => {
    expect(problemsOf({ seed: 1, players: 1 }).map((p) => p.path)).toEqual(['players']);
    expect(problemsOf({ seed: 1, players: 6 })).toEqual([]);
    const seven = problemsOf({ seed: 1, players: 7 });
    expect(seven).toEqual([
      {
        path: 'players',
        message: expect.stringContaining('set the option maxPlayers to 7 or more') as unknown,
      },
    ]);
    expect(problemsOf({ seed: 1, players: 8, options: { maxPlayers: 8 } })).toEqual([]);
    expect(
      problemsOf({ seed: 1, players: 9, options: { maxPlayers: 8 } }).map((p) => p.path),
    ).toEqual(['players']);
    const eight = createMatch(stAugustine, { seed: 1, players: 8, options: { maxPlayers: 8 } });
    expect(game(eight).players).toHaveLength(8);
  });
});

describe('card overrides', () => {
  it('a new attraction can be added with data only', () => {
    const festival = {
      id: 'st-george-festival',
      kind: 'attraction',
      name: 'St George Festival',
      effect: { type: 'streetIncome', params: { street: 'g', amount: 3000 } },
    };
    const ids = [...stAugustineCards.map((c) => c.id), festival.id];
    const order = [
      'pub-g',
      'st-george-festival',
      ...ids.filter((id) => id !== 'pub-g' && id !== 'st-george-festival'),
    ];
    const match = createMatch(stAugustine, {
      seed: 1,
      players: 2,
      options: { trading: 'off', cards: { add: [festival] }, deckOrder: order },
    });
    expect(match.engine.cards.instanceIds).toHaveLength(80);
    match.apply(0, { type: 'bid', amount: 5000 });
    match.apply(1, { type: 'pass' });
    expect(match.log.at(-1)?.events).toContainEqual({
      type: 'attractionPaid',
      seat: 0,
      amount: 3000,
      card: 'st-george-festival',
      effect: 'streetIncome',
    });
  });

  it('a new street can be added with data only, and street bonuses count it', () => {
    const shops = ['pub', 'cafe'].map((t) => ({
      id: `${t}-m`,
      kind: 'shop',
      name: t,
      shopType: t,
      street: 'm',
    }));
    const ids = [...stAugustineCards.map((c) => c.id), 'pub-m', 'cafe-m'];
    const order = [
      'pub-m',
      'cafe-m',
      'pizzeria-k',
      ...ids.filter((id) => !['pub-m', 'cafe-m', 'pizzeria-k'].includes(id)),
    ];
    const match = createMatch(stAugustine, {
      seed: 1,
      players: 2,
      options: { trading: 'off', cards: { add: shops }, deckOrder: order },
    });
    playTurns(match, [[0], [0], [null]]);
    expect(game(match).players[0]?.shops).toEqual(['pub-m', 'cafe-m']);
    expect(match.log.at(-1)?.events).toContainEqual({
      type: 'streetBonus',
      seat: 0,
      amount: 4000,
      street: 'm',
    });
  });

  it('a card with bad effect params is refused at createMatch', () => {
    const bad = {
      id: 'broken',
      kind: 'attraction',
      name: 'Broken',
      effect: { type: 'streetIncome', params: { street: 'g', amount: 1500 } },
    };
    expect(() =>
      createMatch(stAugustine, { seed: 1, players: 2, options: { cards: { add: [bad] } } }),
    ).toThrow(/amount must be a positive multiple of 1000/);
    const shop = { id: 'odd-shop', kind: 'shop', name: 'Odd', shopType: 'odd' };
    expect(() =>
      createMatch(stAugustine, { seed: 1, players: 2, options: { cards: { add: [shop] } } }),
    ).toThrow(/street code/);
  });
});
