import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMatch, type AnyGame, type LogEntry, type Match } from '@ruleloom/core';
import { liarsDice, pig } from '@ruleloom/core/games';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BotRunner } from '../src/bots/bot-runner.js';
import { BotScheduler, resolveBotBudget } from '../src/bots/bot-budget.js';
import { LiveMatch } from '../src/match/live-match.js';
import {
  createSqliteStorage,
  httpErrorBodySchema,
  matchLogAnswerSchema,
  parseHttpBody,
  type GameStorage,
  type MatchLogAnswer,
  type StoredMatch,
  type WelcomeMessage,
} from '../src/index.js';
import { fillPigMatch, LONG_PIG_OPTIONS } from './helpers/long-match.js';
import {
  DICE_SETUP,
  diceChooser,
  hides,
  must,
  liveHoldingNewest,
  storeDiceMatch,
} from './helpers/log-window.js';
import { playAndStore } from './helpers/snapshot-suite.js';
import {
  createMatchOver,
  HOSTED_GAMES,
  post,
  startServer,
  type Created,
  type Started,
} from './helpers/start-server.js';
import { TestClient } from './helpers/test-client.js';

/**
 * Issue #27, bounded work per request: a `welcome` carries at most the newest
 * `limits.welcomeLogEntries` entries (protocol 3, `logStart`), and `GET /matches/:id/log`
 * gives the older ones page by page, redacted for the caller.
 */

type Viewer = number | 'spectator';

