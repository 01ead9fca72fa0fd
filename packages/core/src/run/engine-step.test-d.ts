import { describe, expectTypeOf, it } from 'vitest';
import { pig, type PigAction } from '../games/pig.js';
import { createMatch } from '../match/match.js';
import type { StepResult } from './engine.js';

describe('engine.step types', () => {
  const match = createMatch(pig, { seed: 1, players: 2 });
  const state = match.engine.clone(match.state);

  it('a trusted step takes only an action of the game', () => {
    expectTypeOf(
      match.engine.step(state, 0, { type: 'roll' }, false, true),
    ).toEqualTypeOf<StepResult>();
    const action: PigAction = { type: 'hold' };
    match.engine.step(state, 0, action, [], true);
    // @ts-expect-error an action of no such type cannot be stepped trusted
    match.engine.step(state, 0, { type: 'bid', amount: 3 }, false, true);
    const input: unknown = JSON.parse('{"type":"roll"}');
    // @ts-expect-error unknown input must go through the validating step
    match.engine.step(state, 0, input, false, true);
  });

  it('a validated step takes anything (it parses and validates)', () => {
    const input: unknown = JSON.parse('{"type":"roll"}');
    expectTypeOf(match.engine.step(state, 0, input)).toEqualTypeOf<StepResult>();
    match.engine.step(state, 0, input, [], false);
  });
});
