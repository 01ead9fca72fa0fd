import { describe, expect, it } from 'vitest';
import { MessageChannel } from 'node:worker_threads';
import { actionTraitsOf } from '../define/action-traits.js';
import { drawAndPlay } from '../games/draw-and-play.js';
import { pig } from '../games/pig.js';
import { createMatch } from '../match/match.js';
import { sessionLaws } from '../testing/session-laws.js';
import { createManualClock } from './clock.js';
import { inlinePort, messagePort, serveDecisions, type DecisionRequest } from './decision-port.js';
import { createSession, restoreSession } from './session.js';

describe('session laws', () => {
  const laws = [
    ...sessionLaws({
      game: pig,
      setups: [
        { players: 2, options: { target: 20 } },
        { players: 3, options: { target: 30 } },
      ],
    }),
    ...sessionLaws({ game: drawAndPlay, setups: [{ players: 2 }, { players: 3 }, { players: 4 }] }),
  ];
  for (const law of laws) it(law.name, () => law.run());
});

describe('match session', () => {
  it('a bad action is a rejection value and leaves the match untouched', async () => {
    const session = createSession(pig, { seed: 1, players: 2 });
    const hash = session.match.hash();
    const snapshot = session.getSnapshot();
    expect(await session.submit(1, { type: 'roll' })).toMatchObject({
      ok: false,
      error: { code: 'not_your_turn' },
    });
    expect(await session.submit(0, { type: 'fly' })).toMatchObject({ ok: false });
    expect(await session.submit(0, null)).toMatchObject({ ok: false });
    expect(session.match.hash()).toBe(hash);
    expect(session.getSnapshot()).toBe(snapshot);
    expect(await session.submit(0, { type: 'roll' })).toEqual({ ok: true, version: 1 });
  });

  it('queued actions from several seats apply in the order they arrive', async () => {
    const session = createSession(pig, { seed: 7, players: 3, options: { target: 1000 } });
    const order: number[] = [];
    // A subscriber that submits while the session is telling it of a change: queued, applied after.
    let once = true;
    session.subscribe(() => {
      if (!once) return;
      once = false;
      void session.submit(1, { type: 'hold' }).then((r) => {
        order.push(r.ok ? r.version : -1);
      });
    });
    const results = await Promise.all([
      session.submit(0, { type: 'hold' }),
      session.submit(1, { type: 'roll' }),
      session.submit(2, { type: 'hold' }),
    ]);
    // Seat 0's hold (version 1) tells the subscriber, whose seat-1 hold is queued and applied
    // before `submit` returns; seat 1's roll then comes too late, seat 2's hold is in turn.
    expect(results[0]).toEqual({ ok: true, version: 1 });
    expect(order).toEqual([2]);
    expect(results[1]).toMatchObject({ ok: false, error: { code: 'not_your_turn' } });
    expect(results[2]).toEqual({ ok: true, version: 3 });
    expect(session.match.log.slice(1).map((e) => [e.seat, e.action?.type])).toEqual([
      [0, 'hold'],
      [1, 'hold'],
      [2, 'hold'],
    ]);
  });

  it('an action a subscriber submits while being told of a change is applied at once after it', async () => {
    const session = createSession(pig, { seed: 7, players: 2, options: { target: 1000 } });
    let answer: Promise<unknown> | undefined;
    session.subscribe(() => {
      answer ??= session.submit(1, { type: 'hold' });
    });
    expect(await session.submit(0, { type: 'hold' })).toEqual({ ok: true, version: 1 });
    expect(session.getSnapshot().version).toBe(2);
    expect(await answer).toEqual({ ok: true, version: 2 });
  });

  it('ports play their seats to the end, one at a time, with a seed per decision', async () => {
    const requests: DecisionRequest[] = [];
    const bot = inlinePort((request) => {
      requests.push(request);
      return request.legalActions[request.version % request.legalActions.length];
    });
    const session = createSession(
      drawAndPlay,
      { seed: 3, players: 3 },
      { ports: { 0: bot, 1: bot, 2: bot } },
    );
    await session.whenIdle();
    expect(session.getSnapshot().isOver).toBe(true);
    // The same game, played directly, gives the same match.
    const direct = createMatch(drawAndPlay, { seed: 3, players: 3 });
    for (const r of requests) {
      const [seat] = direct.toAct;
      expect(r.seat).toBe(seat);
      expect(r.view).toEqual(direct.view(r.seat));
      direct.applyInput(r.seat, r.legalActions[r.version % r.legalActions.length]);
    }
    expect(direct.hash()).toBe(session.match.hash());
    expect(requests[0]).toMatchObject({
      type: 'ruleloom.decide',
      game: { id: 'draw-and-play' },
      setup: { players: 3 },
      seed: 'ruleloom-session:0:0',
      deadline: null,
    });
    expect(JSON.parse(JSON.stringify(requests[0]))).toEqual(requests[0]);
  });

  it('a port that answers an illegal action or throws is a failure, the match untouched', async () => {
    const illegal = createSession(
      pig,
      { seed: 1, players: 2 },
      { ports: { 0: inlinePort(() => ({ type: 'cheat' })) } },
    );
    await illegal.whenIdle();
    expect(illegal.getSnapshot()).toMatchObject({
      version: 0,
      thinking: [],
      failure: { seat: 0, version: 0, code: 'unknown_action', action: { type: 'cheat' } },
    });
    expect(illegal.match.log).toHaveLength(1);
    const throwing = createSession(
      pig,
      { seed: 1, players: 2 },
      {
        ports: {
          0: inlinePort(() => {
            throw new Error('boom');
          }),
        },
      },
    );
    await throwing.whenIdle();
    expect(throwing.getSnapshot()).toMatchObject({
      version: 0,
      failure: { seat: 0, code: 'port_failed', message: 'boom' },
    });
    // The seat's person (or host) can still act for it.
    expect(await throwing.submit(0, { type: 'hold' })).toEqual({ ok: true, version: 1 });
  });

  it('a turn clock plays the declared pass when time runs out, on the injected clock', async () => {
    const clock = createManualClock(1000);
    const session = createSession(
      drawAndPlay,
      { seed: 5, players: 2 },
      { clock, turnTime: 30_000 },
    );
    expect(session.getSnapshot().deadline).toBe(31_000);
    expect(session.feed(0).getSnapshot().deadline).toBe(31_000);
    clock.advance(29_999);
    expect(session.getSnapshot().version).toBe(0);
    const [seat] = session.match.toAct;
    clock.advance(1);
    expect(session.getSnapshot().version).toBe(1);
    expect(session.match.log[1]).toMatchObject({ seat, action: { type: 'pass' } });
    // A new deadline for the next decision, from the time it began.
    expect(session.getSnapshot().deadline).toBe(61_000);
    // An action in time cancels the clock of its version.
    const next = session.match.toAct[0] as number;
    await session.submit(next, session.match.legalActions(next)[0]);
    expect(clock.pending).toBe(session.getSnapshot().isOver ? 0 : 1);
    session.close();
    expect(clock.pending).toBe(0);
    expect(await session.submit(0, { type: 'pass' })).toMatchObject({
      ok: false,
      error: { code: 'session_closed' },
    });
  });

  it('without a declared pass, a timeout plays the first legal action', () => {
    const clock = createManualClock();
    const session = createSession(pig, { seed: 2, players: 2 }, { clock, turnTime: 10 });
    clock.advance(10);
    expect(session.match.log[1]?.action).toEqual(
      pig.actions.roll.enumerate(undefined as never, 0, undefined as never)[0],
    );
    expect(actionTraitsOf(pig).timeoutTypes).toEqual([]);
    expect(actionTraitsOf(drawAndPlay).timeoutTypes).toEqual(['pass']);
  });

  it('a message port carries the same request and reply across a real MessageChannel', async () => {
    const channel = new MessageChannel();
    serveDecisions(channel.port2 as never, (request) => request.legalActions[0]);
    const port = messagePort(channel.port1 as never, { player: 'first' });
    const session = createSession(
      pig,
      { seed: 9, players: 2, options: { target: 10 } },
      {
        ports: { 0: port, 1: port },
      },
    );
    try {
      await session.whenIdle();
      expect(session.getSnapshot().isOver).toBe(true);
    } finally {
      session.close();
      channel.port1.close();
      channel.port2.close();
    }
  });

  it('restores from a save and refuses a bad one as a value', () => {
    const session = createSession(pig, { seed: 4, players: 2 });
    void session.submit(0, { type: 'roll' });
    const restored = restoreSession(pig, JSON.parse(JSON.stringify(session.toJSON())));
    expect(restored.ok && restored.session.match.hash()).toBe(session.match.hash());
    expect(restoreSession(pig, { nope: true })).toMatchObject({
      ok: false,
      error: { code: 'invalid_save' },
    });
  });
});