/** GET a path; status and parsed JSON body. */
async function get(
  url: string,
  path: string,
  token?: string,
): Promise<{ status: number; body: unknown }> {
  const r = await fetch(`${url}${path}`, {
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
  return { status: r.status, body: await r.json() };
}

/** A `GET /matches/:id/log` page, checked against the protocol's schema. */
async function logPage(url: string, id: string, query: string, token?: string) {
  const r = await get(url, `/matches/${id}/log${query}`, token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const page = parseHttpBody(matchLogAnswerSchema, r.body);
  if (page === null) throw new Error(`not a log page: ${JSON.stringify(r.body).slice(0, 200)}`);
  return page;
}

/**
 * Pages back from `before` to seq 1 with `limit` entries a page: every page contiguous and
 * ending right below the previous one; returns the entries in seq order and the page count.
 */
async function pageBack(
  url: string,
  id: string,
  before: number,
  limit: number,
  token?: string,
): Promise<{ entries: LogEntry[]; pages: number }> {
  const pages: MatchLogAnswer['entries'][] = [];
  let next = before;
  for (;;) {
    const page = await logPage(url, id, `?before=${String(next)}&limit=${String(limit)}`, token);
    expect(page.entries.length).toBeLessThanOrEqual(limit);
    page.entries.forEach((e, i) => expect(e.seq).toBe(next - page.entries.length + i));
    pages.unshift(page.entries);
    if (!page.more) break;
    next = page.entries[0]?.seq ?? 0;
    expect(pages.length).toBeLessThan(1000);
  }
  return { entries: pages.flat() as LogEntry[], pages: pages.length };
}

async function welcomeOf(
  url: string,
  id: string,
  token: string | undefined,
  since?: number,
): Promise<WelcomeMessage> {
  const c = await TestClient.connect(url);
  try {
    const seq = c.send({
      type: token === undefined ? 'spectate' : 'join',
      match: id,
      ...(token === undefined ? {} : { token }),
      ...(since === undefined ? {} : { since }),
      protocol: 3,
    });
    const w = await c.reply(seq);
    if (w.type !== 'welcome') throw new Error(`not a welcome: ${JSON.stringify(w)}`);
    return w;
  } finally {
    c.close();
  }
}

const ACTIONS = 600;

describe('a 600-action match: a bounded welcome and the older entries on demand', () => {
  let started: Started;
  let created: Created;
  let original: Match;
  let seat: number;
  let token: string;

  beforeAll(async () => {
    const games = [...HOSTED_GAMES, { game: pig }];
    const first = await startServer({ games });
    const file = join(first.dir, 'matches.sqlite');
    created = await createMatchOver(first.url, {
      game: 'pig',
      players: 2,
      options: LONG_PIG_OPTIONS,
    });
    await first.server.close();
    const fill = createSqliteStorage({ file });
    await fill.init();
    original = await fillPigMatch(fill, created.match, ACTIONS);
    await fill.close();
    const second = await startServer({ games, storage: createSqliteStorage({ file }) });
    started = {
      ...second,
      async stop() {
        await second.server.close();
        rmSync(first.dir, { recursive: true, force: true });
      },
    };
    seat = 0;
    token = created.seats.find((s) => s.seat === seat)?.token ?? '';
  }, 60_000);
  afterAll(() => started.stop());

  it('a join without since gets the newest 200 entries, ending at the version', async () => {
    const w = await welcomeOf(started.url, created.match, token);
    expect(w.protocol).toBe(3);
    expect(w.version).toBe(ACTIONS);
    expect(w.missed).toHaveLength(200);
    expect(w.logStart).toBe(ACTIONS - 199);
    expect(w.missed.map((e) => e.seq)).toEqual(
      Array.from({ length: 200 }, (_, i) => ACTIONS - 199 + i),
    );
    expect(w.missed).toEqual(original.logFor(seat).slice(ACTIONS - 199));
    // A spectator too.
    const s = await welcomeOf(started.url, created.match, undefined);
    expect(s.logStart).toBe(ACTIONS - 199);
    expect(s.missed).toEqual(original.logFor('spectator').slice(ACTIONS - 199));
  });

  it('a join with a since whose gap fits gets exactly the entries after it', async () => {
    const w = await welcomeOf(started.url, created.match, token, ACTIONS - 5);
    expect(w.missed.map((e) => e.seq)).toEqual([596, 597, 598, 599, 600]);
    expect(w.logStart).toBe(ACTIONS - 4);
    const fits = await welcomeOf(started.url, created.match, token, ACTIONS - 200);
    expect(fits.missed).toHaveLength(200);
    expect(fits.logStart).toBe(ACTIONS - 199);
    // One more and the gap does not fit: the newest 200, starting after since + 1.
    const over = await welcomeOf(started.url, created.match, token, ACTIONS - 201);
    expect(over.logStart).toBe(ACTIONS - 199);
    const upToDate = await welcomeOf(started.url, created.match, token, ACTIONS);
    expect(upToDate.missed).toEqual([]);
    expect(upToDate.logStart).toBe(ACTIONS + 1);
  });

  it('paging GET /log back to seq 1 gives every entry once, as a full replay', async () => {
    for (const viewer of [seat, 'spectator'] as const) {
      const auth = viewer === 'spectator' ? undefined : token;
      const w = await welcomeOf(started.url, created.match, auth);
      const { entries, pages } = await pageBack(started.url, created.match, w.logStart, 100, auth);
      expect(pages).toBe(4);
      const whole = [...entries, ...w.missed];
      expect(whole.map((e) => e.seq)).toEqual(Array.from({ length: ACTIONS }, (_, i) => i + 1));
      expect(whole).toEqual(original.logFor(viewer).slice(1));
    }
    // Without `before`: the newest page; `limit` at most 500.
    const newest = await logPage(started.url, created.match, '');
    expect(newest.version).toBe(ACTIONS);
    expect(newest.entries.map((e) => e.seq)[0]).toBe(ACTIONS - 99);
    expect(newest.entries.at(-1)?.seq).toBe(ACTIONS);
    const big = await logPage(started.url, created.match, '?before=9999&limit=500');
    expect(big.entries).toHaveLength(500);
    expect(big.entries.at(-1)?.seq).toBe(ACTIONS);
    expect(big.more).toBe(true);
    const first = await logPage(started.url, created.match, '?before=3&limit=10');
    expect(first.entries.map((e) => e.seq)).toEqual([1, 2]);
    expect(first.more).toBe(false);
    const none = await logPage(started.url, created.match, '?before=1');
    expect(none.entries).toEqual([]);
    expect(none.more).toBe(false);
  });

  it('refuses hostile queries and tokens cleanly', async () => {
    const id = created.match;
    const expectError = async (path: string, status: number, code: string, auth?: string) => {
      const r = await get(started.url, path, auth);
      expect(r.status, `${path}: ${JSON.stringify(r.body).slice(0, 300)}`).toBe(status);
      expect(parseHttpBody(httpErrorBodySchema, r.body)?.error.code).toBe(code);
    };
    for (const q of [
      'before=-1',
      'before=1e309',
      'before=1e3',
      'before=0',
      'before=abc',
      'before=',
      'before=1.5',
      'before=99999999999999999999',
      'limit=100000',
      'limit=501',
      'limit=0',
      'limit=-5',
      'before=__proto__',
      'before=constructor',
      'limit=toString',
      'before=1&before=2',
    ])
      await expectError(`/matches/${id}/log?${q}`, 400, 'invalid_query');
    // Unknown keys, prototype names among them, change nothing.
    const odd = await logPage(started.url, id, '?__proto__=1&constructor=2&before[]=5&limit=3');
    expect(odd.entries.map((e) => e.seq)).toEqual([598, 599, 600]);

    await expectError('/matches/nope/log', 404, 'match_not_found');
    await expectError('/matches/..%2F..%2Fetc/log', 404, 'match_not_found');
    await expectError(`/matches/${id}/log`, 401, 'unauthorized', 'not-a-token');
    // A token of another match is refused, not read as a spectator.
    const other = await createMatchOver(started.url, { game: 'pig', players: 2 });
    await expectError(`/matches/${id}/log`, 401, 'unauthorized', other.seats[0]?.token);
    const raw = await fetch(`${started.url}/matches/${id}/log`, {
      headers: { authorization: 'Basic abc' },
    });
    expect(raw.status).toBe(401);
    // A revoked token.
    const revoked = other.seats[1]?.token ?? '';
    expect(
      (await post(started.url, '/tokens/revoke', {}, { authorization: `Bearer ${revoked}` }))
        .status,
    ).toBe(204);
    await expectError(`/matches/${other.match}/log`, 401, 'token_revoked', revoked);
    // Still fine with the other seat's token (its seat's view).
    const ok = await logPage(started.url, other.match, '', other.seats[0]?.token);
    expect(ok.entries).toEqual([]);

    // A quarantined match answers as a join does: `match_quarantined`, nothing read.
    expect((await get(started.url, `/matches/${other.match}`)).status).toBe(200);
    await started.storage.setStatus(other.match, 'quarantined', {
      code: 'test',
      message: 'quarantined by the test',
    });
    await expectError(`/matches/${other.match}/log`, 409, 'match_quarantined');
  });
});

describe('GET /log is rate-limited per client address', () => {
  it('answers 429 rate_limited past the burst', async () => {
    const s = await startServer({
      games: [{ game: pig }],
      limits: { messagesPerSecond: 1, messageBurst: 3 },
    });
    try {
      const m = await createMatchOver(s.url, { game: 'pig', players: 2 });
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await get(s.url, `/matches/${m.match}/log`)).status);
      expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
      expect(statuses.slice(3)).toContain(429);
      const r = await get(s.url, `/matches/${m.match}/log`);
      expect(parseHttpBody(httpErrorBodySchema, r.body)?.error.code).toBe('rate_limited');
    } finally {
      await s.stop();
    }
  });
});

describe("hidden information: Liar's Dice cups through the welcome and GET /log", () => {
  it("no page shows another seat's dice; every page is the seat's replayed log", async () => {
    const games = [{ game: liarsDice as AnyGame }];
    const first = await startServer({ games });
    const file = join(first.dir, 'matches.sqlite');
    const m = await createMatchOver(first.url, { game: 'liars-dice', ...DICE_SETUP });
    await first.server.close();
    const fill = createSqliteStorage({ file });
    await fill.init();
    const stored = (await fill.getMatch(m.match)) as StoredMatch;
    const truth = createMatch(liarsDice as AnyGame, stored.setup) as unknown as Match;
    await playAndStore(fill, m.match, truth, 5_000, diceChooser);
    await fill.close();
    expect(truth.isOver).toBe(true);
    const version = truth.actions.length;
    expect(version).toBeGreaterThan(60);
    // A small window: most of the log comes through GET /log.
    const s = await startServer({
      games,
      storage: createSqliteStorage({ file }),
      // A small window, and room for the many pages of this test (GET /log is rate-limited).
      limits: { welcomeLogEntries: 10, messagesPerSecond: 1000, messageBurst: 1000 },
    });
    try {
      const viewers: Viewer[] = [0, 1, 2, 'spectator'];
      for (const viewer of viewers) {
        const auth = viewer === 'spectator' ? undefined : m.seats[viewer]?.token;
        const w = await welcomeOf(s.url, m.match, auth);
        expect(w.missed).toHaveLength(10);
        expect(w.logStart).toBe(version - 9);
        const { entries } = await pageBack(s.url, m.match, w.logStart, 7, auth);
        const whole = [...entries, ...w.missed];
        const expected = truth.logFor(viewer).slice(1);
        expect(whole).toEqual(expected);
        // The comparison ran on real secrets: other seats' rolls were hidden from this viewer.
        expect(hides(entries)).toBe(true);
        // And nothing of a roll whose audience leaves this viewer out came through.
        truth.log.slice(1).forEach((real, i) => {
          real.events.forEach((event, k) => {
            const shown = whole[i]?.events[k] as Record<string, unknown>;
            const audience = event.audience;
            if (audience !== undefined && (viewer === 'spectator' || !audience.includes(viewer)))
              expect(shown).toEqual({ type: event.type, hidden: true });
          });
        });
      }
    } finally {
      await s.stop();
      rmSync(first.dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('entries older than the match holds come from the stored rows', () => {
  let dir: string;
  let storage: GameStorage;
  const stores: GameStorage[] = [];
  let bots: BotScheduler;
  const app = Fastify({ logger: false });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ruleloom-log-window-'));
    storage = createSqliteStorage({ file: join(dir, 'matches.sqlite') });
    await storage.init();
    stores.push(storage);
    bots = new BotScheduler(new BotRunner(1, [], 1000), 1, resolveBotBudget(undefined), () => 0);
  });
  afterAll(async () => {
    await bots.close();
    for (const s of stores) await s.close();
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function liveOver(
    id: string,
    eventsFrom: number,
    welcomeLogEntries: number,
    /** How many of the newest entries the match holds in memory. */
    newest = 12,
  ): Promise<{ live: LiveMatch; truth: Match; held: number }> {
    const { stored, truth } = await storeDiceMatch(storage, id);
    let rowsIn = storage;
    if (eventsFrom > 1) {
      // Rows stored before rows carried their events (a server older than snapshots).
      const rows = await storage.listActions(id, 0);
      const other = createSqliteStorage({ file: join(dir, `${id}.sqlite`) });
      await other.init();
      stores.push(other);
      await other.createMatch(stored, []);
      for (const row of rows) {
        const { events: _events, ...rest } = row;
        await other.appendAction(id, row.version < eventsFrom ? rest : row);
      }
      rowsIn = other;
    }
    const version = truth.actions.length;
    const held = Math.max(0, version - newest);
    const live = liveHoldingNewest({ storage: rowsIn, bots, log: app.log }, stored, truth, {
      held,
      welcomeLogEntries,
    });
    return { live, truth, held };
  }

  it('a welcome and a page reach back past what the match holds', async () => {
    const { live, truth, held } = await liveOver('older', 1, 30);
    const version = truth.actions.length;
    expect(live.match.log[0]?.seq).toBe(held);
    for (const viewer of [0, 2, null] as const) {
      const w = must(await live.welcome(viewer, 1, undefined));
      expect(w.logStart).toBe(version - 29);
      expect(w.missed).toEqual(truth.logFor(viewer ?? 'spectator').slice(version - 29));
      const all = must(await live.logEntries(viewer, 1, version));
      expect(all.complete).toBe(true);
      expect(all.entries).toEqual(truth.logFor(viewer ?? 'spectator').slice(1));
      if (viewer !== 2) expect(hides(all.entries.slice(0, held - 1))).toBe(true);
    }
    live.shutdown(1001, 'test over');
  });

  it('rows stored without events: the entries start after the newest such row', async () => {
    const { live, truth } = await liveOver('no-events', 6, 30);
    const version = truth.actions.length;
    const all = must(await live.logEntries(0, 1, version));
    expect(all.complete).toBe(false);
    expect(all.entries[0]?.seq).toBe(6);
    expect(all.entries).toEqual(truth.logFor(0).slice(6));
    // A window that does not reach them is whole.
    const w = must(await live.welcome(0, 1, undefined));
    expect(w.missed).toEqual(truth.logFor(0).slice(version - 29));
    live.shutdown(1001, 'test over');
  });
  it('every window of every split between memory and storage reads as the replay gives it', async () => {
    let checked = 0;
    for (const [k, newest] of [1, 5, 40, 10_000].entries())
      for (const eventsFrom of [1, 20]) {
        const { live, truth, held } = await liveOver(
          `grid-${String(k)}-${String(eventsFrom)}`,
          eventsFrom,
          30,
          newest,
        );
        const version = truth.actions.length;
        for (const viewer of [1, null] as const) {
          const full = truth.logFor(viewer ?? 'spectator');
          for (let from = 1; from <= version; from += 6)
            for (let to = from - 1; to <= version; to += 9) {
              const got = must(await live.logEntries(viewer, from, to));
              // The rows before `eventsFrom` carry no events: an entry older than the match
              // holds is given only when no such row lies between it and `to`.
              const end = to < held ? to : Math.max(from, held) - 1;
              const start = from < eventsFrom && from <= end ? Math.min(eventsFrom, end + 1) : from;
              expect(got.entries, `${String(held)} ${String(from)}..${String(to)}`).toEqual(
                full.slice(start, to + 1),
              );
              expect(got.complete).toBe(start === from);
              checked++;
            }
        }
        live.shutdown(1001, 'test over');
      }
    expect(checked).toBeGreaterThan(1000);
  });
});
