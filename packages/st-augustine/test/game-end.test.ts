import { createMatch } from '@ruleloom/core';
import { describe, expect, it } from 'vitest';
import { stAugustine, stAugustineCards } from '../src/index.js';
import { allEvents, auction, game, newMatch, playTurns, type StAugustineMatch } from './helpers.js';

function passUntilOver(match: StAugustineMatch): void {
  while (!match.isOver) auction(match, null);
}

/** A match whose card table keeps only `keep` (in that deck order). */
function smallDeck(
  players: number,
  keep: readonly string[],
  options: Readonly<Record<string, unknown>> = {},
): StAugustineMatch {
  const remove = stAugustineCards.map((c) => c.id).filter((id) => !keep.includes(id));
  return createMatch(stAugustine, {
    seed: 3,
    players,
    options: { trading: 'off', cards: { remove }, deckOrder: [...keep], ...options },
  });
}

describe('the end of the game', () => {
  it('ends after the 40th turn in total, counted across all players', () => {
    const match = newMatch(3, []);
    passUntilOver(match);
    const turns = allEvents(match).filter((e) => e.type === 'turnStarted');
    expect(turns).toHaveLength(40);
    expect(turns.at(-1)).toEqual({ type: 'turnStarted', turn: 40, seat: 0 });
    expect(match.view('spectator')).toMatchObject({ phase: 'gameOver', turn: 40 });
  });

  it("turnCounting: 'perPlayer' gives every player `turns` turns", () => {
    const match = newMatch(2, [], { turns: 3, turnCounting: 'perPlayer' });
    passUntilOver(match);
    expect(allEvents(match).filter((e) => e.type === 'turnStarted')).toHaveLength(6);
    expect(game(match).turn).toBe(6);
  });

  it('the last turn is played to its end (revenue, street bonus, monopoly) before the game ends', () => {
    const match = newMatch(2, ['pub-g'], { turns: 1 });
    playTurns(match, [[0]]);
    expect(match.isOver).toBe(true);
    expect(match.result).toEqual({ winners: [1], scores: [16000, 20000], ranks: [2, 1] });
  });

  it('the most money wins; ties share the win, with competition ranks', () => {
    const match = newMatch(3, ['pub-g'], { turns: 3 });
    playTurns(match, [[0], [null], [null]]);
    expect(match.result).toEqual({
      winners: [1, 2],
      scores: [16000, 20000, 20000],
      ranks: [3, 1, 1],
    });
  });

  it('everyone equal: everyone wins', () => {
    const match = newMatch(4, [], { turns: 4 });
    passUntilOver(match);
    expect(match.result?.winners).toEqual([0, 1, 2, 3]);
    expect(match.result?.ranks).toEqual([1, 1, 1, 1]);
  });

  it('ends at once when every shop is owned (no shop left to flip)', () => {
    const match = smallDeck(2, ['pub-g', 'city-gates', 'cafe-g']);
    playTurns(match, [[0], [1]]);
    expect(match.isOver).toBe(true);
    expect(allEvents(match)).toContainEqual({ type: 'gameEnding', reason: 'noShopsLeft' });
    expect(game(match).turn).toBe(3);
    expect(game(match).discard).toEqual(['city-gates']);
  });

  it("an empty deck is refilled from the shuffled discard pile ('reshuffle')", () => {
    const match = smallDeck(2, ['pub-g', 'cafe-g', 'city-gates'], { turns: 5 });
    passUntilOver(match);
    expect(allEvents(match).filter((e) => e.type === 'deckReshuffled').length).toBeGreaterThan(0);
    expect(game(match).turn).toBe(5);
  });

  it("onDeckExhausted: 'end' ends the game when the deck runs out", () => {
    const match = smallDeck(2, ['pub-g', 'cafe-g', 'pizzeria-g'], { onDeckExhausted: 'end' });
    passUntilOver(match);
    expect(allEvents(match)).toContainEqual({ type: 'gameEnding', reason: 'deckExhausted' });
    expect(game(match).turn).toBe(4);
    expect(match.result?.winners).toEqual([0, 1]);
  });

  it('no action is accepted once the game is over', () => {
    const match = newMatch(2, [], { turns: 1 });
    passUntilOver(match);
    const r = match.apply(0, { type: 'pass' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('game_over');
  });
});
