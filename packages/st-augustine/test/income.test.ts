import { describe, expect, it } from 'vitest';
import { newMatch, payments, playTurns, turnEvents } from './helpers.js';

describe('revenue', () => {
  it('the current player gains $1,000 per shop they own; nobody else does', () => {
    const match = newMatch(2, ['pub-g', 'cafe-k', 'pub-v']);
    playTurns(match, [[0], [0], [1]]);
    expect(payments(turnEvents(match, 1), 'revenue')).toEqual([[0, 1000, 'revenue']]);
    expect(payments(turnEvents(match, 2), 'revenue')).toEqual([]);
    // seat 1 bought pub-v on turn 3 but only the current player (seat 0, two shops) earns
    expect(payments(turnEvents(match, 3), 'revenue')).toEqual([[0, 2000, 'revenue']]);
  });
});

describe('street bonus', () => {
  it('strictly the most shops on a street (at least 2) pays $2,000 per shop there', () => {
    const match = newMatch(2, ['pub-g', 'cafe-g', 'pizzeria-k']);
    playTurns(match, [[0], [0], [null]]);
    expect(payments(turnEvents(match, 3), /^streetBonus/)).toEqual([[0, 4000, 'streetBonus:g']]);
  });

  it('a tie for the most shops on a street pays $1,000 per shop', () => {
    const match = newMatch(2, ['pub-g', 'cafe-g', 'pizzeria-g', 'boutique-g', 'art-gallery-k']);
    playTurns(match, [[0], [1], [0], [1], [null]]);
    expect(payments(turnEvents(match, 4), /^streetBonus/)).toEqual([[1, 2000, 'streetBonus:g']]);
    expect(payments(turnEvents(match, 5), /^streetBonus/)).toEqual([[0, 2000, 'streetBonus:g']]);
  });

  it('fewer than 2 shops on a street pays nothing, even with the most there', () => {
    const match = newMatch(2, ['pub-g', 'cafe-k', 'pizzeria-v']);
    playTurns(match, [[0], [0], [null]]);
    expect(payments(turnEvents(match, 3), /^streetBonus/)).toEqual([]);
  });

  it('fewer shops than another player on the street pays nothing, and only the current player earns', () => {
    const match = newMatch(2, [
      'pub-g',
      'cafe-g',
      'pizzeria-g',
      'boutique-g',
      'art-gallery-g',
      'pub-k',
    ]);
    playTurns(match, [[1], [1], [1], [0], [0], [null]]);
    // seat 0 holds 2 on St George against seat 1's 3: nothing on turn 5
    expect(payments(turnEvents(match, 5), /^streetBonus/)).toEqual([]);
    // seat 1's own turn 6: 3 against 2, strictly most
    expect(payments(turnEvents(match, 6), /^streetBonus/)).toEqual([[1, 6000, 'streetBonus:g']]);
  });
});

describe('monopoly', () => {
  it.each([
    [2, 4000],
    [3, 9000],
    [4, 16000],
    [5, 25000],
  ])('%i shops of one type pay $%i', (n, amount) => {
    const pubs = ['pub-g', 'pub-k', 'pub-v', 'pub-c', 'pub-d'].slice(0, n);
    // seat 0 buys a pub on each of its turns, seat 1's turns discard filler shops
    const fillers = ['cafe-g', 'cafe-k', 'cafe-v', 'cafe-c'];
    const top = pubs.flatMap((pub, i) =>
      i < pubs.length - 1 ? [pub, fillers[i] as string] : [pub],
    );
    const match = newMatch(2, top, { startingMoney: 50000 });
    playTurns(
      match,
      top.map((_, i) => (i % 2 === 0 ? ([0] as const) : ([null] as const))),
    );
    const lastTurn = top.length;
    expect(payments(turnEvents(match, lastTurn), /^monopoly/)).toEqual([
      [0, amount, 'monopoly:pub'],
    ]);
  });

  it('one shop of a type pays nothing; each type pays on its own', () => {
    const match = newMatch(2, ['pub-g', 'pizzeria-k', 'pub-v', 'pizzeria-c', 'cafe-d']);
    playTurns(match, [[0], [0], [0], [0], [0]]);
    expect(payments(turnEvents(match, 5), /^monopoly/)).toEqual([
      [0, 4000, 'monopoly:pub'],
      [0, 4000, 'monopoly:pizzeria'],
    ]);
  });
});
