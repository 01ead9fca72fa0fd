import { describe, expect, it } from 'vitest';
import { GameDefinitionError } from '../errors/game-definition-error.js';
import { rejection } from '../result.js';
import { defineGame } from '../define/define-game.js';
import { createEngine } from './engine.js';
import { createMatch } from '../match/match.js';
import type { ActionHandler, EffectHandler } from '../index.js';

/** Two decisions in turn: pick a number (phase `pick`), then say yes or no (phase `confirm`). */
interface TwoStepState {
  step: 'pick' | 'confirm' | 'done';
  picked: number;
  asked: string[];
  rounds: number;
  total: number;
}
type Pick = { readonly type: 'pick'; readonly n: number };
type Yes = { readonly type: 'yes' };
type No = { readonly type: 'no' };
type TwoStepAction = Pick | Yes | No;
type Handler<A extends TwoStepAction> = ActionHandler<TwoStepState, A, unknown>;

/** Shared lists, as `enumerateShared` hands them out. */
const PICKS: readonly Pick[] = [1, 2, 3].map((n) => ({ type: 'pick', n }));
const YES: readonly Yes[] = [{ type: 'yes' }];

function handlers(log: string[]) {
  const pick: Handler<Pick> = {
    parse: (input) =>
      typeof input.n === 'number' ? { action: { type: 'pick', n: input.n } } : { error: 'n' },
    validate: (s) => (s.step === 'pick' ? undefined : rejection('illegal_action', 'not now')),
    resolve: (ctx, _seat, a) => {
      ctx.state.picked = a.n;
      ctx.state.step = 'done'; // nobody to act: the pipeline moves on to `confirm`
    },
    enumerate: (s) => {
      log.push('pick');
      return s.step === 'pick' ? PICKS.slice() : [];
    },
    enumerateShared: (s) => (s.step === 'pick' ? PICKS : []),
  };
  const answer = <A extends Yes | No>(type: A['type']): Handler<A> => ({
    parse: () => ({ action: { type } as A }),
    validate: (s) => (s.step === 'confirm' ? undefined : rejection('illegal_action', 'not now')),
    resolve: (ctx) => {
      if (type === 'yes') ctx.state.total += ctx.state.picked;
      ctx.state.step = 'done';
    },
    enumerate: (s) => {
      log.push(type);
      return s.step === 'confirm' ? [{ type } as A] : [];
    },
    ...(type === 'yes'
      ? {
          enumerateShared: (s: TwoStepState) => (s.step === 'confirm' ? (YES as readonly A[]) : []),
        }
      : {}),
  });
  return { pick, yes: answer<Yes>('yes'), no: answer<No>('no') };
}

const setStep =
  (step: TwoStepState['step']): EffectHandler<TwoStepState, unknown> =>
  (ctx) => {
    ctx.state.step = step;
    if (step === 'pick') ctx.state.rounds += 1;
  };

function twoStepGame(declare: boolean, log: string[] = []) {
  return defineGame<TwoStepState, TwoStepAction>()({
    id: 'two-step',
    name: 'Two steps',
    rulesVersion: 1,
    players: { min: 1, max: 1 },
    options: {},
    cards: [],
    zones: [],
    setup: () => ({ step: 'pick', picked: 0, asked: [], rounds: 0, total: 0 }),
    phases: [
      { id: 'pick', steps: [{ type: 'toPick' }], ...(declare ? { actions: ['pick'] } : {}) },
      {
        id: 'confirm',
        steps: [{ type: 'toConfirm' }],
        ...(declare ? { actions: ['yes', 'no'] } : {}),
      },
      { id: 'tally', next: [{ to: '$end', when: { type: 'threeRounds' } }, { to: 'pick' }] },
    ],
    effects: { toPick: setStep('pick'), toConfirm: setStep('confirm') },
    conditions: { threeRounds: (s: TwoStepState) => s.rounds >= 3 },
    actions: handlers(log),
    toAct: (s) => (s.step === 'done' ? [] : [0]),
    score: (s) => ({ scores: [s.total] }),
  });
}

