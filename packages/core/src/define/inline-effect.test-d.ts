import { describe, it } from 'vitest';
import type { CardDefinition } from '../cards/cards.js';
import { rejection } from '../result.js';
import { defineGame } from './define-game.js';
import type { EffectHandler } from './types.js';

interface S {
  n: number;
  done: boolean;
}
type A = { readonly type: 'add'; readonly by: number };
const add = {
  parse: (i: Readonly<Record<string, unknown>>) =>
    typeof i.by === 'number' ? { action: { type: 'add' as const, by: i.by } } : { error: 'by' },
  validate: (_s: S, _seat: number, a: A) =>
    a.by > 0 ? undefined : rejection('bad', 'by must be positive'),
  resolve: (ctx: { state: S }, _seat: number, a: A) => {
    ctx.state.n += a.by;
    ctx.state.done = true;
  },
  enumerate: () => [{ type: 'add' as const, by: 1 }],
};
const reset: EffectHandler<S> = (ctx) => {
  ctx.state.n = 0;
};
const base = {
  id: 'g',
  name: 'G',
  rulesVersion: 1,
  players: { min: 1, max: 2 },
  options: {},
  cards: [] as CardDefinition[],
  zones: [],
  setup: () => ({ n: 0, done: false }),
  actions: { add },
  toAct: () => [0],
  score: () => ({ scores: [0] }),
};

describe('inline effects with annotated params', () => {
  it('compile, and steps are checked against their params', () => {
    defineGame<S, A>()({
      ...base,
      phases: [{ id: 'p', steps: [{ type: 'bump', params: { by: 2 } }, { type: 'reset' }] }],
      effects: {
        bump: (ctx, p: { by: number }) => {
          ctx.state.n += p.by;
        },
        reset,
      },
    });
    defineGame<S, A>()({
      ...base,
      // @ts-expect-error params.by must be a number
      phases: [{ id: 'p', steps: [{ type: 'bump', params: { by: 'two' } }] }],
      effects: {
        bump: (ctx, p: { by: number }) => {
          ctx.state.n += p.by;
        },
      },
    });
  });

  it('an unannotated inline handler still compiles (its params are checked at run time)', () => {
    defineGame<S, A>()({
      ...base,
      phases: [{ id: 'p', steps: [{ type: 'zero' }, { type: 'bump', params: { by: 1 } }] }],
      effects: {
        zero: (ctx) => {
          ctx.state.n = 0;
        },
        bump: (ctx, p: { by: number }) => {
          ctx.state.n += p.by;
        },
      },
    });
  });
});
