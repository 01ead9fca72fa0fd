import { createEngine, createMatch, isGameKit } from '@ruleloom/core';
import { gameLaws } from '@ruleloom/core/testing';
import { describe, expect, it } from 'vitest';
import { kuhnPoker, type KuhnMove } from '../src/game.js';
import kit from '../src/kit.js';

describe('Kuhn poker obeys the laws every Ruleloom game must pass', () => {
  for (const law of gameLaws({ game: kuhnPoker, setups: [{ players: 2 }], numRuns: 12 })) {
    it(law.name, law.run, 60_000);
  }
});

const RANK: Record<string, number> = { jack: 1, queen: 2, king: 3 };

/** Plays `moves` from a seed's deal; the scores and the hands. */
function play(
  seed: number,
  moves: readonly KuhnMove[],
): { scores: readonly number[]; hands: string[] } {
  const match = createMatch(kuhnPoker, { seed, players: 2 });
  const hands = match.state.game.players.map((p) => p.hand[0] as string);
  moves.forEach((type, i) => {
    const r = match.apply(i % 2, { type });
    if (!r.ok) throw new Error(r.error.message);
  });
  expect(match.isOver).toBe(true);
  return { scores: match.result?.scores ?? [], hands };
}

describe('Kuhn poker pays as the rules say', () => {
  it('is a kit whose deal gives each player one card and leaves one in the deck', () => {
    expect(isGameKit(kit)).toBe(true);
    const match = createMatch(kuhnPoker, { seed: 3, players: 2 });
    const g = match.state.game;
    expect([...g.deck, ...g.players.flatMap((p) => p.hand)].sort()).toEqual([
      'jack',
      'king',
      'queen',
    ]);
    expect(match.view(0)).not.toHaveProperty('players.1.hand');
  });

  it('pass-pass and bet-bet are showdowns for 1 and 2 chips; a fold loses the ante or the bet', () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const { scores, hands } = play(seed, ['pass', 'pass']);
      const first = (RANK[hands[0] as string] ?? 0) > (RANK[hands[1] as string] ?? 0);
      expect(scores).toEqual(first ? [1, -1] : [-1, 1]);
      expect(play(seed, ['bet', 'bet']).scores).toEqual(first ? [2, -2] : [-2, 2]);
      expect(play(seed, ['pass', 'bet', 'bet']).scores).toEqual(first ? [2, -2] : [-2, 2]);
      expect(play(seed, ['bet', 'pass']).scores).toEqual([1, -1]);
      expect(play(seed, ['pass', 'bet', 'pass']).scores).toEqual([-1, 1]);
    }
  });

  it('its deal is two chance nodes hidden from both players: 3 then 2 outcomes', () => {
    const engine = createEngine(kuhnPoker, { players: 2 });
    const sizes: number[] = [];
    const chosen: number[] = [];
    for (;;) {
      const r = engine.initialStateWithChance(1, chosen);
      if (!r.ok) throw new Error(r.error.message);
      if (r.done) break;
      expect(r.node).toMatchObject({ kind: 'deal', zone: 'deck', audience: [] });
      sizes.push(r.node.outcomes.length);
      chosen.push(0);
    }
    expect(sizes).toEqual([3, 2]);
  });
});
