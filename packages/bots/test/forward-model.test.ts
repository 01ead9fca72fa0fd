import {
  Engine,
  publicOptions,
  Rng,
  type ActionBase,
  type AnyGame,
  type MatchState,
} from '@ruleloom/core';
import { lawSeed, playWalk, walkArbitrary } from '@ruleloom/core/testing';
import { stAugustine, stAugustineHeuristic } from '@ruleloom/st-augustine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cheatingMctsBot, mctsBot, type BotRules, type MctsParams } from '../src/index.js';
import { createBotInput } from '../src/tournament/bot-input.js';

const game = stAugustine as unknown as AnyGame;
const setups = [2, 3, 4, 5].map((players) => ({ players, options: { trading: 'off' } }));

/** Settings that exercise every path of the search: random, heuristic and lookahead rollouts. */
const settings: readonly MctsParams[] = [
  { iterations: 60 },
  { iterations: 30, rollout: 'heuristic', heuristic: stAugustineHeuristic, rolloutDepth: 8 },
  {
    iterations: 40,
    rollout: 'lookahead',
    opponentRollout: 'lookahead',
    opponentsInTree: 'model',
    amountCandidates: 1,
    heuristic: stAugustineHeuristic,
    rolloutDepth: 12,
  },
];

/** The rules a bot gets, with a count of the engine steps it asks for. */
function countingRules(engine: Engine): { rules: BotRules; steps: () => number } {
  let steps = 0;
  const rules = new Proxy(engine, {
    get(target, key, receiver) {
      if (key === 'step')
        return (...args: Parameters<Engine['step']>) => {
          steps++;
          return target.step(...args);
        };
      const value: unknown = Reflect.get(target, key, receiver);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
  return { rules: rules as unknown as BotRules, steps: () => steps };
}

/** What a bot receives at a position of the true match, with its own rules and seed. */
function inputAt(truth: Engine, state: MatchState, seat: number, rules: BotRules, seed: number) {
  return createBotInput(truth as unknown as BotRules, state, seat, rules, Rng.fromSeed(seed));
}

describe("search on St. Augustine's forward model", () => {
  const positions = fc.record({
    walk: walkArbitrary(setups),
    stop: fc.nat({ max: 150 }),
    botSeed: fc.integer(),
  });

  it('makes exactly the same choices as search on the engine, without stepping the engine', async () => {
    await fc.assert(
      fc.asyncProperty(positions, async ({ walk, stop, botSeed }) => {
        let position: { state: MatchState; seat: number } | undefined;
        playWalk(game, walk, 20_000, (step) => {
          if (step.index <= stop) position = { state: step.state, seat: step.seat };
        });
        if (position === undefined) return;
        const { state, seat } = position;
        const setup = {
          players: walk.setup.players,
          options: publicOptions(game, walk.setup.options ?? {}),
        };
        const truth = new Engine(game, walk.setup);
        for (const params of settings) {
          const choices: ActionBase[] = [];
          const engineSteps: number[] = [];
          for (const forwardModel of [true, false]) {
            const counted = countingRules(new Engine(game, setup));
            const input = inputAt(truth, state, seat, counted.rules, botSeed);
            choices.push(await mctsBot({ ...params, forwardModel }).act(input));
            engineSteps.push(counted.steps());
          }
          expect(choices[0]).toEqual(choices[1]);
          expect(engineSteps[0]).toBe(0);
          expect(engineSteps[1]).toBeGreaterThan(0);
        }
        // The cheating bot too (it samples from the true state).
        const cheating: ActionBase[] = [];
        for (const forwardModel of [true, false]) {
          const input = inputAt(truth, state, seat, truth, botSeed);
          cheating.push(
            await cheatingMctsBot({ iterations: 40, forwardModel }).actWithState({
              ...input,
              state: truth.clone(state),
              engine: truth,
            }),
          );
        }
        expect(cheating[0]).toEqual(cheating[1]);
      }),
      { seed: lawSeed(), numRuns: 12 },
    );
  }, 120_000);

  it('falls back to the engine when the setup has no forward model (trading on)', async () => {
    const setup = { players: 3, options: { trading: 'on' } };
    const engine = new Engine(game, setup);
    expect(engine.forwardModel()).toBeUndefined();
    const { state } = engine.initialState(7);
    const seat = engine.toAct(state)[0] as number;
    const counted = countingRules(new Engine(game, setup));
    const input = inputAt(engine, state, seat, counted.rules, 1);
    const action = await mctsBot({ iterations: 20 }).act(input);
    expect(engine.legalActions(state, seat)).toContainEqual(action);
    expect(counted.steps()).toBeGreaterThan(0);
  });
});
