import { describe, expect, it } from 'vitest';
import {
  createMatch,
  defineVariant,
  GameDefinitionError,
  SetupError,
  validateSetup,
} from '../index.js';
import { pig } from '../games/pig.js';
import {
  codedProblem,
  definitionProblemCode,
  setupProblemCode,
  withCodes,
  type Problem,
} from './problem.js';

function setupError(setup: unknown): SetupError {
  try {
    createMatch(pig, setup as never);
  } catch (e) {
    if (e instanceof SetupError) return e;
    throw e;
  }
  throw new Error('expected a SetupError');
}

describe('problem codes', () => {
  it('a setup error codes each problem by what is wrong, and its JSON stays { path, message }', () => {
    const error = setupError({ seed: 1.5, players: 0, colour: 1, options: { colour: 'red' } });
    const codes = error.problems.map((p) => [p.path, p.code]);
    expect(codes).toEqual([
      ['seed', 'invalid_seed'],
      ['colour', 'unknown_setup_field'],
      ['players', 'invalid_players'],
      ['options.colour', 'unknown_option'],
    ]);
    const json = JSON.parse(JSON.stringify(error.problems)) as unknown[];
    for (const p of json) expect(Object.keys(p as object).sort()).toEqual(['message', 'path']);
  });

  it('an option of the wrong value is invalid_option, a bad card override invalid_card', () => {
    expect(setupProblemCode('options.target')).toBe('invalid_option');
    expect(setupProblemCode('options.cards.replace[0].id')).toBe('invalid_card');
    expect(setupProblemCode('setup')).toBe('invalid_setup');
  });

  it('a definition error codes params, references, phases and top-level fields', () => {
    let error: unknown;
    try {
      defineVariant(pig, {
        id: 'pig-broken',
        phases: {
          replace: [{ id: 'turn', steps: [{ type: 'startTrun' }], next: [{ to: 'nowhere' }] }],
        },
      } as never);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(GameDefinitionError);
    const problems = (error as GameDefinitionError).problems;
    expect(problems.length).toBeGreaterThan(0);
    for (const p of problems) expect(p.code).toBe(definitionProblemCode(p.path));
    expect(problems.map((p) => p.code)).toContain('invalid_reference');
  });

  it('classifies definition paths', () => {
    expect(definitionProblemCode('phases[0].steps[1].params')).toBe('invalid_params');
    expect(definitionProblemCode('cards[3].effect.params.amount')).toBe('invalid_params');
    expect(definitionProblemCode('phases[0].steps[1].type')).toBe('invalid_reference');
    expect(definitionProblemCode('phases[0].next[0].to')).toBe('invalid_reference');
    expect(definitionProblemCode('phases[1].id')).toBe('invalid_phase');
    expect(definitionProblemCode('cards[2].id')).toBe('invalid_card');
    expect(definitionProblemCode('rulesVersion')).toBe('invalid_definition');
  });

  it("keeps a problem's own code, and codes the others from their path", () => {
    const own: Problem = { path: 'players', message: 'x', code: 'invalid_setup' };
    const coded = withCodes([own, { path: 'seed', message: 'y' }], setupProblemCode);
    expect(coded.map((p) => p.code)).toEqual(['invalid_setup', 'invalid_seed']);
    const kept = codedProblem('a', 'b', 'invalid_phase');
    expect(withCodes([kept], setupProblemCode)[0]).toBe(kept);
  });
});

describe('validateSetup', () => {
  it('codes every error, and its JSON stays { path, message }', () => {
    const r = validateSetup(pig, { seed: 1, players: 99, options: { target: 1 } });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((p) => p.code)).toEqual(['invalid_players', 'invalid_option']);
    expect(JSON.parse(JSON.stringify(r.errors))).toEqual([
      { path: 'players', message: expect.any(String) as unknown },
      { path: 'options.target', message: expect.any(String) as unknown },
    ]);
    const notObject = validateSetup(pig, 'x');
    expect(!notObject.ok && notObject.errors[0]?.code).toBe('invalid_setup');
  });
});
