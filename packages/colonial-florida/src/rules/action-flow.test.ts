import { playWalk, walkArbitrary } from '@ruleloom/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { colonialFlorida } from '../game.js';
import type { Rules } from '../context.js';
import type { ColonialFloridaState } from '../state.js';
import { countCombatantMoves, listCombatantMoves } from './action-flow.js';
import { getMapLayout } from '../map/map.js';
import { cardInfo } from './card-info.js';

/** The rule written out plainly, without any shortcut: M cards of the seat's settlements, not
 * moved yet, times the adjacent settlements the seat controls. */
function plainCount(
  s: ColonialFloridaState,
  rules: Rules,
  seat: number,
  moved: readonly string[],
): number {
  const { neighbours } = getMapLayout(rules.options.map);
  let n = 0;
  s.settlements.forEach((settlement, i) => {
    if (settlement.controller !== seat) return;
    const targets = (neighbours[i] ?? []).filter(
      (k) => s.settlements[k]?.controller === seat,
    ).length;
    for (const card of settlement.cards)
      if (cardInfo(rules, card).movable && !moved.includes(card)) n += targets;
  });
  return n;
}

describe('countCombatantMoves', () => {
  it('counts exactly the steps listCombatantMoves lists, and both follow the plain rule, for every seat of reachable states', () => {
    let withMoves = 0;
    let emptyBoards = 0;
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
                expect(listed.length).toBe(plainCount(s, engine, seat, list));
                expect(countCombatantMoves(s, engine, seat, list)).toBe(listed.length);
                expect(countCombatantMoves(s, engine, seat, list, true)).toBe(
                  Math.min(1, listed.length),
                );
                if (listed.length > 0) withMoves++;
                if (s.settlements.every((x) => x.cards.length === 0)) emptyBoards++;
              }
            }
          });
        },
      ),
      { numRuns: 25, seed: Number(process.env.FC_SEED ?? 42) },
    );
    // The property must have met positions with moves to count.
    expect(withMoves).toBeGreaterThan(0);
    // ... and positions with no card on the board (the shortcut).
    expect(emptyBoards).toBeGreaterThan(0);
  });
});
