import { describe, expect, it } from 'vitest';
import { GameDefinitionError } from '../errors/game-definition-error.js';
import { pig, type PigState } from '../games/pig.js';
import type { EffectHandler } from './types.js';
import type { CardDefinition } from '../cards/cards.js';
import { defineVariant } from './define-variant.js';
import { createMatch } from '../match/match.js';

describe('defineVariant', () => {
  it('changes option defaults without touching the base game', () => {
    const quick = defineVariant(pig, { id: 'quick-pig', defaults: { target: 10 } });
    expect(quick.options.target.default).toBe(10);
    expect(pig.options.target.default).toBe(50);
    const match = createMatch(quick, { seed: 3, players: 2 });
    while (!match.isOver) {
      const seat = match.toAct[0] ?? 0;
      const acts = match.legalActions(seat);
      match.apply(seat, acts.find((a) => a.type === 'hold') ?? acts[0]!);
    }
    expect(Math.max(...(match.result?.scores ?? []))).toBeGreaterThanOrEqual(10);
    expect(Math.max(...(match.result?.scores ?? []))).toBeLessThan(50);
  });

  it('inserts a phase that uses a new effect', () => {
    const bonus: EffectHandler<PigState, unknown, CardDefinition, { points: number }> = (
      ctx,
      p,
    ) => {
      ctx.state.scores[ctx.state.current] = (ctx.state.scores[ctx.state.current] ?? 0) + p.points;
    };
    const generous = defineVariant(pig, {
      id: 'generous-pig',
      effects: { bonus },
      phases: {
        insert: [
          {
            before: 'turn',
            phase: { id: 'gift', steps: [{ type: 'bonus', params: { points: 5 } }] },
          },
        ],
      },
    });
    expect(generous.phases.map((p) => p.id)).toEqual(['gift', 'turn']);
    const match = createMatch(generous, { seed: 1, players: 2 });
    expect(match.state.game.scores[0]).toBe(5);
  });

  it('lists every wrong name in one error', () => {
    expect(() =>
      defineVariant(pig, {
        id: 'bad-pig',
        defaults: { targt: 3 } as never,
        phases: { remove: ['trun'], insert: [{ after: 'nope', phase: { id: 'x' } }] },
      }),
    ).toThrow(GameDefinitionError);
    try {
      defineVariant(pig, {
        id: 'bad-pig',
        defaults: { targt: 3 } as never,
        phases: { remove: ['trun'] },
      });
    } catch (e) {
      expect((e as GameDefinitionError).problems).toEqual([
        {
          path: 'defaults.targt',
          message: "the base game has no option 'targt'. Did you mean 'target'?",
        },
        { path: 'phases.remove[0]', message: "no phase 'trun' to remove. Did you mean 'turn'?" },
      ]);
    }
  });

  it('re-checks the derived definition (removing a phase another refers to fails)', () => {
    expect(() => defineVariant(pig, { id: 'empty-pig', phases: { remove: ['turn'] } })).toThrow(
      /at least one phase/,
    );
  });
});
