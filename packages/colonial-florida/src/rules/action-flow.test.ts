import { playWalk, walkArbitrary } from '@ruleloom/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { colonialFlorida } from '../game.js';
import { countCombatantMoves, listCombatantMoves } from './action-flow.js';

describe('countCombatantMoves', () => {
  it('counts exactly the steps listCombatantMoves lists, for every seat of reachable states', () => {
    let withMoves = 0;
    fc.assert(
      fc.property(
        walkArbitrary([{ players: 2 }, { players: 3, options: { maxTurns: 40 } }]),
        fc.nat(),
        (walk, pick) => {
          playWalk(colonialFlorida, walk, 20_000, ({ state }, engine) => {
            const s = state.game;
            for (let seat = 0; seat < engine.players; seat++) {
              // Some already moved cards: the pending ones, or any attached card.
              const attached = s.settlements.flatMap((x) => x.cards);
              const moved =
                s.pending?.type === 'moveCombatant'
                  ? s.pending.moved
                  : attached.filter((_, i) => (pick >> i) % 3 === 0);
              for (const list of [[], moved]) {
                const listed = listCombatantMoves(s, engine, seat, list);
                expect(countCombatantMoves(s, engine, seat, list)).toBe(listed.length);
                expect(countCombatantMoves(s, engine, seat, list, true)).toBe(
                  Math.min(1, listed.length),
                );
                if (listed.length > 0) withMoves++;
              }
            }
          });
        },
      ),
      { numRuns: 25, seed: Number(process.env.FC_SEED ?? 42) },
    );
    // The property must have met positions with moves to count.
    expect(withMoves).toBeGreaterThan(0);
  });
});
