import { existsSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

describe('rules', () => {
  it.each([
    ['st-augustine', 'St. Augustine Shopkeepers', 'trading'],
    ['colonial-florida', 'Colonial Florida', 'goldToWin'],
    ['pig', 'Pig', 'target'],
  ])('prints the summary, the phases and the options of %s', async (id, name, option) => {
    const run = await runCli(['rules', id]);
    expect(run.code).toBe(0);
    expect(run.out).toContain(name);
    expect(run.out).toContain('A turn, phase by phase');
    expect(run.out).toContain('Options (--option key=value)');
    expect(run.out).toContain(option);
  });

  it('games lists the games', async () => {
    const run = await runCli(['games']);
    expect(run.out).toContain('colonial-florida');
  });
});

describe('tournament', () => {
  it('prints a results table and writes JSON and CSV', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ruleloom-cli-tournament-'));
    const run = await runCli(
      [
        'tournament',
        'st-augustine',
        '--bots',
        'greedy,random',
        '--games',
        '4',
        '--seed',
        '1',
        '--option',
        'turns=3',
        '--json',
        'out.json',
        '--csv',
        'out.csv',
      ],
      { cwd: dir },
    );
    expect(run.code).toBe(0);
    expect(run.out).toContain('4 games · 2 players · seed 1');
    for (const column of ['Win rate', '95% CI', 'Elo', 'Mean score'])
      expect(run.out).toContain(column);
    expect(run.out).toMatch(/greedy/);
    expect(existsSync(join(dir, 'out.json'))).toBe(true);
    const csv = await readFile(join(dir, 'out.csv'), 'utf8');
    expect(csv.split('\n')[0]).toContain('winRate');
    const json = JSON.parse(await readFile(join(dir, 'out.json'), 'utf8')) as {
      gamesPlayed: number;
    };
    expect(json.gamesPlayed).toBe(4);
  });

  it('gives the same table with worker threads', async () => {
    const args = [
      'tournament',
      'pig',
      '--bots',
      'random,policy',
      '--games',
      '4',
      '--seed',
      '2',
      '--option',
      'target=15',
    ];
    const inThread = await runCli(args);
    const onWorkers = await runCli([...args, '--workers', '2']);
    expect(onWorkers.err).not.toContain('error');
    expect(onWorkers.code).toBe(0);
    const table = (out: string): string[] =>
      out
        .split('\n')
        .filter((l) => /^│ (random|policy)/.test(l))
        .map((l) => l.split('│').slice(1, 8).join('|'));
    expect(table(onWorkers.out)).toEqual(table(inThread.out));
  });
});

describe('bench', () => {
  it('refuses an unknown game', async () => {
    const run = await runCli(['bench', 'chess']);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/^error: unknown game 'chess'/);
  });

  it('measures a kit loaded by path with the benchmark it declares: setup, policy, scaling', async () => {
    const kit = fileURLToPath(new URL('./fixtures/pig-bench-kit.mjs', import.meta.url));
    const out = join(await mkdtemp(join(tmpdir(), 'ruleloom-cli-bench-')), 'bench.json');
    const run = await runCli(['bench', kit, '--quick', '--no-mcts', '--out', out]);
    expect(run.code).toBe(0);
    expect(run.out).toContain('public API games, four pigs');
    expect(run.out).toContain('forward model games (shared lists), four pigs');
    const report = JSON.parse(await readFile(out, 'utf8')) as {
      results: { name: string; note?: string }[];
    };
    const note = (name: string) => report.results.find((r) => r.name === name)?.note;
    expect(note('public API games (createMatch, legalActions, apply)')).toBe(
      '2 players, {"target":10}, policy: coin flips',
    );
    expect(note('public API games, four pigs')).toBe('{"players":4,"options":{"target":10}}');
  }, 60_000);
});

describe('demo', () => {
  it('runs tournaments in both games and narrates one game', async () => {
    const run = await runCli(['demo', '--games', '3']);
    expect(run.code).toBe(0);
    expect(run.out).toContain('▶ St. Augustine Shopkeepers');
    expect(run.out).toContain('▶ Colonial Florida');
    expect(run.out).toContain('narrated');
    expect(run.out).toContain('Game over:');
    expect(run.out).toMatch(/ {2}(npx )?ruleloom play st-augustine --players 3/);
  });
});
