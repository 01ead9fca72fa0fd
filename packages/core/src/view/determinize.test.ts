import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AnyGame } from '../define/game.js';
import { Rng } from '../rng/rng.js';
import { lawSeed } from '../testing/laws.js';
import { drawAndPlay } from '../games/draw-and-play.js';
import { pig } from '../games/pig.js';
import { playWalk, walkArbitrary } from '../testing/walk.js';
import { cloneJson } from '../util/clone.js';
import { collectZoneCards, type ZoneDeclaration } from '../zones/zone.js';
import { dealHiddenZones, determinizeView, type GameView } from './view.js';

/**
 * The plain reading of determinization, as first written: a deep copy of the view, a map
 * of remaining card counts, a shuffled pool dealt into each hidden zone (the dealing is
 * shared). The optimised copy and count must deal exactly the same cards from the same draws.
 */
function plainDeterminize(
  view: GameView,
  zones: readonly ZoneDeclaration[],
  allCards: readonly string[],
  rng: Rng,
): unknown {
  const { phase: _phase, ...rest } = view;
  const game = cloneJson(rest) as Record<string, unknown>;
  const remaining = new Map<string, number>();
  for (const id of allCards) remaining.set(id, (remaining.get(id) ?? 0) + 1);
  for (const id of collectZoneCards(game, zones)) {
    const n = remaining.get(id);
    if (n !== undefined) remaining.set(id, n - 1);
  }
  const pool: string[] = [];
  for (const [id, n] of remaining) for (let i = 0; i < n; i++) pool.push(id);
  rng.shuffle(pool);
  dealHiddenZones(game, zones, pool);
  return game;
}

const games: readonly { game: AnyGame; players: number[] }[] = [
  { game: drawAndPlay, players: [2, 3, 4] },
  { game: pig, players: [2, 3] },
];

describe('determinizeView', () => {
  for (const { game, players } of games) {
    it(`${game.id}: deals what the plain reading deals, from the same draws, and leaves the view alone`, () => {
      const setups = players.map((n) => ({ players: n }));
      fc.assert(
        fc.property(walkArbitrary(setups), fc.integer(), (walk, drawSeed) => {
          playWalk(game, walk, 5_000, ({ index, state }, engine) => {
            if (index % 4 !== 0) return;
            for (const viewer of [...Array(engine.players).keys(), 'spectator' as const]) {
              const view = engine.view(state, viewer);
              const before = JSON.stringify(view);
              const a = Rng.fromSeed(drawSeed);
              const b = Rng.fromSeed(drawSeed);
              const fast = determinizeView(view, game.zones, engine.cards.instanceIds, a);
              const plain = plainDeterminize(view, game.zones, engine.cards.instanceIds, b);
              expect(JSON.stringify(view)).toBe(before);
              expect(fast).toEqual(plain);
              expect(a.int(0, 1_000_000)).toBe(b.int(0, 1_000_000));
              // The engine's determinization is a private copy: stepping it changes no view.
              const sample = engine.determinize(view, a);
              const seat = engine.toAct(sample)[0];
              const legal = seat === undefined ? [] : engine.legalActions(sample, seat);
              if (seat !== undefined && legal.length > 0) engine.step(sample, seat, legal[0]);
              expect(JSON.stringify(view)).toBe(before);
            }
          });
        }),
        { seed: lawSeed(), numRuns: 40 },
      );
    });
  }
});
