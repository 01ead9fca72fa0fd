import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pig } from '@ruleloom/core/games';
import { describe, expect, it } from 'vitest';
import {
  createSqliteStorage,
  DEFAULT_LIMITS,
  DEFAULT_SNAPSHOT_EVERY,
  expandLegalActions,
  type GameStorage,
  type WelcomeMessage,
} from '../src/index.js';
import { fillPigMatch, LONG_PIG_OPTIONS } from './helpers/long-match.js';
import { createMatchOver, HOSTED_GAMES, startServer } from './helpers/start-server.js';
import { TestClient } from './helpers/test-client.js';

const ACTIONS = 10_000;

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * The CPU time (ms) the calling thread has run, from Linux's `/proc/thread-self/schedstat`
 * (nanoseconds): the main thread's own work only, not the garbage collector's or the
 * compiler's helper threads, and not the time it waited for a CPU on a loaded machine.
 * Elsewhere, the whole process's CPU time (`process.cpuUsage`, every thread).
 */
const threadCpuMs: () => number = (() => {
  try {
    const read = () => Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]);
    if (Number.isFinite(read())) return () => read() / 1e6;
  } catch {
    // Not Linux: fall back to the process's CPU time below.
  }
  return () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
})();

/** What the event loop went through while `work` ran. */
interface LoopReport {
  /** The longest event-loop delay (ms, wall clock, resolution 1 ms). */
  readonly wallMs: number;
  /**
   * The most CPU time (ms, the main thread) spent between two turns of the loop: how long the
   * longest synchronous piece of work blocked it, whatever else the machine runs.
   */
  readonly cpuMs: number;
}

async function measureLoop(work: () => Promise<void>): Promise<LoopReport> {
  const h = monitorEventLoopDelay({ resolution: 1 });
  let prev = threadCpuMs();
  let cpuMax = 0;
  let running = true;
  const tick = (): void => {
    const now = threadCpuMs();
    cpuMax = Math.max(cpuMax, now - prev);
    prev = now;
    if (running) setImmediate(tick);
  };
  h.enable();
  setImmediate(tick);
  try {
    await work();
    await sleep(5);
  } finally {
    running = false;
    h.disable();
  }
  return { wallMs: h.max / 1e6, cpuMs: cpuMax };
}

/** The stored rows a storage handed out (`listActions`), counted while `counting` is on. */
function countingStorage(storage: GameStorage): { storage: GameStorage; rows: () => number } {
  let rows = 0;
  const counted = new Proxy(storage, {
    get(target, key) {
      if (key === 'listActions')
        return async (...args: Parameters<GameStorage['listActions']>) => {
          const page = await target.listActions(...args);
          rows += page.length;
          return page;
        };
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
  return { storage: counted, rows: () => rows };
}

const show = (r: LoopReport): string =>
  `${r.cpuMs.toFixed(1)} ms CPU / ${r.wallMs.toFixed(1)} ms wall`;

describe('a 10,000-action match after a restart', () => {
  it('GET and join do bounded work whatever the history, so they never block the event loop long', async () => {
    const games = [...HOSTED_GAMES, { game: pig }];
    const first = await startServer({ games });
    const file = join(first.dir, 'matches.sqlite');
    const created = await createMatchOver(first.url, {
      game: 'pig',
      players: 2,
      options: LONG_PIG_OPTIONS,
    });
    // Closing the server closes its storage (and the file's lock); keep the folder.
    await first.server.close();
    const fill = createSqliteStorage({ file });
    await fill.init();
    const original = await fillPigMatch(fill, created.match, ACTIONS);
    await fill.close();

    const counting = countingStorage(createSqliteStorage({ file }));
    const second = await startServer({ games, storage: counting.storage });
    const clients: TestClient[] = [];
    try {
      let getMs = 0;
      let resumed: WelcomeMessage | undefined;
      const seat = original.toAct[0] as number;
      const token = created.seats[seat]?.token ?? '';
      // The first request after the restart loads the match; then a client reconnects.
      // Three rounds of a load (the first GET after the restart, or after the match was
      // unloaded) and a reconnecting join; the median round is bounded, all are printed.
      const rounds: LoopReport[] = [];
      const rowsRead: number[] = [];
      for (let round = 0; round < 3; round++) {
        const last = round === 2;
        const rowsBefore = counting.rows();
        rounds.push(
          await measureLoop(async () => {
            const t0 = performance.now();
            const r = await fetch(`${second.url}/matches/${created.match}`);
            if (round === 0) getMs = performance.now() - t0;
            const body = (await r.json()) as { version: number; status: string };
            expect(body).toMatchObject({ version: ACTIONS, status: 'active' });
            const c = await TestClient.connect(second.url, token);
            if (last) clients.push(c);
            resumed = (await c.reply(
              c.send({ type: 'join', match: created.match, since: ACTIONS - 2 }),
            )) as WelcomeMessage;
            if (!last) c.close();
          }),
        );
        rowsRead.push(counting.rows() - rowsBefore);
        // The closed connection leaves the match idle: it is unloaded, the next GET loads it.
        await sleep(200);
      }
      expect(resumed?.version).toBe(ACTIONS);
      expect(resumed?.missed.map((e) => e.seq)).toEqual([ACTIONS - 1, ACTIONS]);
      // A join without `since` gets the newest `limits.welcomeLogEntries` entries (protocol 3):
      // a frame whose size does not grow with the history.
      let welcome: WelcomeMessage | undefined;
      const rowsBeforeJoin = counting.rows();
      const fullJoin = await measureLoop(async () => {
        const c = await TestClient.connect(second.url, token);
        clients.push(c);
        welcome = (await c.reply(c.send({ type: 'join', match: created.match }))) as WelcomeMessage;
      });
      const joinRows = counting.rows() - rowsBeforeJoin;
      expect(welcome?.missed).toHaveLength(200);
      expect(welcome?.logStart).toBe(ACTIONS - 199);
      expect(welcome?.missed.at(-1)).toEqual(original.logFor(seat).at(-1));
      console.log(
        `event loop, ${String(ACTIONS)}-action match after a restart: longest block ${rounds.map(show).join(', ')} in three rounds of a load (first GET ${getMs.toFixed(0)} ms) + a join with since; ${show(fullJoin)} during a join without since (the newest 200 entries); stored rows read: ${rowsRead.join(', ')} by the rounds, ${String(joinRows)} by the join`,
      );
      // The match loaded from its snapshot plays on: the next act is stored at 10,001.
      const c = clients[1] as TestClient;
      const legal = welcome === undefined ? [] : expandLegalActions(welcome.legal);
      const ack = await c.reply(c.send({ type: 'act', action: legal[0], version: ACTIONS }));
      expect(ack, JSON.stringify(ack)).toMatchObject({ type: 'ack', version: ACTIONS + 1 });
      // The bound is on the work, not on a clock (what a loaded machine does to the clock says
      // more about the machine than about the server; the times are printed): whatever the
      // history's length, a load reads the rows after the newest snapshot (fewer than
      // DEFAULT_SNAPSHOT_EVERY) and two chaining rows, a join with since the rows it missed
      // (2), and a join without since the newest welcomeLogEntries (200). Replaying 10,000
      // actions, or reading them, would be far over it.
      for (const rows of rowsRead) expect(rows).toBeLessThanOrEqual(DEFAULT_SNAPSHOT_EVERY + 2 + 2);
      expect(joinRows).toBeLessThanOrEqual(DEFAULT_LIMITS.welcomeLogEntries);
    } finally {
      for (const c of clients) c.close();
      await second.stop();
    }
  }, 120_000);
});
