import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../src/index.js';
import { waitForSnapshot } from './helpers/play-client.js';

/** A scripted server on a real loopback socket: answers each connection's first message. */
async function scriptedServer(
  answer: (first: { seq: number; since?: number }, socket: WebSocket, connection: number) => void,
) {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  let connections = 0;
  const firsts: { seq: number; since?: number; type: string }[] = [];
  wss.on('connection', (socket) => {
    const n = connections++;
    socket.once('message', (data: Buffer) => {
      const first = JSON.parse(data.toString('utf8')) as {
        seq: number;
        since?: number;
        type: string;
      };
      firsts.push(first);
      answer(first, socket, n);
    });
  });
  const url = `ws://127.0.0.1:${String((wss.address() as AddressInfo).port)}`;
  return { wss, url, firsts, close: () => new Promise<void>((r) => wss.close(() => r())) };
}

const view = { phase: 'main', turn: 1 };
const snapshot = (version: number) => ({
  version,
  view,
  toAct: [0],
  legal: { count: 1, entries: [{ type: 'action', action: { type: 'pass' } }] },
  isOver: false,
  result: null,
  deadline: null,
});
const entry = (seq: number) => ({ seq, seat: 0, action: { type: 'pass' }, events: [] });
const welcome = (
  replyTo: number,
  version: number,
  missed: number[],
  logStart = missed[0] ?? 1,
) => ({
  type: 'welcome',
  protocol: 3,
  logStart,
  replyTo,
  match: 'm',
  game: 'g',
  seat: 0,
  players: 2,
  missed: missed.map(entry),
  lastSeq: 0,
  ...snapshot(version),
});

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await stop?.();
  stop = undefined;
});

