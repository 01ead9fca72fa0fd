import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMatch, type AnyGame, type Match } from '@ruleloom/core';
import { pig } from '@ruleloom/core/games';
import {
  createGameServer,
  createSqliteStorage,
  type GameServer,
  type GameServerOptions,
} from '@ruleloom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createClient, type RulesClient } from '../src/index.js';
import { waitForSnapshot } from './helpers/play-client.js';
import { createMatchOn, type CreatedMatch } from './helpers/real-server.js';
import { newRecorder, recordingWebSocket } from './helpers/recording-web-socket.js';

/**
 * Issue #27 on the client (protocol 3): a client that joins a long match gets the newest
 * entries only (`logStart`), and `loadEarlierLog` reads the rest from `GET /matches/:id/log`
 * until its log is the whole one.
 */

const ACTIONS = 600;
const LONG_PIG = { target: 1000, maxTurns: 100_000 } as const;

let dir: string;
let file: string;
let server: GameServer;
let url: string;
let created: CreatedMatch;
let truth: Match;

async function serve(limits?: GameServerOptions['limits']): Promise<void> {
  server = await createGameServer({
    games: [{ game: pig as AnyGame }],
    storage: createSqliteStorage({ file }),
    secret: 'client-test-secret-0123456789',
    ...(limits === undefined ? {} : { limits }),
  });
  url = await server.listen({ port: 0, host: '127.0.0.1' });
}

/** Appends `count` Pig actions to a stored match, as the server stores them (with events). */
async function fill(id: string, count: number): Promise<Match> {
  const storage = createSqliteStorage({ file });
  await storage.init();
  try {
    const stored = await storage.getMatch(id);
    if (stored === undefined) throw new Error(`no match ${id}`);
    const match = createMatch(pig as AnyGame, stored.setup) as unknown as Match;
    for (let v = 0; v < count; v++) {
      const seat = match.toAct[0]!;
      const legal = match.legalActions(seat);
      // Rolls, holding now and then: the match goes on far below its target.
      const r = match.applyInput(seat, v % 100 === 99 && legal.length > 1 ? legal[1] : legal[0]);
      if (!r.ok) throw new Error(r.error.message);
      const last = match.actions[v]!;
      const stored = await storage.appendAction(
        id,
        {
          version: v + 1,
          seat,
          action: last.action,
          hash: match.hash(),
          chain: last.chain,
          clientSeq: null,
          events: match.log[v + 1]?.events ?? [],
        },
        { state: match.state, over: match.isOver },
      );
      if (stored.status !== 'ok') throw new Error(`append ${String(v + 1)}: ${stored.status}`);
    }
    return match;
  } finally {
    await storage.close();
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ruleloom-client-log-'));
  file = join(dir, 'matches.sqlite');
  await serve();
  created = await createMatchOn(url, { game: 'pig', players: 2, options: LONG_PIG });
  await server.close();
  truth = await fill(created.match, ACTIONS);
  await serve();
}, 60_000);
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

function connect(token: string | undefined, match = created.match): RulesClient {
  return createClient({
    type: 'remote',
    url,
    match,
    ...(token === undefined ? {} : { token }),
    WebSocket: WebSocket,
  });
}

