/**
 * Distributed tournaments: games/s with 1, 2 and 4 worker processes (one game at a time each)
 * on a local redis-server, against the local runner on the same machine, and the per-job
 * overhead (a near-empty game through the queue vs in this thread). Not a test: numbers
 * depend on the machine. Run: pnpm --filter @ruleloom/bots bench:distributed
 * (needs `redis-server` on the PATH; build first: pnpm run build).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runTournament, type BotSpec } from '../src/index.js';
import { startRedis } from '../test/fixtures/redis-server.js';

const redis = await startRedis();
const tsx = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));
const workerScript = fileURLToPath(new URL('./distributed-worker.ts', import.meta.url));

async function startWorkers(n: number): Promise<ChildProcess[]> {
  return Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<ChildProcess>((resolve, reject) => {
          const child = spawn(tsx, [workerScript, redis.url], {
            stdio: ['ignore', 'pipe', 'inherit'],
          });
          child.once('error', reject);
          child.stdout?.once('data', () => resolve(child));
        }),
    ),
  );
}

async function stopWorkers(children: readonly ChildProcess[]): Promise<void> {
  await Promise.all(
    children.map(
      (c) =>
        new Promise((resolve) => {
          c.once('exit', resolve);
          c.kill('SIGTERM');
        }),
    ),
  );
}

const stAugustine = {
  game: { module: '@ruleloom/st-augustine', export: 'stAugustine' },
  bots: [
    {
      kind: 'mcts',
      params: {
        iterations: 100,
        rolloutDepth: 20,
        heuristic: { module: '@ruleloom/st-augustine', export: 'stAugustineHeuristic' },
      },
    },
    { kind: 'auctionPolicy' },
    { kind: 'auctionPolicy' },
  ] as BotSpec[],
  players: 3,
  options: { trading: 'off' },
  seed: 'bench',
};
const pig = {
  game: { module: '@ruleloom/core/testing', export: 'pig' },
  bots: [{ kind: 'random' }, { kind: 'random' }] as BotSpec[],
  options: { target: 2 },
  seed: 'overhead',
};

let run = 0;
async function timed(
  games: number,
  spec: typeof stAugustine | typeof pig,
  distributed: boolean,
): Promise<number> {
  const t0 = performance.now();
  const result = await runTournament({
    ...spec,
    games,
    // Local: one worker thread, as each worker process plays one game at a time on one thread.
    workers: distributed || spec === pig ? 0 : 1,
    ...(distributed
      ? { backend: { kind: 'bullmq', connection: redis.url, id: `bench-${String(run++)}` } }
      : {}),
  });
  if (result.failed > 0)
    throw new Error(
      `${String(result.failed)} games failed: ${result.games.find((g) => g.error)?.error?.message ?? ''}`,
    );
  return (performance.now() - t0) / 1000;
}

const games = 12;
const rows: string[] = [];
const started: ChildProcess[] = [];
const note = (row: string): void => {
  rows.push(row);
  console.error(row);
};
try {
  const localSeconds = await timed(games, stAugustine, false);
  note(`local runner, 1 thread      ${(games / localSeconds).toFixed(2)} games/s`);
  for (const n of [1, 2, 4]) {
    const workers = await startWorkers(n);
    started.push(...workers);
    const seconds = await timed(games, stAugustine, true);
    note(
      `${String(n)} worker process${n > 1 ? 'es' : '  '}          ${(games / seconds).toFixed(2)} games/s`,
    );
    if (n === 1) {
      const jobs = 200;
      const queued = await timed(jobs, pig, true);
      const here = await timed(jobs, pig, false);
      note(
        `per-job overhead            ${(((queued - here) / jobs) * 1000).toFixed(2)} ms (${String(jobs)} near-empty Pig games (target 2): ${queued.toFixed(2)} s through 1 worker vs ${here.toFixed(2)} s in this thread)`,
      );
    }
    await stopWorkers(workers);
  }
} finally {
  for (const c of started) if (c.exitCode === null) c.kill('SIGKILL');
  await redis.stop();
}
console.log(
  `St. Augustine, 3 players, trading off: mcts(100 iterations) vs 2 auction-policy bots, ${String(games)} games`,
);
console.log(rows.join('\n'));
