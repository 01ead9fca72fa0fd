import type { AnyGame, LogEntry, Match } from '@ruleloom/core';
import { createMatch } from '@ruleloom/core';
import { liarsDice } from '@ruleloom/core/games';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { BotRunner } from '../src/bots/bot-runner.js';
import { BotScheduler, resolveBotBudget } from '../src/bots/bot-budget.js';
import {
  createPostgresStorage,
  matchLogAnswerSchema,
  parseHttpBody,
  type GameStorage,
} from '../src/index.js';
import {
  DICE_SETUP,
  diceChooser,
  hides,
  must,
  liveHoldingNewest,
  storeDiceMatch,
} from './helpers/log-window.js';
import { postgresAvailable, usePostgres } from './helpers/postgres-cluster.js';
import { playAndStore } from './helpers/snapshot-suite.js';
import { createMatchOver, startServer } from './helpers/start-server.js';

/**
 * Issue #27 on PostgreSQL: log entries older than a match holds are read from its rows in
 * pages, and `GET /matches/:id/log` on an instance takes in what another process stored.
 */
const postgres = usePostgres('logwindow');

describe.skipIf(!postgresAvailable)('older log entries on PostgreSQL', () => {
  const stores: GameStorage[] = [];
  const app = Fastify({ logger: false });
  afterAll(async () => {
    for (const s of stores) await s.close();
    await app.close();
  });

  it('a welcome and every window read past what the match holds, from the stored rows', async () => {
    const storage = createPostgresStorage({ connection: postgres.url, poolSize: 2 });
    await storage.init();
    stores.push(storage);
    const bots = new BotScheduler(
      new BotRunner(1, [], 1000),
      1,
      resolveBotBudget(undefined),
      () => 0,
    );
    const { stored, truth } = await storeDiceMatch(storage, 'pg-older');
    const version = truth.actions.length;
    const held = version - 12;
    const live = liveHoldingNewest({ storage, bots, log: app.log }, stored, truth, {
      held,
      welcomeLogEntries: 30,
    });
    try {
      for (const viewer of [0, 1, null] as const) {
        const full = truth.logFor(viewer ?? 'spectator');
        const w = must(await live.welcome(viewer, 1, undefined));
        expect(w.logStart).toBe(version - 29);
        expect(w.missed).toEqual(full.slice(version - 29));
        for (let from = 1; from <= version; from += 13) {
          const got = must(await live.logEntries(viewer, from, version));
          expect(got.complete).toBe(true);
          expect(got.entries).toEqual(full.slice(from));
        }
        expect(hides(must(await live.logEntries(viewer, 1, held)).entries)).toBe(true);
      }
    } finally {
      live.shutdown(1001, 'test over');
      await bots.close();
    }
  });

  it('GET /log through a server takes in the actions another process stored', async () => {
    const server = await startServer({
      games: [{ game: liarsDice as AnyGame }],
      storage: createPostgresStorage({ connection: postgres.url, poolSize: 2 }),
    });
    const other = createPostgresStorage({ connection: postgres.url, poolSize: 2 });
    await other.init();
    stores.push(other);
    try {
      const m = await createMatchOver(server.url, { game: 'liars-dice', ...DICE_SETUP });
      const stored = await other.getMatch(m.match);
      const truth = createMatch(liarsDice as AnyGame, stored!.setup) as unknown as Match;
      // Another process plays the whole game: the server's match is still at version 0.
      await playAndStore(other, m.match, truth, 5_000, diceChooser);
      const version = truth.actions.length;
      const token = m.seats[2]!.token;
      const entries: LogEntry[] = [];
      for (let before = version + 1; before > 1;) {
        const r = await fetch(
          `${server.url}/matches/${m.match}/log?before=${String(before)}&limit=9`,
          {
            headers: { authorization: `Bearer ${token}` },
          },
        );
        expect(r.status).toBe(200);
        const page = parseHttpBody(matchLogAnswerSchema, await r.json());
        expect(page?.version).toBe(version);
        entries.unshift(...((page?.entries ?? []) as LogEntry[]));
        if (page?.more !== true) break;
        before = page.entries[0]!.seq;
      }
      expect(entries).toEqual(truth.logFor(2).slice(1));
      expect(hides(entries)).toBe(true);
    } finally {
      await server.stop();
    }
  });
});
