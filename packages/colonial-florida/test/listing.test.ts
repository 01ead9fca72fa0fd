import type { ActionBase, Engine, Game, MatchState, RulesSetup } from '@ruleloom/core';
import { playWalk, walkArbitrary } from '@ruleloom/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { colonialFlorida as GAME } from '../src/index.js';

const SETUPS: readonly RulesSetup[] = [{ players: 3 }, { players: 2, options: { maxTurns: 30 } }];

type AnyGame = Game;

/** Every action of a seat as every handler of the game lists it, in handler order. */
function everyHandler(engine: Engine, state: MatchState, seat: number): ActionBase[] {
  const out: ActionBase[] = [];
  for (const handler of Object.values((GAME as unknown as AnyGame).actions))
    out.push(...handler.enumerate(state.game, seat, engine));
  return out;
}

describe('listing legal actions through the fast paths', () => {
  it('legalActions (only the handlers each phase declares) and sharedLegalActions list what every handler lists; shared lists never change', () => {
    let decisions = 0;
    fc.assert(
      fc.property(walkArbitrary(SETUPS), (walk) => {
        let kept: { list: readonly ActionBase[]; json: string } | undefined;
        playWalk(GAME as unknown as AnyGame, walk, 20_000, ({ state, seat }, engine) => {
          const full = everyHandler(engine, state, seat);
          expect(engine.legalActions(state, seat)).toEqual(full);
          const shared = engine.sharedLegalActions(state, seat);
          expect(shared).toEqual(full);
          // A list handed out earlier is unchanged by every later listing and step.
          if (kept !== undefined) expect(JSON.stringify(kept.list)).toBe(kept.json);
          if (decisions % 5 === 0) kept = { list: shared, json: JSON.stringify(shared) };
          decisions++;
        });
      }),
      { numRuns: 20, seed: Number(process.env.FC_SEED ?? 42) },
    );
    expect(decisions).toBeGreaterThan(200);
  });
});