describe('phase-declared actions', () => {
  it('ask only the handlers a phase declares, and list and accept exactly what every handler would', () => {
    const log: string[] = [];
    const declared = createMatch(twoStepGame(true, log), { seed: 1, players: 1 });
    const plain = createMatch(twoStepGame(false), { seed: 1, players: 1 });
    log.length = 0;
    expect(declared.legalActions(0)).toEqual(plain.legalActions(0));
    expect(log).toEqual(['pick']);
    expect(declared.apply(0, { type: 'pick', n: 2 }).ok).toBe(true);
    plain.apply(0, { type: 'pick', n: 2 });
    log.length = 0;
    expect(declared.legalActions(0)).toEqual([{ type: 'yes' }, { type: 'no' }]);
    expect(log).toEqual(['yes', 'no']);
    // Input of an undeclared type is still validated by its handler, with its handler's code.
    expect(declared.apply(0, { type: 'pick', n: 1 })).toEqual(
      plain.apply(0, { type: 'pick', n: 1 }),
    );
    declared.apply(0, { type: 'yes' });
    plain.apply(0, { type: 'yes' });
    expect(declared.hash()).toBe(plain.hash());
  });

  it('are checked by defineGame: an unknown action type is reported with its path and a hint', () => {
    const define = () =>
      defineGame<TwoStepState, TwoStepAction>()({
        ...twoStepGame(true),
        phases: [{ id: 'pick', actions: ['pick', 'yess'] }],
      } as never);
    expect(define).toThrow(GameDefinitionError);
    expect(define).toThrow(/phases\[0\]\.actions\[1\].*unknown action type 'yess'.*yes/s);
  });
});

describe('sharedLegalActions', () => {
  it("lists legalActions' actions in order, hands out the handlers' shared lists, and keeps joined lists", () => {
    const engine = createEngine(twoStepGame(true), { players: 1 });
    const state = engine.clone(engine.initialState(1).state);
    const picks = engine.sharedLegalActions(state, 0);
    expect(picks).toBe(PICKS);
    expect(picks).toEqual(engine.legalActions(state, 0));
    engine.step(state, 0, { type: 'pick', n: 3 }, false, true);
    // `yes` is shared, `no` is not: a fresh joined list, equal to legalActions.
    const answers = engine.sharedLegalActions(state, 0);
    expect(answers).toEqual(engine.legalActions(state, 0));
    expect(engine.sharedLegalActions(state, 0)).not.toBe(answers);
    expect(engine.sharedLegalActions(engine.initialState(1).state, 1)).toEqual([]);
  });
});

describe('rollTotal', () => {
  interface DiceState {
    n: number;
    waiting: boolean;
    totals: number[];
  }
  const game = defineGame<DiceState, Yes>()({
    id: 'dice',
    name: 'Dice',
    rulesVersion: 1,
    players: { min: 1, max: 1 },
    options: {},
    cards: [],
    zones: [],
    setup: () => ({ n: 0, waiting: true, totals: [] }),
    phases: [
      { id: 'wait' },
      {
        id: 'roll',
        steps: [{ type: 'roll' }],
        next: [{ to: '$end', when: { type: 'done' } }, { to: 'wait' }],
      },
    ],
    effects: {
      roll: (ctx) => {
        const s = ctx.state;
        s.n += 1;
        // Odd rounds roll with roll, even ones with rollTotal: the same draws either way.
        s.totals.push(
          s.n % 2 === 0 ? ctx.random.rollTotal('3d6', 'r') : ctx.random.roll('3d6', 'r').total,
        );
        s.waiting = true;
      },
    },
    conditions: { done: (s: DiceState) => s.n >= 6 },
    actions: {
      yes: {
        parse: () => ({ action: { type: 'yes' } }),
        validate: () => undefined,
        resolve: (ctx) => void (ctx.state.waiting = false),
        enumerate: (s) => (s.waiting ? [{ type: 'yes' }] : []),
      },
    },
    autoResolveForced: false,
    toAct: (s) => (s.waiting ? [0] : []),
    score: (s) => ({ scores: [s.n] }),
  });

  it('draws what roll draws and records the same event, with or without events', () => {
    const match = createMatch(game, { seed: 9, players: 1 });
    const engine = createEngine(game, { players: 1 });
    const quiet = engine.clone(engine.initialState(9).state);
    while (!match.isOver) {
      expect(match.apply(0, { type: 'yes' }).ok).toBe(true);
      engine.step(quiet, 0, { type: 'yes' }, false, true);
    }
    const events = match.log.flatMap((entry) => entry.events).filter((e) => e.type === 'roll');
    expect(events.map((e) => (e as unknown as { total: number }).total)).toEqual(
      match.state.game.totals,
    );
    for (const e of events) expect(e).toMatchObject({ dice: '3d6', reason: 'r' });
    expect(quiet.game.totals).toEqual(match.state.game.totals);
    expect(engine.hash(quiet)).toBe(match.hash());
  });
});
