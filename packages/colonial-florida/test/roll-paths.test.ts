import { createEngine, defineVariant, Rng, type MatchState } from '@ruleloom/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  colonialFlorida,
  COLONIAL_FLORIDA_PHASES,
  type ColonialFloridaState,
} from '../src/index.js';

/** The base game with the markers' dice changed: other sides than 6, other counts. */
const oddDice = defineVariant(colonialFlorida, {
  id: 'colonial-florida-odd-dice',
  name: 'Colonial Florida with odd dice',
  phases: {
    replace: COLONIAL_FLORIDA_PHASES.filter(
      (p) => p.id !== 'rebuild' && p.id !== 'income' && p.id !== 'action',
    ).map((phase, i) => ({
      ...phase,
      steps: phase.steps.map((step) =>
        step.type === 'moveMarker'
          ? { ...step, params: { ...step.params, dice: ['2d8', 'd3', '3d3', '1d5'][i] as string } }
          : step,
      ),
    })),
  },
});

/**
 * The game rolls without the engine's dice look-up when nobody records (`rules/roll.ts`): the
 * same draws in the same order as the recorded roll, for every kind of dice. Both paths play
 * the same random game; the states (the generator's included) must match at every decision.
 */
function samePaths(game: typeof colonialFlorida, seed: number, players: number): number {
  const engine = createEngine(game, { players, options: { maxTurns: 40 } });
  let recorded: MatchState<ColonialFloridaState> = engine.initialState(seed).state;
  const silent = engine.clone(recorded);
  const rng = Rng.fromSeed(seed);
  let steps = 0;
  while (recorded.result === null) {
    const seat = engine.toAct(recorded)[0] as number;
    const legal = engine.legalActions(recorded, seat);
    const action = legal[rng.int(0, legal.length - 1)];
    const applied = engine.apply(recorded, seat, action);
    if (!applied.ok) throw new Error(applied.error.message);
    recorded = applied.state;
    engine.step(silent, seat, action as never, false, true);
    expect(engine.hash(silent)).toBe(engine.hash(recorded));
    steps++;
  }
  expect(silent.result).toEqual(recorded.result);
  return steps;
}

describe('rolls with and without recording', () => {
  it('draw the same dice for the game’s own dice and for odd ones', () => {
    let steps = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.constantFrom(2, 3),
        fc.boolean(),
        (seed, players, odd) => {
          steps += samePaths(odd ? oddDice : colonialFlorida, seed, players);
        },
      ),
      { numRuns: 12, seed: Number(process.env.FC_SEED ?? 42) },
    );
    expect(steps).toBeGreaterThan(100);
  });

  it('the odd dice are the ones rolled', () => {
    const match = createEngine(oddDice, { players: 2 }).initialState(3);
    const rolls = match.events.flatMap((e) =>
      e.type === 'roll' && 'dice' in e ? [String(e.dice)] : [],
    );
    expect(rolls).toEqual(expect.arrayContaining(['2d8', '1d3', '3d3', '1d5']));
  });
});
