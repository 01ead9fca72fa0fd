import { describe, expect, it } from 'vitest';
import type { RulesContext } from '../define/types.js';
import { redactEvent } from '../log/log.js';
import type { GameEvent } from '../model/event.js';
import { RunContext } from './run-context.js';

function context(): { ctx: RunContext; events: GameEvent[] } {
  const ctx = new RunContext({} as RulesContext<unknown>, {}, {});
  const events: GameEvent[] = [];
  ctx.begin(null, [1, 2, 3, 4], events);
  return { ctx, events };
}

describe('a random draw names who may learn it', () => {
  it('draws with an audience make the same values as without, and their events carry it', () => {
    const plain = context();
    const aimed = context();
    const a = [plain.ctx.roll('3d6', 'cup'), plain.ctx.int(1, 10), plain.ctx.pick(['x', 'y', 'z'])];
    const b = [
      aimed.ctx.roll('3d6', { reason: 'cup', audience: 2 }),
      aimed.ctx.int(1, 10, { audience: 'nobody' }),
      aimed.ctx.pick(['x', 'y', 'z'], { audience: [0, 1] }),
    ];
    expect(b).toEqual(a);
    expect(plain.events.map((e) => e.audience)).toEqual([undefined, undefined, undefined]);
    expect(aimed.events.map((e) => e.audience)).toEqual([[2], [], [0, 1]]);
    expect(aimed.events[0]).toMatchObject({ type: 'roll', reason: 'cup', dice: '3d6' });
  });

  it("'everyone' is the default: the event has no audience", () => {
    const { ctx, events } = context();
    ctx.rollTotal('2d6', { reason: 'move', audience: 'everyone' });
    expect(events).toHaveLength(1);
    expect(events[0]).not.toHaveProperty('audience');
    expect(events[0]).toMatchObject({ reason: 'move' });
  });

  it('a private draw is hidden from every other seat and from the spectator', () => {
    const { ctx, events } = context();
    ctx.roll('2d6', { audience: 1 });
    ctx.int(0, 9, { audience: 'nobody' });
    const [roll, secret] = events as [GameEvent, GameEvent];
    expect(redactEvent(roll, 1)).toBe(roll);
    expect(redactEvent(roll, 0)).toEqual({ type: 'roll', hidden: true });
    expect(redactEvent(roll, 'spectator')).toEqual({ type: 'roll', hidden: true });
    for (const seat of [0, 1, 'spectator'] as const)
      expect(redactEvent(secret, seat)).toEqual({ type: 'randomInt', hidden: true });
  });

  it('a bad audience is a bug in the rules: it throws', () => {
    const { ctx } = context();
    expect(() => ctx.int(1, 6, { audience: -1 })).toThrow(/audience/);
  });
});
