import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTournamentWorker,
  type TournamentWorker,
} from '../src/tournament/distributed/tournament-worker.js';
import { getTournamentStatus } from '../src/tournament/distributed/status.js';
import { runTournament } from '../src/tournament/run-tournament.js';
import type { BotSpec } from '../src/tournament/specs.js';
import type { TournamentResult } from '../src/tournament/tournament-types.js';
import { hasRedis, startRedis, type RedisServer } from './fixtures/redis-server.js';

const pigRef = { module: '@ruleloom/core/testing', export: 'pig' } as const;
const crashFixture = new URL('./fixtures/crash-bot.js', import.meta.url).href;
const crasher: BotSpec = {
  kind: 'module',
  module: crashFixture,
  export: 'crashingBot',
  params: { crashProbability: 0.2 },
};

function reproducible(result: TournamentResult): unknown {
  return {
    seed: result.seed,
    bots: result.bots.map(({ meanDecisionMs: _ms, ...rest }) => rest),
    games: result.games.map(({ decisionMs: _ms, worker: _w, ...rest }) => rest),
  };
}

describe.skipIf(!hasRedis)('the BullMQ backend', () => {
  let redis: RedisServer;
  let worker: TournamentWorker;
  beforeAll(async () => {
    redis = await startRedis();
    worker = await startTournamentWorker({ connection: redis.url, concurrency: 2 });
  }, 30_000);
  afterAll(async () => {
    await worker.close();
    await redis.stop();
  });

  it('gives the local result, crashed games recorded as errors of that game, with the worker environment', async () => {
    const base = {
      game: pigRef,
      bots: [
        { kind: 'mcts', params: { iterations: 20 } },
        { kind: 'random' },
        crasher,
      ] as BotSpec[],
      games: 12,
      seed: 'bullmq',
      options: { target: 25 },
    };
    const local = await runTournament({ ...base, workers: 2 });
    const seen: number[] = [];
    let decisionsReported = 0;
    const remote = await runTournament({
      ...base,
      backend: { kind: 'bullmq', connection: redis.url, id: 'same-as-local' },
      onProgress: (p) => seen.push(p.completed),
      onActivity: (a) => (decisionsReported = Math.max(decisionsReported, a.decisionsInProgress)),
    });
    expect(reproducible(remote)).toEqual(reproducible(local));
    expect(remote.failed).toBeGreaterThan(0);
    expect(remote.id).toBe('same-as-local');
    // Per-decision progress crossed from the worker (job progress) while games were running.
    expect(decisionsReported).toBeGreaterThan(0);
    expect(seen).toEqual([...Array(12).keys()].map((i) => i + 1));
    expect(remote.workers).toEqual([worker.environment]);
    expect(remote.games.every((g) => g.worker === worker.environment.id)).toBe(true);
    const status = await getTournamentStatus({ connection: redis.url, id: 'same-as-local' });
    expect(status.completed).toBe(12);
    expect(status.failed).toBe(remote.failed);
    expect(status.bots.map((b) => b.wins)).toEqual(remote.bots.map((b) => b.wins));
  }, 60_000);

  it('records a bot that calls process.exit as losing that game, once, and the worker plays on', async () => {
    const result = await runTournament({
      game: pigRef,
      bots: [{ kind: 'module', module: crashFixture, export: 'exitingBot' }, { kind: 'random' }],
      games: 2,
      seed: 1,
      backend: { kind: 'bullmq', connection: redis.url, id: 'exits' },
    });
    expect(result.failed).toBe(2);
    for (const g of result.games)
      expect(g.error?.message).toMatch(
        /bot 'exiter' threw: Error: process\.exit\(7\) is not allowed/,
      );
  }, 60_000);

  it('refuses to reuse a tournament id with other settings, and resumes with the same ones without replaying', async () => {
    const options = {
      game: pigRef,
      bots: [{ kind: 'random' }, { kind: 'random' }] as BotSpec[],
      games: 4,
      seed: 'resume',
      options: { target: 15 },
      backend: { kind: 'bullmq', connection: redis.url, id: 'resume-me' },
    } as const;
    const first = await runTournament(options);
    const again = await runTournament(options);
    // Read back from Redis: the very same records (decision times included, so nothing was replayed).
    expect(again.games).toEqual(first.games);
    await expect(runTournament({ ...options, seed: 'other' })).rejects.toThrow(/other settings/);
  }, 60_000);
});
