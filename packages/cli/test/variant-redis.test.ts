import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TournamentResult } from '@ruleloom/bots';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasRedis, startRedis, type RedisServer } from '../../bots/test/fixtures/redis-server.js';
import type { AnalysisReport } from '../src/analyze/report.js';
import { reproducible, spawnCli as run, until, type CliChild } from './cli-child.js';

// Monopolies pay about half: the St. Augustine heuristic is built from the income phases, so
// greedy bots play differently under it.
const cheap = fileURLToPath(
  new URL('../../../docs/guides/variants/cheap-monopolies.yaml', import.meta.url),
);

const quick = ['-o', 'turns=6', '-o', 'trading=off'];

function withoutTiming(report: AnalysisReport): unknown {
  const { timing: _timing, ...rest } = report;
  return rest;
}

describe.skipIf(!hasRedis)('variants on ruleloom worker processes (--variant with --redis)', () => {
  let redis: RedisServer;
  let dir: string;
  const workers: CliChild[] = [];
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    redis = await startRedis();
    dir = mkdtempSync(join(tmpdir(), 'ruleloom-variant-redis-'));
    for (let i = 0; i < 2; i++) {
      const w = run(['worker', '--redis', redis.url, '--concurrency', '1']);
      workers.push(w);
      children.push(w.child);
    }
    await until('both workers', () => workers.every((w) => w.out.includes('serving')));
  }, 60_000);
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await redis.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('analyze: the report of this machine, the variant played on the worker processes', async () => {
    const analysis = [
      'analyze',
      'st-augustine',
      '--variant',
      cheap,
      '--bots',
      'greedy,random,random',
      '--games',
      '6',
      '--seed',
      'variant-redis',
      ...quick,
    ];
    const remote = run([...analysis, '--redis', redis.url, '--json', join(dir, 'redis.json')]);
    children.push(remote.child);
    const r = await remote.exited;
    expect(r.code, r.out).toBe(0);
    // The server's address exactly (its port is random): the analysis id is the only unknown.
    expect(r.out).toMatch(
      new RegExp(`analysis [0-9a-f]{12} on ${redis.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`),
    );
    const local = await run([...analysis, '--workers', '0', '--json', join(dir, 'local.json')])
      .exited;
    expect(local.code, local.out).toBe(0);
    const onRedis = JSON.parse(readFileSync(join(dir, 'redis.json'), 'utf8')) as AnalysisReport;
    const here = JSON.parse(readFileSync(join(dir, 'local.json'), 'utf8')) as AnalysisReport;
    expect(onRedis.variants.map((v) => [v.id, v.games, v.failed])).toEqual([
      ['base', 6, 0],
      ['cheap-monopolies', 6, 0],
    ]);
    expect(withoutTiming(onRedis)).toEqual(withoutTiming(here));
    // The worker processes played the 12 games (which of the two took which game is up to
    // Redis and the machine's scheduling, so only their total is certain).
    const played = workers.map((w) => (w.out.match(/^game \d+ .*winners/gm) ?? []).length);
    expect(played.reduce((n, k) => n + k, 0)).toBe(12);
  }, 180_000);

  it('tournament: the local result; --status names the variant and --resume reads it from Redis', async () => {
    const tournament = [
      'tournament',
      'st-augustine',
      '--variant',
      cheap,
      '--bots',
      'greedy,random,random',
      '--games',
      '6',
      '--seed',
      'variant-tournament',
      ...quick,
    ];
    const remote = await run([
      ...tournament,
      '--redis',
      redis.url,
      '--id',
      'cheap-t',
      '--json',
      join(dir, 't-redis.json'),
    ]).exited;
    expect(remote.code, remote.out).toBe(0);
    const local = await run([...tournament, '--workers', '0', '--json', join(dir, 't-local.json')])
      .exited;
    expect(local.code, local.out).toBe(0);
    const onRedis = JSON.parse(readFileSync(join(dir, 't-redis.json'), 'utf8')) as TournamentResult;
    const here = JSON.parse(readFileSync(join(dir, 't-local.json'), 'utf8')) as TournamentResult;
    expect(onRedis.game).toBe('cheap-monopolies');
    expect(onRedis.failed).toBe(0);
    expect(reproducible(onRedis)).toEqual(reproducible(here));

    const status = await run([
      'tournament',
      'st-augustine',
      '--redis',
      redis.url,
      '--status',
      'cheap-t',
    ]).exited;
    expect(status.code, status.out).toBe(0);
    expect(status.out).toContain(
      'tournament cheap-t · variant cheap-monopolies · 6/6 games finished',
    );

    // Resumed without --variant: the stored settings carry it; nothing is replayed.
    const resumed = await run([
      'tournament',
      'st-augustine',
      '--redis',
      redis.url,
      '--resume',
      'cheap-t',
      '--json',
      join(dir, 't-resumed.json'),
    ]).exited;
    expect(resumed.code, resumed.out).toBe(0);
    expect(resumed.out).toContain(
      'tournament cheap-t resumed · variant cheap-monopolies · 6 games',
    );
    const again = JSON.parse(readFileSync(join(dir, 't-resumed.json'), 'utf8')) as TournamentResult;
    expect(again.games).toEqual(onRedis.games);

    // The same id with the rules as written is refused: the variant is part of its settings.
    const other = await run([
      'tournament',
      'st-augustine',
      '--bots',
      'greedy,random,random',
      '--games',
      '6',
      '--seed',
      'variant-tournament',
      ...quick,
      '--redis',
      redis.url,
      '--id',
      'cheap-t',
    ]).exited;
    expect(other.code).not.toBe(0);
    expect(other.out).toMatch(/tournament 'cheap-t' already exists in Redis with other settings/);
  }, 180_000);

  it('a worker fails a job with variant data written into Redis by hand, says why, and plays on', async () => {
    const queue = new Queue('ruleloom-games', { connection: { url: redis.url } });
    try {
      const task = {
        index: 0,
        deal: 0,
        rotation: 0,
        seed: 'by-hand',
        seats: [0, 1, 2],
        players: 3,
        options: { turns: 6, trading: 'off' },
        botSeeds: ['a', 'b', 'c'],
        maxDecisions: 10_000,
      };
      await queue.add(
        'game',
        {
          game: { module: '@ruleloom/st-augustine/kit', export: 'stAugustineKit' },
          variant: { game: 'st-augustine', id: 'typo', options: { turn: 6 } },
          bots: [{ kind: 'random' }, { kind: 'random' }, { kind: 'random' }],
          names: ['random', 'random', 'random'],
          task,
        },
        { jobId: 'by-hand-0', attempts: 1 },
      );
      await until('a worker to report the failed job', () =>
        workers.some((w) => /^game 0 failed: /m.test(w.out)),
      );
      const said = workers.map((w) => w.out).join('\n');
      expect(said).toMatch(
        /game 0 failed: the variant 'typo' is not a valid variant of 'st-augustine': options\.turn: /,
      );
      // Both workers still serve.
      for (const w of workers) expect(w.child.exitCode).toBeNull();
    } finally {
      await queue.close();
    }
  }, 60_000);
});