describe('a client joining a 600-action match', () => {
  it('gets the newest 200 entries, then loads the earlier ones until its log is whole', async () => {
    for (const seat of [0, null] as const) {
      const token = seat === null ? undefined : created.seats.find((s) => s.seat === seat)?.token;
      const client = connect(token);
      try {
        const s = await waitForSnapshot(client, (x) => x.status === 'open');
        expect(s.version).toBe(ACTIONS);
        expect(s.logStart).toBe(ACTIONS - 199);
        expect(s.log).toHaveLength(200);
        expect(s.log[0]?.seq).toBe(ACTIONS - 199);
        const results = [];
        for (;;) {
          const r = await client.loadEarlierLog(150);
          results.push(r);
          if (!r.ok || r.complete) break;
          expect(results.length).toBeLessThan(10);
        }
        expect(results).toEqual([
          { ok: true, added: 150, complete: false },
          { ok: true, added: 150, complete: false },
          { ok: true, added: 100, complete: true },
        ]);
        const whole = client.getSnapshot();
        expect(whole.logStart).toBe(1);
        expect(whole.log).toEqual(truth.logFor(seat ?? 'spectator').slice(1));
        expect(whole.invalidMessages).toBe(0);
        // At the start: nothing more to load.
        expect(await client.loadEarlierLog()).toEqual({ ok: true, added: 0, complete: true });
      } finally {
        client.close();
      }
    }
  });

  it('shares one request between calls made together, and refuses a bad limit as a value', async () => {
    const client = connect(created.seats[1]?.token);
    try {
      await waitForSnapshot(client, (x) => x.status === 'open');
      const [a, b] = await Promise.all([client.loadEarlierLog(), client.loadEarlierLog()]);
      expect(a).toEqual({ ok: true, added: 100, complete: false });
      expect(b).toBe(a);
      expect(client.getSnapshot().logStart).toBe(ACTIONS - 299);
      for (const limit of [0, 501, 1.5, Number.NaN])
        expect(await client.loadEarlierLog(limit)).toMatchObject({
          ok: false,
          error: { code: 'invalid_limit' },
        });
      expect(client.getSnapshot().logStart).toBe(ACTIONS - 299);
    } finally {
      client.close();
    }
  });

  it('a whole log needs nothing; a failed fetch or a page that does not fit is a value', async () => {
    // A new match: its log is whole from the welcome on.
    const other = await createMatchOn(url, { game: 'pig', players: 2 });
    const token = other.seats[0]!.token;
    const client = createClient({
      type: 'remote',
      url,
      match: other.match,
      token,
      WebSocket: WebSocket,
      fetch: (u, init) => fetch(u, init),
    });
    try {
      await waitForSnapshot(client, (x) => x.status === 'open');
      expect(await client.loadEarlierLog()).toEqual({ ok: true, added: 0, complete: true });
    } finally {
      client.close();
    }
    const offline = createClient({
      type: 'remote',
      url,
      match: created.match,
      token: created.seats[0]!.token,
      WebSocket: WebSocket,
      fetch: () => Promise.reject(new Error('offline')),
    });
    try {
      await waitForSnapshot(offline, (x) => x.status === 'open');
      const r = await offline.loadEarlierLog();
      expect(r).toMatchObject({ ok: false, error: { code: 'network_error' } });
      expect(offline.getSnapshot().logStart).toBe(ACTIONS - 199);
      // A server answer that does not fit the log is refused and counted.
      const lying = createClient({
        type: 'remote',
        url,
        match: created.match,
        token: created.seats[0]!.token,
        WebSocket: WebSocket,
        fetch: async (u, init) => {
          const page = (await (await fetch(u, init)).json()) as { entries: { seq: number }[] };
          // One entry left out in the middle: the page has a gap.
          page.entries.splice(10, 1);
          return { status: 200, json: () => Promise.resolve(page) };
        },
      });
      try {
        await waitForSnapshot(lying, (x) => x.status === 'open');
        expect(await lying.loadEarlierLog()).toMatchObject({
          ok: false,
          error: { code: 'invalid_log_page' },
        });
        expect(lying.getSnapshot().logStart).toBe(ACTIONS - 199);
        expect(lying.getSnapshot().invalidMessages).toBe(1);
      } finally {
        lying.close();
      }
    } finally {
      offline.close();
    }
  });
});

describe('a client back after a gap longer than the welcome', () => {
  it('starts its log anew at logStart and pages back to the whole log', async () => {
    await server.close();
    await serve({ welcomeLogEntries: 5 });
    const m = await createMatchOn(url, { game: 'pig', players: 2, options: LONG_PIG });
    const seats = m.seats.map((s) => connect(s.token, m.match));
    const recorder = newRecorder();
    // A spectator whose socket dies; its rejoin goes out only once the seats have played 30
    // actions (the test holds it: no backoff long enough for a slow machine to guess).
    let releaseRejoin = (): void => undefined;
    const thirtyPlayed = new Promise<void>((resolve) => (releaseRejoin = resolve));
    const watcher = createClient({
      type: 'remote',
      url,
      match: m.match,
      WebSocket: recordingWebSocket(recorder, (_data, socket) =>
        socket > 0 ? thirtyPlayed : undefined,
      ),
      backoff: { initialMs: 50, maxMs: 2_000 },
    });
    try {
      await waitForSnapshot(watcher, (x) => x.status === 'open');
      for (const c of seats) await waitForSnapshot(c, (x) => x.status === 'open');
      recorder.sockets[0]!.terminate();
      await waitForSnapshot(watcher, (x) => x.status === 'reconnecting');
      const seen = watcher.getSnapshot().version;
      // The seats play 30 actions meanwhile.
      for (let n = 0; n < 30; n++) {
        const acting = seats.find((c) => c.getSnapshot().toAct.includes(c.getSnapshot().seat!));
        const s = acting!.getSnapshot();
        const r = await acting!.act(s.legalActions[0]!);
        expect(r.ok).toBe(true);
        for (const c of seats) await waitForSnapshot(c, (x) => x.version === s.version + 1);
      }
      releaseRejoin();
      const back = await waitForSnapshot(watcher, (x) => x.status === 'open' && x.version === 30);
      expect(seen).toBe(0);
      expect(back.logStart).toBe(26);
      expect(back.log.map((e) => e.seq)).toEqual([26, 27, 28, 29, 30]);
      let result = await watcher.loadEarlierLog(10);
      while (result.ok && !result.complete) result = await watcher.loadEarlierLog(10);
      expect(result).toEqual({ ok: true, added: 5, complete: true });
      const whole = watcher.getSnapshot();
      expect(whole.logStart).toBe(1);
      expect(whole.log.map((e) => e.seq)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
      // Pig has no secrets: the spectator's entries are those of a seat that never left.
      expect(whole.log).toEqual(seats[0]!.getSnapshot().log);
      expect(whole.invalidMessages).toBe(0);
    } finally {
      watcher.close();
      for (const c of seats) c.close();
    }
  });
});
