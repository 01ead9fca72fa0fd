import { createEngine } from '@ruleloom/core';
import { describe, expect, it } from 'vitest';
import { cloneStAugustineState, stAugustine } from '../src/index.js';
import { game, newMatch, play } from './helpers.js';

describe('card lists are replaced, never changed in place', () => {
  it('successive states share the lists that did not change, and only those', () => {
    const match = newMatch(3, ['pub-g', 'cafe-k']);
    const before = game(match);
    const buyer = match.toAct[0] as number;
    play(match, buyer, { type: 'bid', amount: 5000 });
    const afterBid = game(match);
    // A bid changes no card list: the new state shares all of them.
    expect(afterBid).not.toBe(before);
    expect(afterBid.deck).toBe(before.deck);
    expect(afterBid.discard).toBe(before.discard);
    afterBid.players.forEach((p, i) => expect(p.shops).toBe(before.players[i]?.shops));
    // The auction ends: the bidder buys pub-g, the next card is flipped.
    const other = match.toAct[0] as number;
    play(match, other, { type: 'pass' });
    play(match, match.toAct[0] as number, { type: 'pass' });
    const afterBuy = game(match);
    expect(afterBuy.players[buyer]?.shops).toEqual(['pub-g']);
    expect(afterBid.players[buyer]?.shops).toEqual([]);
    expect(afterBuy.deck).not.toBe(afterBid.deck);
    expect(afterBid.deck[0]).toBe('cafe-k');
    expect(afterBuy.flipped).toBe('cafe-k');
    expect(afterBuy.players[other]?.shops).toBe(afterBid.players[other]?.shops);
  });

  it('views and cloneStAugustineState share nothing with the state', () => {
    const match = newMatch(2, ['pub-g']);
    const state = game(match);
    const copy = cloneStAugustineState(state);
    expect(copy).toEqual(state);
    expect(copy.deck).not.toBe(state.deck);
    expect(copy.discard).not.toBe(state.discard);
    copy.players.forEach((p, i) => expect(p.shops).not.toBe(state.players[i]?.shops));
    const engine = createEngine(stAugustine, { players: 2, options: { trading: 'off' } });
    const view = engine.view(match.state, 0) as unknown as {
      discard: readonly string[];
      players: { shops: readonly string[] }[];
    };
    expect(view.discard).not.toBe(state.discard);
    view.players.forEach((p, i) => expect(p.shops).not.toBe(state.players[i]?.shops));
  });
});
