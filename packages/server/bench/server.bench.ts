/**
 * Load benchmark of @ruleloom/server (`pnpm run bench:server`, not a test): N concurrent
 * St. Augustine matches over loopback WebSockets for a bounded time, every seat a scripted
 * client except one bot seat in every fifth match. Reports accepted actions per second and
 * the p50/p99 latency from sending `act` to receiving its `ack`, for SQLite and (when
 * Debian's postgresql is installed) PostgreSQL with its default durability settings.
 *
 * Settings: BENCH_MATCHES (default 10), BENCH_SECONDS (default 8). Needs `pnpm run build`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { stAugustine } from '@ruleloom/st-augustine';
import { WebSocket } from 'ws';
import {
  createGameServer,
  createPostgresStorage,
  createSqliteStorage,
  expandLegalActions,
  type CompactLegalActions,
  type GameStorage,
} from '../src/index.js';
import { postgresAvailable, startPostgres } from '../test/helpers/postgres-cluster.js';

const MATCHES = Number(process.env.BENCH_MATCHES ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);

interface Result {
  readonly storage: string;
  readonly actions: number;
  readonly perSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly matchesFinished: number;
}

async function run(name: string, storage: GameStorage): Promise<Result> {
  const server = await createGameServer({
    games: [
      { game: stAugustine, module: { module: '@ruleloom/st-augustine', export: 'stAugustine' } },
    ],
    storage,
    secret: 'bench-secret-0123456789',
    limits: {
      connectionsPerIp: 10_000,
      matchesPerCreator: 1_000_000,
      messagesPerSecond: 10_000,
      messageBurst: 10_000,
    },
  });
  const url = await server.listen();
  const latencies: number[] = [];
  let accepted = 0;
  let finished = 0;
  const end = performance.now() + SECONDS * 1000;

  async function playMatches(index: number): Promise<void> {
    while (performance.now() < end) {
      const bots = index % 5 === 0 ? [{ seat: 1, bot: 'random' }] : [];
      const created = (await (
        await fetch(`${url}/matches`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            game: 'st-augustine',
            players: 2,
            options: { trading: 'off' },
            bots,
          }),
        })
      ).json()) as { match: string; seats: { seat: number; token: string }[] };
      let version = 0;
      await Promise.all(
        created.seats.map(
          (s) =>
            new Promise<void>((resolve) => {
              const socket = new WebSocket(`${url.replace('http', 'ws')}/play`, {
                headers: { authorization: `Bearer ${s.token}` },
              });
              let seq = 1;
              let sentAt = 0;
              socket.on('open', () =>
                socket.send(JSON.stringify({ type: 'join', seq, match: created.match })),
              );
              socket.on('close', () => resolve());
              socket.on('message', (data: Buffer) => {
                const m = JSON.parse(data.toString()) as {
                  type: string;
                  isOver?: boolean;
                  version?: number;
                  legal?: CompactLegalActions;
                };
                if (m.type === 'ack') {
                  latencies.push(performance.now() - sentAt);
                  return;
                }
                if (m.type !== 'welcome' && m.type !== 'update') return;
                if (m.type === 'update') version = Math.max(version, m.version ?? 0);
                if (m.isOver === true || performance.now() > end) {
                  socket.close();
                  return;
                }
                const legal = m.legal === undefined ? [] : expandLegalActions(m.legal);
                if (legal.length === 0) return;
                sentAt = performance.now();
                socket.send(
                  JSON.stringify({
                    type: 'act',
                    seq: ++seq,
                    action: legal[(m.version ?? 0) % legal.length],
                    version: m.version,
                  }),
                );
              });
            }),
        ),
      );
      accepted += version;
      finished++;
    }
  }

  const t0 = performance.now();
  await Promise.all(Array.from({ length: MATCHES }, (_, i) => playMatches(i)));
  const elapsed = (performance.now() - t0) / 1000;
  await server.close();
  latencies.sort((a, b) => a - b);
  const pct = (p: number): number =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? NaN;
  return {
    storage: name,
    actions: accepted,
    perSecond: accepted / elapsed,
    p50: pct(0.5),
    p99: pct(0.99),
    matchesFinished: finished,
  };
}

const results: Result[] = [];
const dir = mkdtempSync(join(tmpdir(), 'ruleloom-bench-'));
try {
  results.push(
    await run(
      'SQLite (WAL, synchronous=NORMAL)',
      createSqliteStorage({ file: join(dir, 'bench.sqlite') }),
    ),
  );
  if (postgresAvailable) {
    const cluster = await startPostgres(true);
    try {
      results.push(
        await run(
          'PostgreSQL 15 (default fsync)',
          createPostgresStorage({ connection: cluster.createDatabase('bench') }),
        ),
      );
    } finally {
      cluster.stop();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(`${String(MATCHES)} concurrent matches for ${String(SECONDS)} s over loopback\n`);
console.log(
  '| storage | accepted actions | actions/s | ack p50 (ms) | ack p99 (ms) | matches played |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
for (const r of results)
  console.log(
    `| ${r.storage} | ${String(r.actions)} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${String(r.matchesFinished)} |`,
  );
