import { expandLegalActions } from '../src/index.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import {
  CLOSE_CODES,
  type ServerMessage,
  type UpdateMessage,
  type WelcomeMessage,
} from '../src/index.js';
import { createMatchOver, startServer, type Started } from './helpers/start-server.js';
import { isType, TestClient } from './helpers/test-client.js';

let started: Started | undefined;
afterEach(async () => {
  await started?.stop();
  started = undefined;
});

describe('limits', () => {
  it('a flood gets rate_limited errors, then the connection is closed with 4008; the server keeps serving', async () => {
    // The server's clock stands still unless the test moves it: the buckets refill only when
    // it says, never because the machine was slow to read 500 messages.
    let clock = 1_000_000;
    started = await startServer({
      limits: { messagesPerSecond: 10, messageBurst: 10, maxRateViolations: 20 },
      now: () => clock,
    });
    const client = await TestClient.connect(started.url);
    for (let i = 1; i <= 500; i++) client.sendRaw(JSON.stringify({ type: 'ping', seq: i }));
    expect((await client.waitClose()).code).toBe(CLOSE_CODES.rateLimited);
    const pongs = client.messages.filter(isType('pong'));
    const limited = client.messages.filter((m) => m.type === 'error' && m.code === 'rate_limited');
    // The burst (10) is answered; the next 20 are refused; the 21st refusal closes.
    expect(pongs.map((m) => m.replyTo)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    expect(limited).toHaveLength(20);
    expect((await fetch(`${started.url}/health`)).status).toBe(200);
    const other = await TestClient.connect(started.url);
    expect((await other.reply(other.send({ type: 'ping' }))).type).toBe('pong');
    // Its bucket refills at the rate, on the clock: empty after the burst, one more message
    // 100 ms later.
    for (let i = 1; i < 10; i++)
      expect((await other.reply(other.send({ type: 'ping' }))).type).toBe('pong');
    const refused = other.send({ type: 'ping' });
    // The refusal answers the refused message (its seq in replyTo), and nothing else does.
    const refusal = await other.waitFor(
      (m): m is ServerMessage => m.type === 'error' && m.code === 'rate_limited',
    );
    expect(refusal).toMatchObject({ replyTo: refused });
    clock += 100;
    expect((await other.reply(other.send({ type: 'ping' }))).type).toBe('pong');
    expect(other.messages.some((m) => m.type === 'pong' && m.replyTo === refused)).toBe(false);
    other.close();
  });

  it('200 connections on one match all get the welcome and every update', async () => {
    started = await startServer({ limits: { connectionsPerIp: 400, connectionsPerMatch: 400 } });
    const m = await createMatchOver(started.url, {
      game: 'st-augustine',
      players: 2,
      options: { trading: 'off' },
    });
    const watchers = await Promise.all(
      Array.from({ length: 200 }, () => TestClient.connect(started!.url)),
    );
    await Promise.all(
      watchers.map(async (w) =>
        expect((await w.reply(w.send({ type: 'spectate', match: m.match }))).type).toBe('welcome'),
      ),
    );
    const s = (await (await fetch(`${started.url}/matches/${m.match}`)).json()) as {
      toAct: number[];
    };
    const actor = await TestClient.connect(started.url, m.seats[s.toAct[0]!]!.token);
    const w = (await actor.reply(actor.send({ type: 'join', match: m.match }))) as WelcomeMessage;
    expect(
      (await actor.reply(actor.send({ type: 'act', action: expandLegalActions(w.legal)[0] }))).type,
    ).toBe('ack');
    const updates = await Promise.all(watchers.map((x) => x.waitFor(isType('update'))));
    expect(new Set(updates.map((u: UpdateMessage) => u.version))).toEqual(new Set([1]));
    for (const x of [...watchers, actor]) x.close();
  });

  it('connections per address and per match are capped with close code 4009', async () => {
    started = await startServer({ limits: { connectionsPerIp: 3, connectionsPerMatch: 2 } });
    const a = await Promise.all([1, 2, 3].map(() => TestClient.connect(started!.url)));
    const fourth = await TestClient.connect(started.url);
    expect((await fourth.waitClose()).code).toBe(CLOSE_CODES.tooManyConnections);
    // The server closes the third (a protocol it does not speak): it frees the address's slot
    // before its close frame goes out, so no wait for the server to notice a client's close.
    a[2]!.send({ type: 'spectate', match: 'none', protocol: 99 });
    expect((await a[2]!.waitClose()).code).toBe(CLOSE_CODES.protocolError);
    const m = await createMatchOver(started.url, { game: 'st-augustine', players: 2 });
    for (const c of a.slice(0, 2))
      expect((await c.reply(c.send({ type: 'spectate', match: m.match }))).type).toBe('welcome');
    const third = await TestClient.connect(started.url);
    expect((await third.reply(third.send({ type: 'spectate', match: m.match }))).type).toBe(
      'error',
    );
    expect((await third.waitClose()).code).toBe(CLOSE_CODES.tooManyConnections);
  });

  it('a connection that never joins is closed with 4000; an idle one with 4010', async () => {
    // The timers and the clock are the test's: the idle connection's join is never late
    // because this process was busy, and idleness is measured on a clock the test moves.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    try {
      let clock = 1_000_000;
      started = await startServer({
        limits: { firstMessageTimeoutMs: 150, idleTimeoutMs: 300 },
        now: () => clock,
      });
      const silent = await TestClient.connect(started.url);
      const m = await createMatchOver(started.url, { game: 'st-augustine', players: 2 });
      const idle = await TestClient.connect(started.url);
      await idle.reply(idle.send({ type: 'spectate', match: m.match }));
      vi.advanceTimersByTime(150);
      expect((await silent.waitClose()).code).toBe(CLOSE_CODES.protocolError);
      // The idle check ran (at 300 ms) with nothing heard for 150 ms: not idle yet (it still
      // answers; that message is the last it is heard).
      clock += 150;
      vi.advanceTimersByTime(150);
      expect((await idle.reply(idle.send({ type: 'ping' }))).type).toBe('pong');
      clock += 301;
      vi.advanceTimersByTime(300);
      expect((await idle.waitClose()).code).toBe(CLOSE_CODES.idleTimeout);
    } finally {
      vi.useRealTimers();
    }
  });

  it('heartbeats: a client that answers pings stays, one that does not is dropped', async () => {
    // The heartbeat's interval is the test's to fire: a healthy client is never dropped
    // because this process was too busy to read its pong before the next tick.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      started = await startServer({ limits: { heartbeatMs: 100 } });
      const m = await createMatchOver(started.url, { game: 'st-augustine', players: 2 });
      const healthy = await TestClient.connect(started.url);
      await healthy.reply(healthy.send({ type: 'spectate', match: m.match }));
      const mute = new WebSocket(`${started.url.replace('http', 'ws')}/play`, { autoPong: false });
      const closed = new Promise<number>((resolve) => mute.once('close', (code) => resolve(code)));
      const welcomed = new Promise<void>((resolve) => mute.once('message', () => resolve()));
      mute.once('open', () =>
        mute.send(JSON.stringify({ type: 'spectate', seq: 1, match: m.match })),
      );
      await welcomed;
      // First beat: both are pinged; the healthy client answers (its pong goes out before the
      // ping message after it, so the server has it when that message is answered).
      const pinged = new Promise<void>((resolve) => healthy.socket.once('ping', () => resolve()));
      vi.advanceTimersByTime(100);
      await pinged;
      expect((await healthy.reply(healthy.send({ type: 'ping' }))).type).toBe('pong');
      // Second beat: the mute one never answered and is dropped; the healthy one stays.
      vi.advanceTimersByTime(100);
      expect(await closed).toBe(1006);
      expect(healthy.closed).toBeUndefined();
      expect((await healthy.reply(healthy.send({ type: 'ping' }))).type).toBe('pong');
      healthy.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a join with another protocol version is refused', async () => {
    started = await startServer();
    const m = await createMatchOver(started.url, { game: 'st-augustine', players: 2 });
    const c = await TestClient.connect(started.url);
    const r = await c.reply(c.send({ type: 'spectate', match: m.match, protocol: 99 }));
    expect(r).toMatchObject({ type: 'error', code: 'unsupported_protocol' });
    expect((await c.waitClose()).code).toBe(CLOSE_CODES.protocolError);
  });
});
