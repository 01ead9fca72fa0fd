import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TournamentResult } from '@ruleloom/bots';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasRedis,
  REDIS_CLI,
  startRedis,
  type RedisServer,
} from '../../bots/test/fixtures/redis-server.js';
import { reproducible, spawnCli as run, until, type CliChild } from './cli-child.js';

const gamesDone = (r: CliChild): number => (r.stderr.match(/^game \d+ /gm) ?? []).length;

const tournament = [
  'tournament',
  'st-augustine',
  '--bots',
  'mcts,random',
  '--games',
  '10',
  '--seed',
  'dist',
  '-o',
  'trading=off',
];
const fastRecovery = [
  '--lock-duration',
  '2000',
  '--stalled-interval',
  '1000',
  '--concurrency',
  '1',
];

describe.skipIf(!hasRedis)(
  'distributed tournaments on Redis with ruleloom worker processes',
  () => {
    let redis: RedisServer;
    let dir: string;
    const children: ChildProcess[] = [];
    beforeAll(async () => {
      redis = await startRedis();
      dir = mkdtempSync(join(tmpdir(), 'ruleloom-dist-'));
    });
    afterAll(async () => {
      for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
      await redis.stop();
      rmSync(dir, { recursive: true, force: true });
    });

    it('survives a SIGKILLed worker and a SIGKILLed coordinator, and gives the local runner result, each game once', async () => {
      const local = run([...tournament, '--workers', '0', '--json', join(dir, 'local.json')]);
      children.push(local.child);
      const a = run(['worker', '--redis', redis.url, ...fastRecovery]);
      const b = run(['worker', '--redis', redis.url, ...fastRecovery]);
      children.push(a.child, b.child);
      await until(
        'both workers',
        () => a.stderr.includes('serving') && b.stderr.includes('serving'),
      );

      const first = run([
        ...tournament,
        '--redis',
        redis.url,
        '--id',
        'killtest',
        '--json',
        join(dir, 'first.json'),
      ]);
      children.push(first.child);
      // Worker A dies in the middle of its second game; the coordinator after the first quarter.
      await until('worker A to finish a game', () => gamesDone(a) >= 1, 60_000).catch(
        (e: unknown) => {
          throw new Error(
            `${String(e)}\nA: ${a.stderr}\nB: ${b.stderr}\ncoordinator: ${first.stderr}\nlocal: ${local.stderr}`,
          );
        },
      );
      a.child.kill('SIGKILL');
      await until(
        'a quarter of the games',
        () => /tournament: \d+\/10 games/.test(first.stderr),
        60_000,
      );
      first.child.kill('SIGKILL');
      expect((await first.exited).code).toBeNull();

      const resumed = run([
        'tournament',
        'st-augustine',
        '--redis',
        redis.url,
        '--resume',
        'killtest',
        '--json',
        join(dir, 'dist.json'),
      ]);
      children.push(resumed.child);
      expect((await resumed.exited).code).toBe(0);
      expect((await local.exited).code).toBe(0);
      const dist = JSON.parse(readFileSync(join(dir, 'dist.json'), 'utf8')) as TournamentResult;
      const reference = JSON.parse(
        readFileSync(join(dir, 'local.json'), 'utf8'),
      ) as TournamentResult;
      expect(dist.failed).toBe(0);
      expect(dist.games.map((g) => g.index)).toEqual([...Array(10).keys()]);
      expect(reproducible(dist)).toEqual(reproducible(reference));
      // Both workers played, and every game names the environment that played it.
      const ids = new Set(dist.workers?.map((w) => w.id));
      expect(ids.size).toBe(2);
      for (const g of dist.games) expect(ids.has(g.worker ?? '')).toBe(true);
      for (const w of dist.workers ?? []) {
        expect(w.node).toBe(process.version);
        expect(w.packages['@ruleloom/bots']).toMatch(/^\d+\.\d+\.\d+/);
        expect(w.packages['@ruleloom/st-augustine']).toMatch(/^\d+\.\d+\.\d+/);
      }
      // Worker A's finished games count; the game it was playing when killed was played again by B.
      const idOfA = /ruleloom worker (\S+) serving/.exec(a.stderr)?.[1];
      const byA = dist.games.filter((g) => g.worker === idOfA).length;
      expect(byA).toBeGreaterThanOrEqual(1);
      expect(dist.games.length - byA).toBeLessThanOrEqual(gamesDone(b));

      // At least one game was taken from the killed worker mid-game (BullMQ's stalled counter).
      const port = new URL(redis.url).port;
      const stalled = dist.games.filter((g) => {
        const r = spawnSync(
          REDIS_CLI!,
          ['-p', port, 'HGET', `bull:ruleloom-games:killtest-${String(g.index)}`, 'stc'],
          {
            encoding: 'utf8',
          },
        );
        return Number(r.stdout.trim()) >= 1;
      });
      expect(stalled.length).toBeGreaterThanOrEqual(1);

      const status = run([
        'tournament',
        'st-augustine',
        '--redis',
        redis.url,
        '--status',
        'killtest',
      ]);
      const answered = await status.exited;
      expect(answered.code, answered.out).toBe(0);
      expect(answered.out).toContain('10/10 games finished');
      b.child.kill('SIGTERM');
      expect((await b.exited).code).toBe(0);
    }, 240_000);
  },
);
