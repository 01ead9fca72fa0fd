import { createMatch, Rng, type GameView } from '@ruleloom/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { colonialFlorida } from './game.js';
import { colonialFloridaHeuristic } from './heuristics.js';
import {
  COLONIAL_FLORIDA_VALUE_WEIGHTS,
  colonialFloridaValue,
  colonialFloridaValueShares,
  type ColonialFloridaValueWeights,
} from './value.js';
import { COLONIAL_FLORIDA_FEATURES, colonialFloridaFeatures } from './value-features.js';

/** Views at every decision of a random game (seeded), from the acting seat. */
function randomGameViews(seed: number, players: 2 | 3, every: number): GameView[] {
  const match = createMatch(colonialFlorida, { seed, players });
  const rng = Rng.fromSeed(seed);
  const views: GameView[] = [];
  for (let i = 0; !match.isOver && i < 2000; i++) {
    const seat = match.toAct[0] as number;
    if (i % every === 0) views.push(match.view(seat));
    const legal = match.legalActions(seat);
    match.apply(seat, legal[rng.int(0, legal.length - 1)]!);
  }
  views.push(match.view('spectator'));
  return views;
}

const only = (name: string): ColonialFloridaValueWeights =>
  Object.fromEntries(
    COLONIAL_FLORIDA_FEATURES.map((f) => [f, f === name ? 1 : 0]),
  ) as ColonialFloridaValueWeights;

describe('colonialFloridaValue', () => {
  it('gives every seat a share in [0, 1], the shares summing to 1, the same each time', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.constantFrom(2, 3), (seed, n) => {
        for (const view of randomGameViews(seed, n, 7)) {
          const features = colonialFloridaFeatures(view);
          expect(features).toHaveLength(n);
          for (const f of features) {
            expect(f).toHaveLength(COLONIAL_FLORIDA_FEATURES.length);
            for (const x of f) expect(Number.isFinite(x)).toBe(true);
          }
          const shares = colonialFloridaValueShares(view);
          expect(shares.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
          shares.forEach((s, seat) => {
            expect(s).toBeGreaterThanOrEqual(0);
            expect(s).toBeLessThanOrEqual(1);
            expect(colonialFloridaValue(view, seat)).toBe(s);
            expect(colonialFloridaValue(structuredClone(view), seat)).toBe(s);
          });
        }
      }),
      { numRuns: 12, seed: Number(process.env.FC_SEED ?? 42) },
    );
  });

  it('scores a finished game 1 for the winner and 0 for the others; tied winners share', () => {
    const view = randomGameViews(3, 3, 1000).at(-1) as GameView;
    expect(view.phase).toBe('gameOver');
    const gold = (view.players as { gold: number }[]).map((p) => p.gold);
    const winner = gold.indexOf(Math.max(...gold));
    expect(colonialFloridaValue(view, winner)).toBe(1);
    const over = { ...view, players: [{ gold: 50 }, { gold: 50 }, { gold: 3 }] };
    expect([0, 1, 2].map((s) => colonialFloridaValue(over, s))).toEqual([0.5, 0.5, 0]);
  });

  it('is defensive on malformed views (no throw; 0 for a seat it cannot read)', () => {
    const base = createMatch(colonialFlorida, { seed: 4, players: 3 }).view(0);
    expect(colonialFloridaValue({ phase: 'action' }, 0)).toBe(0);
    expect(colonialFloridaValue({ ...base, players: 'three' }, 0)).toBe(0);
    expect(colonialFloridaValue(base, 5)).toBe(0);
    expect(colonialFloridaValue(base, -1)).toBe(0);
    const broken: GameView = {
      ...base,
      goldToWin: -3,
      markers: null,
      pending: { type: 'move', seat: 0, dice: ['a', null] },
      players: [{ gold: 'x', pawn: null }, null, 7],
      settlements: [null, 3, { space: 'x', controller: 9, cards: [42, 'no-such-card#1'] }],
    };
    const shares = [0, 1, 2].map((s) => colonialFloridaValue(broken, s));
    expect(shares.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    for (const s of shares) expect(Number.isFinite(s)).toBe(true);
    // A weight that is not a finite number counts as 0.
    const nan = { ...COLONIAL_FLORIDA_VALUE_WEIGHTS, gold: Number.NaN };
    for (const s of colonialFloridaValueShares(base, nan)) expect(Number.isFinite(s)).toBe(true);
  });

  it('nests the race model: with only the raceLog weight it is colonialFloridaHeuristic', () => {
    for (const view of randomGameViews(11, 3, 5).slice(0, -1)) {
      const shares = colonialFloridaValueShares(view, only('raceLog'));
      shares.forEach((s, seat) => expect(s).toBeCloseTo(colonialFloridaHeuristic(view, seat), 5));
    }
  });

  it('with the learned weights favours the richer player and a settlement of more income', () => {
    const view: GameView = {
      ...createMatch(colonialFlorida, { seed: 4, players: 3 }).view(0),
      pending: null,
    };
    const richer = {
      ...view,
      players: (view.players as { gold: number }[]).map((p, i) => ({
        ...p,
        gold: i === 1 ? 30 : 5,
      })),
    };
    expect(colonialFloridaValue(richer, 1)).toBeGreaterThan(colonialFloridaValue(richer, 0));
    type S = { controller: number | null; cards: string[] };
    const withCards = (cards: string[]): GameView => ({
      ...view,
      settlements: (view.settlements as S[]).map((s, i) =>
        i === 3 ? { ...s, controller: 0, cards } : s,
      ),
    });
    expect(colonialFloridaValue(withCards(['busy-port#1', 'importers#1']), 0)).toBeGreaterThan(
      colonialFloridaValue(withCards([]), 0),
    );
  });
});