describe('frames that are not valid server messages', () => {
  it('are dropped and counted; the snapshot holds only what valid frames said', async () => {
    const reasons: string[] = [];
    const server = await scriptedServer((first, socket) => {
      socket.send('not json');
      socket.send(JSON.stringify({ type: 'welcome', replyTo: first.seq }));
      socket.send(JSON.stringify({ ...welcome(first.seq, 1, [1]), view: 'the whole state' }));
      socket.send(JSON.stringify({ type: 'update', match: 'm', entry: entry(1), ...snapshot(-1) }));
      socket.send(JSON.stringify(welcome(first.seq, 1, [1])));
    });
    stop = server.close;
    const client = createClient({
      type: 'remote',
      url: server.url,
      match: 'm',
      token: 't',
      WebSocket,
      onInvalidMessage: (r) => reasons.push(r),
    });
    const s = await waitForSnapshot(client, (x) => x.status === 'open');
    expect(s.invalidMessages).toBe(4);
    expect(reasons).toHaveLength(4);
    expect(reasons.every((r) => r.length < 300)).toBe(true);
    expect(s.view).toEqual(view);
    expect(s.log).toEqual([entry(1)]);
    client.close();
  });

  it('compact legal actions arrive as the plain list; a range that adds up wrong is dropped', async () => {
    const range = {
      type: 'range',
      action: { type: 'bid', amount: 5000 },
      field: 'amount',
      from: 5000,
      to: 10_000_000,
      step: 1000,
    };
    const legal = { count: 9997, entries: [range, { type: 'action', action: { type: 'pass' } }] };
    const server = await scriptedServer((first, socket) => {
      // Lies about its count, then stands for a billion actions: both refused unexpanded.
      socket.send(JSON.stringify({ ...welcome(first.seq, 1, [1]), legal: { ...legal, count: 5 } }));
      const huge = { ...range, to: 5000 + 1000 * 2 ** 30 };
      socket.send(
        JSON.stringify({
          ...welcome(first.seq, 1, [1]),
          legal: { count: 2 ** 30 + 1, entries: [huge] },
        }),
      );
      socket.send(JSON.stringify({ ...welcome(first.seq, 1, [1]), legal }));
    });
    stop = server.close;
    const client = createClient({
      type: 'remote',
      url: server.url,
      match: 'm',
      token: 't',
      WebSocket,
    });
    const s = await waitForSnapshot(client, (x) => x.status === 'open');
    expect(s.invalidMessages).toBe(2);
    const expected = [
      ...Array.from({ length: 9996 }, (_, k) => ({ type: 'bid', amount: 5000 + 1000 * k })),
      { type: 'pass' },
    ];
    expect(s.legalActions).toEqual(expected);
    client.close();
  });

  it('a gap in the versions makes the client rejoin with since, and the missed entries fill it', async () => {
    const server = await scriptedServer((first, socket, n) => {
      if (n === 0) {
        socket.send(JSON.stringify(welcome(first.seq, 1, [1])));
        // Version 2 never arrives: 3 is a gap.
        socket.send(
          JSON.stringify({ type: 'update', match: 'm', entry: entry(3), ...snapshot(3) }),
        );
      } else socket.send(JSON.stringify(welcome(first.seq, 3, [2, 3])));
    });
    stop = server.close;
    const client = createClient({
      type: 'remote',
      url: server.url,
      match: 'm',
      token: 't',
      WebSocket,
    });
    const s = await waitForSnapshot(client, (x) => x.version === 3);
    expect(server.firsts.map((f) => f.since)).toEqual([undefined, 1]);
    expect(s.log.map((e) => e.seq)).toEqual([1, 2, 3]);
    client.close();
  });

  it('a rejoin welcome may start after since + 1 (protocol 3), never at or before since', async () => {
    const server = await scriptedServer((first, socket, n) => {
      if (n === 0) {
        socket.send(JSON.stringify(welcome(first.seq, 2, [1, 2])));
        socket.terminate();
      }
      // Entries 2..4 after since 2: they overlap the log the client holds.
      else if (n === 1) socket.send(JSON.stringify(welcome(first.seq, 4, [2, 3, 4])));
      // Only the newest entries (9, 10) after since 2: the log starts anew at 9.
      else socket.send(JSON.stringify(welcome(first.seq, 10, [9, 10])));
    });
    stop = server.close;
    const client = createClient({
      type: 'remote',
      url: server.url,
      match: 'm',
      token: 't',
      WebSocket,
      backoff: { initialMs: 10, maxMs: 20 },
    });
    const s = await waitForSnapshot(client, (x) => x.version === 10);
    expect(server.firsts.map((f) => f.since)).toEqual([undefined, 2, 2]);
    expect(s.invalidMessages).toBe(1);
    expect(s.logStart).toBe(9);
    expect(s.log.map((e) => e.seq)).toEqual([9, 10]);
    client.close();
  });

  it('a server that keeps failing is retried with exponential backoff, then given up', async () => {
    // The timers are the test's (real sockets, fake setTimeout): each wait the client
    // schedules between connections is read off exactly, whatever the machine's load.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const server = await scriptedServer((_first, socket) => socket.terminate());
    stop = server.close;
    const client = createClient({
      type: 'remote',
      url: server.url,
      match: 'm',
      token: 't',
      WebSocket,
      backoff: { initialMs: 40, factor: 2, maxAttempts: 3 },
    });
    /** Lets the sockets work until the client has scheduled its retry (its one timer). */
    const retryScheduled = async (): Promise<void> => {
      while (vi.getTimerCount() === 0) await new Promise<void>((r) => setImmediate(r));
    };
    // 40, 80 and 160 ms of waiting between the four connections.
    for (const [i, wait] of [40, 80, 160].entries()) {
      await retryScheduled();
      expect(server.firsts).toHaveLength(i + 1);
      expect(client.getSnapshot().status).toBe('reconnecting');
      vi.advanceTimersByTime(wait - 1);
      expect(vi.getTimerCount()).toBe(1);
      vi.advanceTimersByTime(1);
      expect(vi.getTimerCount()).toBe(0);
    }
    const s = await waitForSnapshot(client, (x) => x.status === 'closed');
    expect(server.firsts).toHaveLength(4);
    expect(s.closeReason?.code).toBe('reconnect_failed');
  });
  it('a server whose welcomes never add up is retried through the backoff, not in a tight loop', async () => {
    // Every welcome claims version 5 with no missed entries, yet a log from seq 1.
    const server = await scriptedServer((first, socket) =>
      socket.send(JSON.stringify(welcome(first.seq, 5, []))),
    );
    stop = server.close;
    const client = createClient({
      type: 'remote',
      url: server.url,
      match: 'm',
      token: 't',
      WebSocket,
      backoff: { initialMs: 30, maxAttempts: 2 },
    });
    const s = await waitForSnapshot(client, (x) => x.status === 'closed');
    expect(s.closeReason?.code).toBe('reconnect_failed');
    expect(server.firsts.length).toBeLessThanOrEqual(4);
    expect(s.invalidMessages).toBe(server.firsts.length);
    expect(s.view).toBeNull();
  });
});
