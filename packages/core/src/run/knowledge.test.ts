import { describe, expect, it } from 'vitest';
import type { KnownCard } from '../model/match-state.js';
import type { ZoneDeclaration } from '../zones/zone.js';
import { cardLocations, updateKnowledge } from './knowledge.js';

const zones: ZoneDeclaration[] = [
  { path: 'deck', visibility: 'nobody', countAs: 'deckSize' },
  { path: 'players.*.hand', visibility: 'owner', countAs: 'handSize' },
];

describe('knowledge (ctx.reveal) as state', () => {
  it('finds every card where it is', () => {
    const game = { deck: ['a#1'], players: [{ hand: ['b'] }, { hand: ['c', 'a#2'] }] };
    expect([...cardLocations(game, zones)]).toEqual([
      ['a#1', 'deck'],
      ['b', 'players.0.hand'],
      ['c', 'players.1.hand'],
      ['a#2', 'players.1.hand'],
    ]);
  });

  it('records a reveal where the card was shown, merges seats, and forgets moved or shuffled cards', () => {
    const state: {
      known?: readonly KnownCard[];
      game: { deck: string[]; players: { hand: string[] }[] };
    } = {
      game: { deck: ['x', 'y'], players: [{ hand: ['b'] }, { hand: ['c'] }] },
    };
    updateKnowledge(state, zones, [], []);
    expect('known' in state).toBe(false);
    updateKnowledge(
      state,
      zones,
      [{ card: 'c', to: [0], zone: 'players.1.hand', shuffles: 0 }],
      [],
    );
    updateKnowledge(
      state,
      zones,
      [{ card: 'c', to: [2], zone: 'players.1.hand', shuffles: 0 }],
      [],
    );
    updateKnowledge(state, zones, [{ card: 'x', to: 'everyone', zone: 'deck', shuffles: 0 }], []);
    expect(state.known).toEqual([
      { card: 'c', zone: 'players.1.hand', seats: [0, 2] },
      { card: 'x', zone: 'deck', seats: 'everyone' },
    ]);
    // The deck is shuffled: nobody knows where x is any more.
    updateKnowledge(state, zones, [], ['deck']);
    expect(state.known).toEqual([{ card: 'c', zone: 'players.1.hand', seats: [0, 2] }]);
    // c moves to seat 0's hand: the knowledge ends, and the field goes away.
    state.game.players[1]?.hand.splice(0);
    state.game.players[0]?.hand.push('c');
    updateKnowledge(state, zones, [], []);
    expect('known' in state).toBe(false);
    // A reveal followed in the same step by a shuffle of the card's zone leaves nothing.
    updateKnowledge(state, zones, [{ card: 'y', to: [1], zone: 'deck', shuffles: 0 }], ['deck']);
    expect('known' in state).toBe(false);
  });

  it('keeps knowledge of a card moved in plain sight (ctx.follow) where it ends, unless a shuffle touched it', () => {
    const state: {
      known?: readonly KnownCard[];
      game: { deck: string[]; players: { hand: string[] }[] };
    } = {
      game: { deck: ['x'], players: [{ hand: ['b'] }, { hand: ['c'] }] },
      known: [{ card: 'c', zone: 'players.1.hand', seats: [2] }],
    };
    // The hands change places and the step follows both cards: seat 2 knows c in seat 0's hand.
    state.game.players = [{ hand: ['c'] }, { hand: ['b'] }];
    updateKnowledge(state, zones, [], [], [], ['b', 'c']);
    expect(state.known).toEqual([{ card: 'c', zone: 'players.0.hand', seats: [2] }]);
    // A move nobody follows ends it.
    state.game.players = [{ hand: ['b'] }, { hand: ['c'] }];
    updateKnowledge(state, zones, [], [], [], []);
    expect('known' in state).toBe(false);
    // A followed card that also went through a shuffle of the step is forgotten.
    state.known = [{ card: 'c', zone: 'players.1.hand', seats: [2] }];
    state.game.deck = ['x', 'c'];
    state.game.players = [{ hand: ['b'] }, { hand: [] }];
    updateKnowledge(state, zones, [], ['deck'], [['x', 'c']], ['c']);
    expect('known' in state).toBe(false);
  });
});
