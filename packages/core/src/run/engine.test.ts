import { describe, expect, it } from 'vitest';
import { EngineInvariantError } from '../errors/game-definition-error.js';
import { rejection } from '../result.js';
import { pig } from '../games/pig.js';
import { scriptRandom } from '../testing/script-random.js';
import { defineGame } from '../define/define-game.js';
import { createEngine } from './engine.js';
import { createMatch } from '../match/match.js';
import type { ActionHandler, EffectHandler } from '../index.js';

interface CounterState {
  count: number;
  skipped: boolean;
  waiting: boolean;
}
type Bump = { readonly type: 'bump' };
type Fx = EffectHandler<CounterState, unknown>;
const inc: Fx = (ctx) => void (ctx.state.count += 1);
const wait: Fx = (ctx) => void (ctx.state.waiting = true);
const stop: Fx = (ctx) => ctx.endGame();
const bump: ActionHandler<CounterState, Bump, unknown> = {
  parse: () => ({ action: { type: 'bump' } }),
  validate: (s) => (s.waiting ? undefined : rejection('illegal_action', 'not waiting')),
  resolve: (ctx) => void (ctx.state.waiting = false),
  enumerate: () => [{ type: 'bump' }, { type: 'bump' }],
};

function counterGame(
  phases: readonly {
    id: string;
    steps?: { type: 'inc' | 'wait' | 'stop' | 'note' }[];
    next?: { to: string; when?: { type: 'atThree' } }[];
    skipIf?: { type: 'always' };
  }[],
  note: Fx = inc,
) {
  return defineGame<CounterState, Bump>()({
    id: 'counter',
    name: 'Counter',
    rulesVersion: 1,
    players: { min: 1, max: 1 },
    options: {},
    cards: [],
    zones: [],
    setup: () => ({ count: 0, skipped: false, waiting: false }),
    phases,
    effects: { inc, wait, stop, note },
    conditions: { atThree: (s: CounterState) => s.count >= 3, always: () => true },
    actions: { bump },
    toAct: (s) => (s.waiting ? [0] : []),
    score: (s) => ({ scores: [s.count] }),
  });
}

describe('the phase pipeline', () => {
  it('runs steps, follows the first matching transition, and ends with $end', () => {
    const game = counterGame([
      {
        id: 'a',
        steps: [{ type: 'inc' }],
        next: [{ to: '$end', when: { type: 'atThree' } }, { to: 'a' }],
      },
    ]);
    const match = createMatch(game, { seed: 1, players: 1 });
    expect(match.isOver).toBe(true);
    expect(match.result).toEqual({ winners: [0], scores: [3], ranks: [1] });
    expect(match.state.phase).toBe('gameOver');
  });

  it('waits for a decision, then moves on; $next wraps to the first phase', () => {
    const game = counterGame([
      { id: 'a', steps: [{ type: 'inc' }] },
      {
        id: 'b',
        steps: [{ type: 'wait' }],
        next: [{ to: '$end', when: { type: 'atThree' } }, { to: '$next' }],
      },
    ]);
    const match = createMatch(game, { seed: 1, players: 1 });
    expect(match.state.phase).toBe('b');
    expect(match.toAct).toEqual([0]);
    match.apply(0, { type: 'bump' });
    match.apply(0, { type: 'bump' });
    expect(match.isOver).toBe(false);
    match.apply(0, { type: 'bump' });
    expect(match.result?.scores).toEqual([3]);
  });

  it('skips a phase whose skipIf holds', () => {
    const game = counterGame([
      { id: 'a', steps: [{ type: 'inc' }], skipIf: { type: 'always' } },
      { id: 'b', steps: [{ type: 'stop' }] },
    ]);
    expect(createMatch(game, { seed: 1, players: 1 }).result?.scores).toEqual([0]);
  });

  it('endGame stops the remaining steps of a phase', () => {
    const game = counterGame([
      { id: 'a', steps: [{ type: 'inc' }, { type: 'stop' }, { type: 'inc' }] },
    ]);
    expect(createMatch(game, { seed: 1, players: 1 }).result?.scores).toEqual([1]);
  });

  it('reports a cycle that never needs a decision instead of hanging', () => {
    const game = counterGame([{ id: 'a', next: [{ to: 'a' }] }]);
    expect(() => createMatch(game, { seed: 1, players: 1 })).toThrow(EngineInvariantError);
    expect(() => createMatch(game, { seed: 1, players: 1 })).toThrow(/cycle/);
  });
});

