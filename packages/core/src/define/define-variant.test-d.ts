import { describe, expectTypeOf, it } from 'vitest';
import { pig, type PigAction, type PigState } from '../games/pig.js';
import { defineVariant } from './define-variant.js';
import type { ActionOf, StateOf } from './game.js';
import type { EffectHandler } from './types.js';
import type { CardDefinition } from '../cards/cards.js';

describe('variant typing', () => {
  it('keeps the base state and action types', () => {
    const _variant = defineVariant(pig, { id: 'v', defaults: { target: 20 } });
    expectTypeOf<StateOf<typeof _variant>>().toEqualTypeOf<PigState>();
    expectTypeOf<ActionOf<typeof _variant>>().toEqualTypeOf<PigAction>();
  });

  it('rejects option defaults of the wrong type and unknown effects at compile time', () => {
    // @ts-expect-error target is a number
    defineVariant(pig, { id: 'v', defaults: { target: 'ten' } });
    defineVariant(pig, {
      id: 'v',
      // @ts-expect-error no effect named 'nope'
      phases: { insert: [{ phase: { id: 'x', steps: [{ type: 'nope' }] } }] },
    });
  });

  it('type-checks params of new effects', () => {
    const bonus: EffectHandler<PigState, unknown, CardDefinition, { points: number }> = () =>
      undefined;
    defineVariant(pig, {
      id: 'v',
      effects: { bonus },
      phases: {
        insert: [{ phase: { id: 'x', steps: [{ type: 'bonus', params: { points: 1 } }] } }],
      },
    });
    defineVariant(pig, {
      id: 'v',
      effects: { bonus },
      phases: {
        // @ts-expect-error points must be a number
        insert: [{ phase: { id: 'x', steps: [{ type: 'bonus', params: { points: 'one' } }] } }],
      },
    });
  });
});
