import { describe, expect, it } from 'vitest';
import { Rng } from '../rng/rng.js';
import {
  collectZoneCards,
  drawTop,
  moveCard,
  removeCard,
  reshuffleDiscard,
  withCard,
  withoutCard,
} from './zone.js';

describe('zones', () => {
  it('draws from the top, moves and removes cards by id', () => {
    const deck = ['a', 'b', 'c'];
    const hand: string[] = [];
    expect(drawTop(deck)).toBe('a');
    expect(moveCard(deck, hand, 'c')).toBe(true);
    expect(moveCard(deck, hand, 'zz')).toBe(false);
    expect([deck, hand]).toEqual([['b'], ['c']]);
    expect(removeCard(hand, 'c')).toBe(true);
    expect(drawTop([])).toBeUndefined();
  });

  it('withCard and withoutCard return new lists and leave theirs alone', () => {
    const list: readonly string[] = Object.freeze(['pub-g', 'cafe-k', 'pub-g']);
    expect(withCard(list, 'boutique-v')).toEqual(['pub-g', 'cafe-k', 'pub-g', 'boutique-v']);
    expect(withoutCard(list, 'pub-g')).toEqual(['cafe-k', 'pub-g']);
    expect(withoutCard(list, 'cafe-k')).toEqual(['pub-g', 'pub-g']);
    expect(withoutCard(list, 'gift-shop-c')).toBe(list);
    expect(list).toEqual(['pub-g', 'cafe-k', 'pub-g']);
  });

  it('reshuffles the discard pile into the deck and logs only the size', () => {
    const deck = ['x'];
    const discard = ['a', 'b', 'c', 'd'];
    const rng = Rng.fromSeed(3);
    const events: unknown[] = [];
    const random = {
      shuffle<T>(items: T[], zone: string) {
        rng.shuffle(items);
        events.push({ zone, size: items.length });
      },
    };
    expect(reshuffleDiscard(random, deck, discard, 'deck')).toBe(4);
    expect(discard).toEqual([]);
    expect([...deck].sort()).toEqual(['a', 'b', 'c', 'd', 'x']);
    expect(events).toEqual([{ zone: 'deck', size: 5 }]);
  });

  it('collects the cards of list and slot zones, through array wildcards', () => {
    const state = { deck: ['a'], flipped: 'b', players: [{ hand: ['c', 'd'] }, { hand: [] }] };
    const cards = collectZoneCards(state, [
      { path: 'deck', visibility: 'nobody', countAs: 'deckSize' },
      { path: 'flipped', kind: 'slot', visibility: 'everyone' },
      { path: 'players.*.hand', visibility: 'owner', countAs: 'handSize' },
    ]);
    expect(cards).toEqual(['a', 'b', 'c', 'd']);
  });
});
