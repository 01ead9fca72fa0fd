/**
 * Benchmark of loading stored matches (`pnpm --filter @ruleloom/server exec tsx
 * bench/long-matches.bench.ts`, not a test): SQLite storage, a fresh server process state each
 * time (a restart).
 *
 * 1. A 10,000-action Pig match: the first GET after a restart, later GETs (an idle match is
 *    unloaded after each answer, so every GET loads it), a join with `since` (a reconnect), a
 *    join without `since` (protocol 3: the newest `limits.welcomeLogEntries` entries, with the
 *    welcome's size), paging the whole log back with `GET /matches/:id/log` (500 a page), each
 *    with the event loop's longest delay; then the same GET with the snapshots deleted (a full
 *    replay, as before snapshots).
 * 2. A restart with 1,000 stored matches (each 150 Pig actions, two snapshots): time to
 *    listen, time to the first answer, and memory.
 *
 * Settings: BENCH_ACTIONS (default 10000), BENCH_STORED_MATCHES (default 1000). Needs
 * `pnpm run build` (the server's games come from the built packages).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { pig } from '@ruleloom/core/games';
import Database from 'libsql';
import { createGameServer, createSqliteStorage, type GameServer } from '../src/index.js';
import { fillPigMatch, LONG_PIG_OPTIONS } from '../test/helpers/long-match.js';
import { TestClient } from '../test/helpers/test-client.js';

const ACTIONS = Number(process.env.BENCH_ACTIONS ?? 10_000);
const STORED = Number(process.env.BENCH_STORED_MATCHES ?? 1000);
const SECRET = 'bench-secret-0123456789abcdef';

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
};
const mib = (bytes: number): string => (bytes / 1024 / 1024).toFixed(1);

async function serve(file: string): Promise<{ server: GameServer; url: string }> {
  const server = await createGameServer({
    games: [{ game: pig }],
    secret: SECRET,
    storage: createSqliteStorage({ file }),
    logger: false,
  });
  return { server, url: await server.listen({ port: 0, host: '127.0.0.1' }) };
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; loopMs: number; value: T }> {
  const h = monitorEventLoopDelay({ resolution: 1 });
  h.enable();
  const t0 = performance.now();
  const value = await work();
  const ms = performance.now() - t0;
  h.disable();
  return { ms, loopMs: h.max / 1e6, value };
}

async function longMatch(dir: string): Promise<void> {
  const file = join(dir, 'long.sqlite');
  let { server, url } = await serve(file);
  const create = async () =>
    (await (
      await fetch(`${url}/matches`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ game: 'pig', players: 2, options: LONG_PIG_OPTIONS }),
      })
    ).json()) as { match: string; seats: { seat: number; token: string }[] };
  const created = await create();
  // A match a tenth as long, to compare: a load should cost the same.
  const short = await create();
  await server.close();
  const fill = createSqliteStorage({ file });
  await fill.init();
  const t0 = performance.now();
  const original = await fillPigMatch(fill, created.match, ACTIONS);
  const fillMs = performance.now() - t0;
  await fillPigMatch(fill, short.match, Math.round(ACTIONS / 10));
  await fill.close();
  const token = created.seats[original.toAct[0] as number]?.token ?? '';
  console.log(
    `\n${String(ACTIONS)}-action Pig match stored in ${(fillMs / 1000).toFixed(1)} s (${mib(statSync(file).size)} MiB file)`,
  );

  ({ server, url } = await serve(file));
  const get = () => fetch(`${url}/matches/${created.match}`).then((r) => r.json());
  const first = await timed(get);
  const gets: number[] = [];
  const getLoops: number[] = [];
  for (let i = 0; i < 5; i++) {
    const r = await timed(get);
    gets.push(r.ms);
    getLoops.push(r.loopMs);
  }
  const shortGets: number[] = [];
  const shortLoops: number[] = [];
  for (let i = 0; i < 5; i++) {
    const r = await timed(() => fetch(`${url}/matches/${short.match}`).then((x) => x.json()));
    shortGets.push(r.ms);
    shortLoops.push(r.loopMs);
  }
  const joinMatch = async (since?: number) => {
    const c = await TestClient.connect(url, token);
    const w = await c.reply(
      c.send({ type: 'join', match: created.match, ...(since === undefined ? {} : { since }) }),
    );
    c.close();
    return w;
  };
  const joins: number[] = [];
  const joinLoops: number[] = [];
  for (let i = 0; i < 5; i++) {
    const r = await timed(() => joinMatch(ACTIONS - 2));
    joins.push(r.ms);
    joinLoops.push(r.loopMs);
  }
  const full = await timed(() => joinMatch());
  const welcome = full.value;
  if (welcome.type !== 'welcome') throw new Error(`not a welcome: ${welcome.type}`);
  const welcomeBytes = Buffer.byteLength(JSON.stringify(full.value));
  // The older entries, page by page, as a client's `loadEarlierLog(500)` reads them, with the
  // client connected (the match stays in memory: no page loads it).
  const holder = await TestClient.connect(url, token);
  await holder.reply(holder.send({ type: 'join', match: created.match, since: ACTIONS }));
  const pageMs: number[] = [];
  const pageLoops: number[] = [];
  let pageBytes = 0;
  let read = welcome.missed.length;
  for (let before = welcome.logStart; before > 1;) {
    const r = await timed(() =>
      fetch(`${url}/matches/${created.match}/log?before=${String(before)}&limit=500`, {
        headers: { authorization: `Bearer ${token}` },
      }).then((x) => x.text()),
    );
    pageMs.push(r.ms);
    pageLoops.push(r.loopMs);
    pageBytes = Math.max(pageBytes, Buffer.byteLength(r.value));
    const page = JSON.parse(r.value) as { entries: { seq: number }[] };
    read += page.entries.length;
    before = page.entries[0]?.seq ?? 1;
  }
  if (read !== ACTIONS) throw new Error(`paged ${String(read)} entries of ${String(ACTIONS)}`);
  holder.close();
  await server.close();

  // Before snapshots: the same GET replays the whole history.
  const db = new Database(file);
  db.prepare('DELETE FROM ruleloom_snapshots').run();
  db.close();
  ({ server, url } = await serve(file));
  const replay = await timed(get);
  await server.close();

  console.log('| request (SQLite, after a restart) | time | longest event-loop delay |');
  console.log('|---|---|---|');
  console.log(
    `| first GET | ${first.ms.toFixed(0)} ms | ${first.loopMs.toFixed(0)} ms |`,
    `\n| GET (median of 5; each loads the idle match) | ${median(gets).toFixed(0)} ms | ${median(getLoops).toFixed(0)} ms (max ${Math.max(...getLoops).toFixed(0)}) |`,
    `\n| GET of a ${String(Math.round(ACTIONS / 10))}-action match (median of 5) | ${median(shortGets).toFixed(0)} ms | ${median(shortLoops).toFixed(0)} ms (max ${Math.max(...shortLoops).toFixed(0)}) |`,
    `\n| join with since (median of 5; loads the match) | ${median(joins).toFixed(0)} ms | ${median(joinLoops).toFixed(0)} ms (max ${Math.max(...joinLoops).toFixed(0)}) |`,
    `\n| join without since (the newest ${String(welcome.missed.length)} entries: a ${(welcomeBytes / 1024).toFixed(1)} KiB welcome) | ${full.ms.toFixed(0)} ms | ${full.loopMs.toFixed(0)} ms |`,
    `\n| GET /log, 500 a page, a client connected (median of ${String(pageMs.length)}; largest page ${(pageBytes / 1024).toFixed(1)} KiB) | ${median(pageMs).toFixed(0)} ms | ${median(pageLoops).toFixed(0)} ms (max ${Math.max(...pageLoops).toFixed(0)}) |`,
    `\n| GET without snapshots (full replay, as before) | ${replay.ms.toFixed(0)} ms | ${replay.loopMs.toFixed(0)} ms |`,
  );
}

async function manyMatches(dir: string): Promise<void> {
  const file = join(dir, 'many.sqlite');
  // One real match (rows, events, snapshots as the server stores them), copied STORED times.
  const seed = createSqliteStorage({ file });
  await seed.init();
  await seed.close();
  let { server, url } = await serve(file);
  const created = (await (
    await fetch(`${url}/matches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ game: 'pig', players: 2, options: LONG_PIG_OPTIONS }),
    })
  ).json()) as { match: string };
  await server.close();
  const fill = createSqliteStorage({ file });
  await fill.init();
  await fillPigMatch(fill, created.match, 150);
  await fill.close();
  const db = new Database(file);
  db.transaction(() => {
    for (let i = 1; i < STORED; i++) {
      const id = `copy${String(i)}`;
      db.prepare(
        'INSERT INTO ruleloom_matches SELECT ?, game, rules_version, setup, config, creator || ?, created_at, status, problem, bot_secret FROM ruleloom_matches WHERE id = ?',
      ).run(id, String(i), created.match);
      db.prepare(
        'INSERT INTO ruleloom_actions SELECT ?, version, seat, action, hash, chain, client_seq, events FROM ruleloom_actions WHERE match_id = ?',
      ).run(id, created.match);
      db.prepare(
        'INSERT INTO ruleloom_snapshots SELECT ?, version, state, hash, chain FROM ruleloom_snapshots WHERE match_id = ?',
      ).run(id, created.match);
    }
  })();
  db.close();
  const before = process.memoryUsage();
  const t0 = performance.now();
  ({ server, url } = await serve(file));
  const listening = performance.now() - t0;
  const r = await fetch(`${url}/matches/copy${String(STORED - 1)}`);
  const firstAnswer = performance.now() - t0;
  const body = (await r.json()) as { version: number };
  const after = process.memoryUsage();
  await server.close();
  console.log(
    `\nrestart with ${String(STORED)} stored matches (150 actions each, ${mib(statSync(file).size)} MiB file):`,
    `listening after ${listening.toFixed(0)} ms, first GET answered (version ${String(body.version)}) after ${firstAnswer.toFixed(0)} ms;`,
    `RSS ${mib(after.rss)} MiB (+${mib(after.rss - before.rss)}), heap used ${mib(after.heapUsed)} MiB`,
  );
}

const dir = mkdtempSync(join(tmpdir(), 'ruleloom-bench-long-'));
try {
  console.log(
    `node ${process.version}, load average ${(await import('node:os'))
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
  await longMatch(dir);
  await manyMatches(dir);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
