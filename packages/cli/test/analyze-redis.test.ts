import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasRedis, startRedis, type RedisServer } from '../../bots/test/fixtures/redis-server.js';
import type { AnalysisReport } from '../src/analyze/report.js';

const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const env = { ...process.env, NO_COLOR: '1' };

/** A child `ruleloom` process with its exit code and output. */
function run(args: readonly string[]): {
  child: ChildProcess;
  exited: Promise<{ code: number | null; out: string }>;
} {
  const child = spawn(process.execPath, [bin, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString('utf8')));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString('utf8')));
  return {
    child,
    exited: new Promise((resolve) => child.once('exit', (code) => resolve({ code, out }))),
  };
}

const analysis = [
  'analyze',
  'st-augustine',
  '--bots',
  'random',
  '--players',
  '3',
  '--games',
  '6',
  '--seed',
  'redis',
  '-o',
  'turns=6',
  '-o',
  'trading=off',
];

function withoutTiming(report: AnalysisReport): unknown {
  const { timing: _timing, ...rest } = report;
  return rest;
}

describe.skipIf(!hasRedis)('ruleloom analyze --redis', () => {
  let redis: RedisServer;
  let dir: string;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    redis = await startRedis();
    dir = mkdtempSync(join(tmpdir(), 'ruleloom-analyze-redis-'));
  });
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await redis.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('plays the games on ruleloom worker processes and gives the report of this machine', async () => {
    const worker = run(['worker', '--redis', redis.url, '--concurrency', '1']);
    children.push(worker.child);
    const remote = run([...analysis, '--redis', redis.url, '--json', join(dir, 'redis.json')]);
    children.push(remote.child);
    const local = run([...analysis, '--workers', '0', '--json', join(dir, 'local.json')]);
    children.push(local.child);
    const r = await remote.exited;
    expect(r.code, r.out).toBe(0);
    // The server's address exactly (its port is random): the analysis id is the only unknown.
    expect(r.out).toMatch(
      new RegExp(`analysis [0-9a-f]{12} on ${redis.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`),
    );
    const l = await local.exited;
    expect(l.code, l.out).toBe(0);
    const onRedis = JSON.parse(readFileSync(join(dir, 'redis.json'), 'utf8')) as AnalysisReport;
    const here = JSON.parse(readFileSync(join(dir, 'local.json'), 'utf8')) as AnalysisReport;
    expect(onRedis.variants[0]?.games).toBe(6);
    expect(withoutTiming(onRedis)).toEqual(withoutTiming(here));
    // The worker played them.
    worker.child.kill('SIGTERM');
    const w = await worker.exited;
    expect(w.out).toMatch(/^game \d+ /m);
  }, 120_000);
});
