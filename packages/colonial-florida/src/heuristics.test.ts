import { createMatch } from '@ruleloom/core';
import { describe, expect, it } from 'vitest';
import { colonialFlorida } from './game.js';
import { colonialFloridaHeuristic } from './heuristics.js';

describe('colonialFloridaHeuristic', () => {
  it('is in [0, 1], even at the start, and favours the richer player', () => {
    const match = createMatch(colonialFlorida, { seed: 4, players: 3 });
    const view = match.view('spectator');
    const start = [0, 1, 2].map((s) => colonialFloridaHeuristic(view, s));
    for (const v of start) expect(v).toBeCloseTo(1 / 3);
    const players = (view.players as { gold: number }[]).map((p, i) => ({
      ...p,
      gold: i === 1 ? 30 : 5,
    }));
    const richer = { ...view, players };
    expect(colonialFloridaHeuristic(richer, 1)).toBeGreaterThan(
      colonialFloridaHeuristic(richer, 0),
    );
    for (const s of [0, 1, 2]) {
      const v = colonialFloridaHeuristic(richer, s);
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThanOrEqual(1);
    }
  });

  it('counts settlements and their cards as expected income', () => {
    const view = createMatch(colonialFlorida, { seed: 4, players: 2 }).view(0);
    const settlements = (view.settlements as { controller: number | null; cards: string[] }[]).map(
      (s, i) => (i === 0 ? { ...s, controller: 0, cards: ['busy-port#1', 'busy-port#2'] } : s),
    );
    expect(colonialFloridaHeuristic({ ...view, settlements }, 0)).toBeGreaterThan(0.5);
  });

  it('scores a finished game 1 for the winner and 0 for the others; tied winners share', () => {
    const base = createMatch(colonialFlorida, { seed: 4, players: 3 }).view(0);
    const over = { ...base, phase: 'gameOver', players: [{ gold: 50 }, { gold: 50 }, { gold: 3 }] };
    expect([0, 1, 2].map((s) => colonialFloridaHeuristic(over, s))).toEqual([0.5, 0.5, 0]);
  });
});
