import { describe, expect, it } from 'vitest';
import { GameDefinitionError } from '../errors/game-definition-error.js';
import { pig } from '../games/pig.js';
import { pigKit } from '../games/pig-kit.js';
import { pigPresenter } from '../games/pig-present.js';
import { defineMetric, type GameMetric } from '../metrics/game-metrics.js';
import { defineKit, isGameKit } from './game-kit.js';

describe('defineKit', () => {
  it('marks a valid kit, which isGameKit recognises', () => {
    const kit = defineKit({
      game: pig,
      presenter: pigPresenter,
      defaultSetup: { players: 2 },
      quickSetups: { quick: { players: 2, options: { target: 30 } } },
    });
    expect(isGameKit(kit)).toBe(true);
    expect(Object.isFrozen(kit)).toBe(true);
    expect(isGameKit({ game: pig, defaultSetup: { players: 2 } })).toBe(false);
    expect(isGameKit(null)).toBe(false);
  });

  it('lists every problem of a kit with its path', () => {
    let error: unknown;
    try {
      defineKit({
        game: pig,
        presenter: { ...pigPresenter, gameId: 'other' },
        defaultSetup: { players: 9 },
        quickSetups: { quick: { players: 2, options: { target: -3, colour: 'red' } } },
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(GameDefinitionError);
    const paths = (error as GameDefinitionError).problems.map((p) => p.path);
    expect(paths).toContain('presenter.gameId');
    expect(paths).toContain('defaultSetup.players');
    expect(paths.some((p) => p.startsWith('quickSetups.quick.options.target'))).toBe(true);
    expect(paths.some((p) => p.startsWith('quickSetups.quick.options.colour'))).toBe(true);
  });

  it('carries a declared benchmark, and lists every problem of a malformed one with its path', () => {
    const kit = defineKit({
      game: pig,
      defaultSetup: { players: 2 },
      quickSetups: { bench: { players: 2, options: { target: 30 } } },
      benchmark: { policy: 'uniform', scaling: { '4 players': { players: 4 } } },
    });
    expect(kit.benchmark?.scaling?.['4 players']).toEqual({ players: 4 });
    let error: unknown;
    try {
      defineKit({
        game: pig,
        defaultSetup: { players: 2 },
        benchmark: {
          setup: 'missing',
          policy: 'greedy' as 'uniform',
          policyName: '',
          scaling: {
            '9 players': { players: 9 },
            negative: { players: 2, options: { target: -1 } },
          },
        },
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(GameDefinitionError);
    const paths = (error as GameDefinitionError).problems.map((p) => p.path);
    expect(paths.slice(0, 4)).toEqual([
      'benchmark.setup',
      'benchmark.policy',
      'benchmark.policyName',
      'benchmark.scaling.9 players.players',
    ]);
    expect(paths.some((p) => p.startsWith('benchmark.scaling.negative.options.target'))).toBe(true);
    expect(() =>
      defineKit({
        game: pig,
        defaultSetup: { players: 2 },
        benchmark: { policy: 'uniform', scaling: [] as unknown as Record<string, never> },
      }),
    ).toThrow(/benchmark\.scaling/);
  });

  it("Pig's kit is a kit of the game to 50 for two, with quick and bench setups", () => {
    expect(isGameKit(pigKit)).toBe(true);
    expect(pigKit.defaultSetup.players).toBe(2);
    expect(Object.keys(pigKit.quickSetups ?? {})).toEqual(['quick', 'bench']);
    expect(pigKit.heuristic).toBeUndefined();
  });

  it('carries its metrics, and lists every problem of malformed ones with its path', () => {
    const holds = defineMetric({
      id: 'holds',
      description: 'Times a player banked their turn total.',
      kind: 'value',
      measure: (t) => t.steps.filter((s) => s.action === 'hold').length,
    });
    const kit = defineKit({
      game: pig,
      defaultSetup: { players: 2 },
      metrics: { metrics: [holds] },
    });
    expect(kit.metrics?.metrics?.map((m) => m.id)).toEqual(['holds']);
    let error: unknown;
    try {
      defineKit({
        game: pig,
        defaultSetup: { players: 2 },
        metrics: {
          metrics: [
            holds,
            holds,
            { id: '', description: 'x', kind: 'mean', measure: 3 } as unknown as GameMetric,
          ],
          cardGroups: 'type' as unknown as () => string[],
        },
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(GameDefinitionError);
    expect((error as GameDefinitionError).problems.map((p) => p.path)).toEqual([
      'metrics.cardGroups',
      'metrics.metrics[1].id',
      'metrics.metrics[2].id',
      'metrics.metrics[2].kind',
      'metrics.metrics[2].measure',
    ]);
  });

  it('accepts a presenter with a well-formed action form and lists every problem of malformed ones', () => {
    const kit = defineKit({
      game: pig,
      presenter: {
        ...pigPresenter,
        forms: {
          roll: {
            title: 'Roll…',
            steps: [{ id: 'sure', type: 'confirm', message: 'Sure?', accept: 'Yes', reject: 'No' }],
            build: () => ({ type: 'roll' as const }),
          },
        },
      },
      defaultSetup: { players: 2 },
    });
    expect(Object.keys(kit.presenter?.forms ?? {})).toEqual(['roll']);
    let error: unknown;
    try {
      defineKit({
        game: pig,
        presenter: {
          ...pigPresenter,
          forms: {
            roll: {
              title: 'Roll…',
              steps: [
                { id: 'a', type: 'confirm', message: 'Sure?', accept: 'Yes', reject: 'No' },
                { id: 'a', type: 'slider' } as never,
              ],
              build: 'roll' as never,
            },
            hold: null as never,
          },
        },
        defaultSetup: { players: 2 },
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(GameDefinitionError);
    expect((error as GameDefinitionError).problems.map((p) => p.path)).toEqual([
      'presenter.forms.roll.build',
      'presenter.forms.roll.steps[1].id',
      'presenter.forms.roll.steps[1].type',
      'presenter.forms.hold',
    ]);
  });

  it('refuses something that is not a game', () => {
    expect(() => defineKit({ game: {} as typeof pig, defaultSetup: { players: 2 } })).toThrow(
      /expected a game made by defineGame/,
    );
  });
});
