import { QueueEvents, Queue } from 'bullmq';
import type { VariantData } from '@ruleloom/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getTournamentStatus, resumeTournament } from '../src/tournament/distributed/status.js';
import {
  startTournamentWorker,
  type TournamentWorker,
} from '../src/tournament/distributed/tournament-worker.js';
import { runTournament } from '../src/tournament/run-tournament.js';
import { scheduleGames } from '../src/tournament/schedule.js';
import type { BotSpec } from '../src/tournament/specs.js';
import type { TournamentResult } from '../src/tournament/tournament-types.js';
import type { WorkerTask } from '../src/tournament/worker-task.js';
import { hasRedis, startRedis, type RedisServer } from './fixtures/redis-server.js';

// A Pig kit whose heuristic refuses the base game's rules: its greedy bot only plays a variant.
const kit = {
  module: new URL('./fixtures/strict-pig-kit.mjs', import.meta.url).href,
  export: 'default',
};
const variant: VariantData = {
  game: 'pig',
  id: 'pig-short',
  name: 'Race to 20',
  options: { target: 20 },
};
const bots: BotSpec[] = [{ kind: 'catalog', bot: 'greedy', kit }, { kind: 'random' }];

function reproducible(result: TournamentResult): unknown {
  return {
    game: result.game,
    seed: result.seed,
    bots: result.bots.map(({ meanDecisionMs: _ms, ...rest }) => rest),
    games: result.games.map(({ decisionMs: _ms, worker: _w, ...rest }) => rest),
  };
}

describe.skipIf(!hasRedis)('variants on the BullMQ backend, shipped as data', () => {
  let redis: RedisServer;
  let worker: TournamentWorker;
  const failures: { jobId: string | undefined; index: number | undefined; reason: string }[] = [];
  beforeAll(async () => {
    redis = await startRedis();
    worker = await startTournamentWorker({
      connection: redis.url,
      concurrency: 1,
      onFailedGame: (f) => failures.push(f),
    });
  }, 30_000);
  afterAll(async () => {
    await worker.close();
    await redis.stop();
  });

  it("gives the local result, with the kit's heuristic built from the variant's rules", async () => {
    const settings = { game: kit, variant, bots, games: 6, seed: 'variant' } as const;
    const local = await runTournament({ ...settings, workers: 0 });
    const remote = await runTournament({
      ...settings,
      backend: { kind: 'bullmq', connection: redis.url, id: 'pig-short' },
    });
    expect(local.failed).toBe(0);
    expect(remote.failed).toBe(0);
    expect(remote.game).toBe('pig-short');
    expect(reproducible(remote)).toEqual(reproducible(local));
    expect(remote.games.every((g) => g.worker === worker.environment.id)).toBe(true);
    for (const g of remote.games) expect(Math.max(...g.scores)).toBeGreaterThanOrEqual(20);

    // The same kit on the base game: its greedy bot refuses to play (the fixture can fail).
    const { variant: _variant, ...baseSettings } = settings;
    const plain = await runTournament({
      ...baseSettings,
      backend: { kind: 'bullmq', connection: redis.url, id: 'pig-base' },
    });
    expect(plain.failed).toBe(6);
    expect(plain.games[0]?.error?.message).toMatch(/built from the base rules/);

    // In competition mode each bot's own thread rebuilds the variant too.
    const competing = await runTournament({
      ...settings,
      games: 2,
      competition: true,
      backend: { kind: 'bullmq', connection: redis.url, id: 'pig-short-competition' },
    });
    expect(competing.failed).toBe(0);
  }, 90_000);

  it('keeps the variant in the stored tournament: status and resume use it, another variant never shares the id', async () => {
    const settings = {
      game: kit,
      variant,
      bots,
      games: 4,
      seed: 'stored',
      backend: { kind: 'bullmq', connection: redis.url, id: 'stored-variant' },
    } as const;
    const first = await runTournament(settings);
    const status = await getTournamentStatus({ connection: redis.url, id: 'stored-variant' });
    expect(status).toMatchObject({ variant: 'pig-short', completed: 4, failed: 0, total: 4 });
    const resumed = await resumeTournament({ connection: redis.url, id: 'stored-variant' });
    // Read back from Redis: the same records (decision times included: nothing was replayed).
    expect(resumed.games).toEqual(first.games);
    expect(resumed.game).toBe('pig-short');
    await expect(
      runTournament({ ...settings, variant: { ...variant, options: { target: 25 } } }),
    ).rejects.toThrow(/already exists in Redis with other settings/);
    const { variant: _variant, ...baseSettings } = settings;
    await expect(runTournament(baseSettings)).rejects.toThrow(
      /already exists in Redis with other settings/,
    );
  }, 60_000);

  it('refuses variant data that does not fit the game before enqueueing anything', async () => {
    await expect(
      runTournament({
        game: kit,
        variant: { game: 'pig', id: 'pig-bad', options: { target: 1 } },
        bots,
        games: 2,
        backend: { kind: 'bullmq', connection: redis.url, id: 'never-enqueued' },
      }),
    ).rejects.toThrow(/not a valid variant of 'pig': options\.target: /);
  });

  it('fails a job with bad variant data or an unimportable game with a readable reason, and serves on', async () => {
    const queue = new Queue('ruleloom-games', { connection: { url: redis.url } });
    const events = new QueueEvents('ruleloom-games', { connection: { url: redis.url } });
    try {
      await events.waitUntilReady();
      const task = scheduleGames('by-hand', 2, 2, {}, 10_000)[0];
      if (task === undefined) throw new Error('no task scheduled');
      const job = (id: string, data: Partial<WorkerTask>) =>
        queue.add(
          'game',
          { game: kit, bots, names: ['greedy', 'random'], task, ...data },
          { jobId: id, attempts: 1 },
        );
      const bad = await job('by-hand-0', {
        variant: { game: 'pig', id: 'typo', options: { traget: 20 } },
      });
      await expect(bad.waitUntilFinished(events, 20_000)).rejects.toThrow(
        /the variant 'typo' is not a valid variant of 'pig': options\.traget: .*target/,
      );
      const orphan = await job('by-hand-1', {
        game: { module: '@ruleloom/not-installed', export: 'kit' },
        variant,
      });
      await expect(orphan.waitUntilFinished(events, 20_000)).rejects.toThrow(
        /cannot load the game 'kit' of '@ruleloom\/not-installed' for the variant 'pig-short'/,
      );
      // The worker's operator is told too.
      await vi.waitFor(() => {
        expect(failures.map((f) => [f.jobId, f.index])).toEqual([
          ['by-hand-0', 0],
          ['by-hand-1', 0],
        ]);
      });
      expect(failures[0]?.reason).toMatch(/not a valid variant of 'pig'/);
      // The worker plays on.
      const fine = await job('by-hand-2', { variant });
      const played = (await fine.waitUntilFinished(events, 20_000)) as {
        record: { error?: unknown; index: number };
      };
      expect(played.record.error).toBeUndefined();
    } finally {
      await events.close();
      await queue.close();
    }
  }, 60_000);
});