describe('forced decisions', () => {
  it("applies a seat's only legal action automatically and logs it", () => {
    const match = createMatch(pig, { seed: 3, players: 2 });
    const forced = match.log[0]?.events.filter((e) => e.type === 'forcedAction') ?? [];
    expect(forced[0]).toEqual({ type: 'forcedAction', seat: 0, action: { type: 'roll' } });
    expect(match.legalActions(match.toAct[0] ?? 0).length).toBeGreaterThan(1);
  });
});

describe('scripted randomness (tests only)', () => {
  it('makes the next dice show the scripted faces, in order', () => {
    const match = createMatch(pig, { seed: 3, players: 2 });
    scriptRandom(match, [6, 1]);
    const seat = match.toAct[0] ?? 0;
    const total = match.state.game.turnTotal;
    match.apply(seat, { type: 'roll' });
    expect(match.state.game.turnTotal).toBe(total + 6);
    match.apply(seat, { type: 'roll' });
    const rolls = match.log.at(-1)?.events.filter((e) => e.type === 'roll') ?? [];
    expect(rolls[0]?.values).toEqual([1]);
    expect(match.state.game.current).not.toBe(seat);
    expect(() => {
      scriptRandom(match, [9]);
      match.apply(match.toAct[0] ?? 0, { type: 'roll' });
    }).toThrow(/outside 1\.\.6/);
  });
});

describe('the forward model', () => {
  it('step without events matches apply and leaves rejected input untouched', () => {
    const engine = createEngine(pig, { players: 2 });
    const start = engine.initialState(12).state;
    const copy = engine.clone(start);
    const r = engine.step(copy, 0, { type: 'roll' }, false);
    expect(r.ok).toBe(true);
    const pure = engine.apply(start, 0, { type: 'roll' });
    expect(pure.ok && engine.hash(pure.state)).toBe(engine.hash(copy));
    const before = engine.hash(copy);
    expect(engine.step(copy, 1, { type: 'roll' }).ok).toBe(false);
    expect(engine.hash(copy)).toBe(before);
  });
});

describe('recording', () => {
  it('is true while events are collected and false in steps that skip them, where emit is a no-op', () => {
    const seen: boolean[] = [];
    const note: Fx = (ctx) => {
      seen.push(ctx.recording);
      ctx.emit({ type: 'noted', count: ctx.state.count });
      ctx.state.count += 1;
    };
    const game = counterGame([{ id: 'a', steps: [{ type: 'note' }, { type: 'wait' }] }], note);
    const engine = createEngine(game, { players: 1 });
    const start = engine.initialState(1);
    expect(start.events).toEqual([{ type: 'noted', count: 0 }]);
    const collected: { type: string }[] = [];
    const fast = engine.clone(start.state);
    expect(engine.step(fast, 0, { type: 'bump' }, false)).toEqual({ ok: true, events: [] });
    const slow = engine.clone(start.state);
    engine.step(slow, 0, { type: 'bump' }, collected);
    expect(collected).toEqual([{ type: 'noted', count: 1 }]);
    expect(engine.hash(fast)).toBe(engine.hash(slow));
    expect(seen).toEqual([true, false, true]);
  });
});

describe('the copies the engine makes', () => {
  it('steps on cloneForStep copies and builds views on the deep cloneState', () => {
    const calls: string[] = [];
    const base = counterGame([{ id: 'a', steps: [{ type: 'inc' }, { type: 'wait' }] }]);
    const deep = (s: CounterState): CounterState => {
      calls.push('cloneState');
      return { ...s };
    };
    const game = defineGame<CounterState, Bump>()({
      ...base,
      cloneState: deep,
      cloneForStep: (s) => {
        calls.push('cloneForStep');
        return { ...s };
      },
    });
    const engine = createEngine(game, { players: 1 });
    const start = engine.initialState(1).state;
    const seen = (run: () => unknown): string[] => {
      calls.length = 0;
      run();
      return [...calls];
    };
    expect(seen(() => engine.apply(start, 0, { type: 'bump' }))).toEqual(['cloneForStep']);
    expect(seen(() => engine.clone(start))).toEqual(['cloneForStep']);
    expect(seen(() => engine.view(start, 0))).toEqual(['cloneState']);
    // Without cloneForStep, stepping uses cloneState.
    const deepOnly = createEngine(defineGame<CounterState, Bump>()({ ...base, cloneState: deep }), {
      players: 1,
    });
    expect(seen(() => deepOnly.apply(start, 0, { type: 'bump' }))).toEqual(['cloneState']);
  });

  it('refuses a cloneForStep that is not a function, naming it', () => {
    const base = counterGame([{ id: 'a', steps: [{ type: 'wait' }] }]);
    expect(() =>
      defineGame<CounterState, Bump>()({ ...base, cloneForStep: 'deep' as never }),
    ).toThrow(/cloneForStep must be a function when it is set/);
  });
});
