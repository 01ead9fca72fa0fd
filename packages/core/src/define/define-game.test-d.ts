import { describe, expectTypeOf, it } from 'vitest';
import { option } from '../options/options.js';
import { rejection } from '../result.js';
import { defineGame } from './define-game.js';
import type { OptionsOf } from './game.js';
import type { CardDefinition } from '../cards/cards.js';
import type { EffectHandler } from './types.js';

const bump: EffectHandler<S, unknown, CardDefinition, { by: number }> = (ctx, p) => {
  ctx.state.n += p.by;
};

interface S {
  n: number;
  done: boolean;
}
type A = { readonly type: 'add'; readonly by: number };

const add = {
  parse: (i: Readonly<Record<string, unknown>>) =>
    typeof i.by === 'number' ? { action: { type: 'add' as const, by: i.by } } : { error: 'by' },
  validate: (s: S, _seat: number, a: A) =>
    a.by > 0 ? undefined : rejection('bad', 'by must be positive'),
  resolve: (ctx: { state: S }, _seat: number, a: A) => {
    ctx.state.n += a.by;
    ctx.state.done = true;
  },
  enumerate: () => [{ type: 'add' as const, by: 1 }],
};

describe('defineGame inference', () => {
  it('infers option value types from the schema', () => {
    const _game = defineGame<S, A>()({
      id: 'g',
      name: 'G',
      rulesVersion: 1,
      players: { min: 1, max: 2 },
      options: {
        mode: option.enum(['fast', 'slow'], { default: 'fast', description: 'm' }),
        count: option.integer({ default: 1, description: 'c' }),
      },
      cards: [],
      zones: [],
      setup: (ctx) => {
        expectTypeOf(ctx.options.mode).toEqualTypeOf<'fast' | 'slow'>();
        return { n: ctx.options.count, done: false };
      },
      phases: [{ id: 'p', steps: [{ type: 'bump', params: { by: 2 } }] }],
      effects: { bump },
      actions: { add },
      toAct: (s) => (s.done ? [] : [0]),
      score: (s) => ({ scores: [s.n] }),
    });
    expectTypeOf<OptionsOf<typeof _game>['count']>().toEqualTypeOf<number>();
  });

  it('rejects a step naming an unknown effect or wrong params', () => {
    const base = {
      id: 'g',
      name: 'G',
      rulesVersion: 1,
      players: { min: 1, max: 2 },
      options: {},
      cards: [],
      zones: [],
      setup: () => ({ n: 0, done: false }),
      actions: { add },
      toAct: () => [0],
      score: () => ({ scores: [0] }),
    };
    defineGame<S, A>()({
      ...base,
      // @ts-expect-error 'bumpp' is not an effect
      phases: [{ id: 'p', steps: [{ type: 'bumpp' }] }],
      effects: { bump },
    });
    defineGame<S, A>()({
      ...base,
      // @ts-expect-error params.by must be a number
      phases: [{ id: 'p', steps: [{ type: 'bump', params: { by: 'x' } }] }],
      effects: { bump },
    });
  });
});
