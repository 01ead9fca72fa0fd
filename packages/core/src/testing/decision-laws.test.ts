import { describe, expect, it } from 'vitest';
import { finishGame } from '../define/define-game.js';
import { GameDefinitionError } from '../errors/game-definition-error.js';
import { pig } from '../games/pig.js';
import { createEngine } from '../run/engine.js';
import { gameLaws } from './laws.js';

type Pig = typeof pig;

/** Pig declaring one kind of decision, answered by `answers`. */
function declaring(answers: readonly ('roll' | 'hold')[]): Pig {
  return finishGame<Pig>({
    ...pig,
    decisions: { turn: answers },
    awaitedDecision: () => 'turn',
  });
}

const DECISION_LAW = 'its declared phase actions and decisions leave out no legal action';

function lawOf(game: Pig) {
  const law = gameLaws({ game, setups: [{ players: 2 }], numRuns: 4 }).find((l) =>
    l.name.endsWith(DECISION_LAW),
  );
  if (law === undefined) throw new Error('no decision law');
  return law;
}

/** Why the law fails on `game` (fast-check reports the law's own error as the cause). */
function lawFailure(game: Pig): string {
  try {
    lawOf(game).run();
  } catch (error) {
    return String((error as { cause?: unknown }).cause);
  }
  return 'the law held';
}

describe('declared kinds of decision (decisions, awaitedDecision)', () => {
  it('list only the handlers of the decision awaited, and the laws hold when none is left out', () => {
    // Named in another order than the handlers: the legal actions keep the handlers' order.
    const game = declaring(['hold', 'roll']);
    expect(() => lawOf(game).run()).not.toThrow();
    const engine = createEngine(game, { players: 2 });
    const plain = createEngine(pig, { players: 2 });
    const state = engine.initialState(7).state;
    expect(engine.legalActions(state, 0)).toEqual(plain.legalActions(state, 0));
  });

  it('a decision that leaves out a legal action is caught by the laws', () => {
    expect(lawFailure(declaring(['roll']))).toMatch(
      /^Error: (at decision \d+ \(phase 'turn', decision 'turn'\), seat \d: legalActions lists 1 actions, every handler together 2: a declaration leaves out an action type \('hold'\)\. Fix: add 'hold' to the actions of phase 'turn' or of the decision awaited, or make its handler's enumerate list nothing there|the first decision differs from the game asking every handler: .*\. Fix: add the missing action type to the phase's actions \(or the decision's list\): decision 'turn' lists no 'hold')\.$/,
    );
  });

  it("a phase's declared actions that leave out a legal action are caught by the same law", () => {
    const game = finishGame<Pig>({
      ...pig,
      phases: pig.phases.map((phase) => ({ ...phase, actions: ['roll'] })),
    });
    expect(lawFailure(game)).toMatch(
      /^Error: (at decision \d+ \(phase 'turn'\), seat \d: .*a declaration leaves out an action type \('hold'\)\. Fix: add 'hold' to the actions of phase 'turn', or make|the first decision differs from the game asking every handler: .*\. Fix: add the missing action type to the phase's actions \(or the decision's list\): phase 'turn' lists no 'hold')/,
    );
  });

  it('an unknown kind awaited is an engine error naming the declared kinds', () => {
    const game = finishGame<Pig>({
      ...pig,
      decisions: { turn: ['roll', 'hold'] },
      awaitedDecision: () => 'tunr',
    });
    const engine = createEngine(game, { players: 2 });
    expect(() => engine.initialState(1)).toThrow(
      /awaitedDecision gave 'tunr', which is not one of its decisions \(turn\)/,
    );
  });

  it('defineGame lists every problem of the declaration', () => {
    const problems = (definition: Record<string, unknown>) => {
      try {
        finishGame({ ...pig, ...definition });
      } catch (error) {
        if (error instanceof GameDefinitionError) return error.problems;
        throw error;
      }
      return [];
    };
    expect(problems({ decisions: { turn: ['hold', 'rol'], none: [] } })).toEqual([
      {
        path: 'awaitedDecision',
        message: 'decisions need awaitedDecision, which names the one awaited now',
      },
      { path: 'decisions.turn[1]', message: "unknown action type 'rol'. Did you mean 'roll'?" },
      { path: 'decisions.none', message: 'should list at least one action type' },
    ]);
    expect(problems({ awaitedDecision: () => 'turn' })).toEqual([
      { path: 'decisions', message: 'awaitedDecision needs the decisions it names' },
    ]);
  });
});
