import { createEngine, createMatch, Rng, type GameView } from '@ruleloom/core';
import { describe, expect, it } from 'vitest';
import { colonialFlorida } from '../src/game.js';
import {
  colonialFloridaHeuristic,
  colonialFloridaHeuristicFor,
  ringSizeOf,
} from '../src/heuristics.js';
import { colonialFloridaKit } from '../src/kit/index.js';
import type { RingMap } from '../src/map/map.js';
import { colonialFloridaValue, colonialFloridaValueFor } from '../src/value.js';
import { COLONIAL_FLORIDA_FEATURES, colonialFloridaFeatures } from '../src/value-features.js';

/** A 24-space ring, every third space a settlement (spaces 3, 6, ..., 24). */
const MAP24: RingMap = {
  spaces: Array.from({ length: 24 }, (_, i) => ({
    name: `Space ${String(i + 1)}`,
    settlement: (i + 1) % 3 === 0,
  })),
};
const OPTIONS = { map: MAP24, goldToWin: 30 };
const FOUND = COLONIAL_FLORIDA_FEATURES.indexOf('landFound');
const OWN = COLONIAL_FLORIDA_FEATURES.indexOf('landOwn');

interface Settlement {
  readonly space: number;
  readonly controller: number | null;
}
interface Player {
  readonly pawn: number;
  readonly markersLeft: number;
}

/** 2 when an unclaimed settlement `seat` can found, 1 its own, 0 elsewhere (as the features rank). */
function kindOf(view: GameView, seat: number, space: number): number {
  const s = (view.settlements as Settlement[]).find((x) => x.space === space);
  if (s === undefined) return 0;
  if (s.controller === null) return (view.players as Player[])[seat]!.markersLeft > 0 ? 2 : 0;
  return s.controller === seat ? 1 : 0;
}

/**
 * Every pending move of random games on the 24-space map, with where each die takes the pawn
 * by the rules (the engine applies the move; the landing is read from the next view).
 */
function pendingMoves(seeds: readonly number[]) {
  const engine = createEngine(colonialFlorida, { players: 3, options: OPTIONS });
  const found: { view: GameView; seat: number; landings: [number, number] }[] = [];
  for (const seed of seeds) {
    const match = createMatch(colonialFlorida, { seed, players: 3, options: OPTIONS });
    const rng = Rng.fromSeed(seed);
    for (let i = 0; !match.isOver && i < 1500; i++) {
      const seat = match.toAct[0] as number;
      const view = match.view(seat);
      const pending = view.pending as { type: string; seat: number } | null;
      if (pending?.type === 'move') {
        const landings = ([0, 1] as const).map((die) => {
          const after = engine.apply(match.state, seat, { type: 'move', die });
          if (!after.ok) throw new Error(after.error.message);
          return (after.state.game as { players: Player[] }).players[seat]!.pawn;
        }) as [number, number];
        found.push({ view, seat, landings });
      }
      const legal = match.legalActions(seat);
      match.apply(seat, legal[rng.int(0, legal.length - 1)]!);
    }
  }
  return found;
}

describe('evaluations on a custom 24-space map', () => {
  const rules = createEngine(colonialFlorida, { players: 3, options: OPTIONS });
  const moves = pendingMoves([1, 2]);

  it('reads the ring size from the rules of the match', () => {
    expect(ringSizeOf(rules)).toBe(24);
    expect(ringSizeOf(createEngine(colonialFlorida, { players: 3 }))).toBe(36);
    expect(moves.length).toBeGreaterThan(20);
    const { view, seat } = moves[0]!;
    expect(colonialFloridaKit.heuristic!(rules)(view, seat)).toBe(
      colonialFloridaHeuristicFor(rules)(view, seat),
    );
  });

  it("the features' next landing is where the rules move the pawn", () => {
    let wrapped = 0;
    let wrongOnDefaultRing = 0;
    for (const { view, seat, landings } of moves) {
      const best = Math.max(...landings.map((space) => kindOf(view, seat, space)));
      const f = colonialFloridaFeatures(view, ringSizeOf(rules))[seat]!;
      expect([f[FOUND], f[OWN]]).toEqual([best === 2 ? 1 : 0, best === 1 ? 1 : 0]);
      const pawn = (view.players as Player[])[seat]!.pawn;
      if (landings.some((l) => l < pawn)) wrapped++;
      const old = colonialFloridaFeatures(view)[seat]!;
      if (old[FOUND] !== f[FOUND] || old[OWN] !== f[OWN]) wrongOnDefaultRing++;
    }
    // The games cross the end of the ring, where the default ring's reading is wrong.
    expect(wrapped).toBeGreaterThan(0);
    expect(wrongOnDefaultRing).toBeGreaterThan(0);
  });

  it("the kit's heuristic values a founding across the end of the ring; the default ring's misses it", () => {
    const heuristic = colonialFloridaKit.heuristic!(rules);
    const value = colonialFloridaValueFor(rules);
    let checked = 0;
    for (const { view, seat, landings } of moves) {
      const pawn = (view.players as Player[])[seat]!.pawn;
      // A roll that founds across the end of the ring (by the rules), where the default ring
      // sees spaces past 24 that do not exist.
      if (!landings.some((l) => l < pawn && kindOf(view, seat, l) === 2)) continue;
      if (landings.some((l) => l >= pawn && kindOf(view, seat, l) > 0)) continue;
      // The same position with doubles that land nowhere, on either ring.
      const dull = [1, 2, 3, 4, 5, 6].find((d) => {
        const on24 = ((pawn - 1 + d) % 24) + 1;
        return kindOf(view, seat, on24) === 0 && kindOf(view, seat, pawn + d) === 0;
      });
      if (dull === undefined) continue;
      const pending = view.pending as Record<string, unknown>;
      const other: GameView = { ...view, pending: { ...pending, dice: [dull, dull] } };
      checked++;
      expect(heuristic(view, seat)).toBeGreaterThan(heuristic(other, seat));
      expect(colonialFloridaHeuristic(view, seat)).toBe(colonialFloridaHeuristic(other, seat));
      expect(value(view, seat)).not.toBe(value(other, seat));
      expect(colonialFloridaValue(view, seat)).toBe(colonialFloridaValue(other, seat));
      const shares = [0, 1, 2].map((s) => heuristic(view, s));
      expect(shares.reduce((a, b) => a + b, 0)).toBeCloseTo(1);
    }
    expect(checked).toBeGreaterThan(0);
  });
});
