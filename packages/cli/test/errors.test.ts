import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorLines, runCli } from './run-cli.js';

function expectOneLineError(
  run: { code: number; err: string },
  code: number,
  pattern: RegExp,
): void {
  const lines = errorLines({ ...run, out: '' });
  expect(run.code).toBe(code);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^error: /);
  expect(lines[0]).toMatch(pattern);
  expect(run.err).not.toMatch(/\n\s+at /);
}

describe('errors are one clear line and a non-zero exit, never a stack trace', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ruleloom-cli-errors-'));
  });

  it('an unknown game exits with 2 and names the known games', async () => {
    expectOneLineError(
      await runCli(['play', 'chess']),
      2,
      /unknown game 'chess': not a built-in game \(st-augustine, colonial-florida, pig, liars-dice\) nor an installed package/,
    );
  });

  it('a near miss of a game id suggests the right one', async () => {
    expectOneLineError(await runCli(['rules', 'st-augstine']), 2, /Did you mean 'st-augustine'\?/);
  });

  it('a bad option value exits with 2', async () => {
    expectOneLineError(
      await runCli(['play', 'st-augustine', '--option', 'turns=0']),
      2,
      /--option turns: .*got 0/,
    );
  });

  it('every problem of a setup gets its own error line', async () => {
    const run = await runCli([
      'play',
      'st-augustine',
      '--option',
      'turns=0',
      '--option',
      'trading=maybe',
      '--option',
      'colour=red',
    ]);
    expect(run.code).toBe(2);
    const lines = errorLines(run);
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line).toMatch(/^error: --option (turns|trading|colour): /);
  });

  it('an option without = exits with 2', async () => {
    expectOneLineError(
      await runCli(['play', 'pig', '--option', 'target']),
      2,
      /expected key=value/,
    );
  });

  it('a bad player count exits with 2', async () => {
    expectOneLineError(
      await runCli(['play', 'colonial-florida', '--players', '5']),
      2,
      /--players/,
    );
  });

  it('an unknown bot exits with 2', async () => {
    expectOneLineError(
      await runCli(['tournament', 'pig', '--bots', 'random,alphazero']),
      2,
      /unknown bot 'alphazero'/,
    );
  });

  it('a bot that needs a heuristic is refused for a game without one', async () => {
    expectOneLineError(await runCli(['play', 'pig', '--bots', 'greedy']), 2, /needs a heuristic/);
  });

  it('an unknown flag exits with 2', async () => {
    expectOneLineError(await runCli(['play', 'pig', '--colour']), 2, /unknown option '--colour'/);
  });

  it('an unknown command exits with 2', async () => {
    expectOneLineError(await runCli(['plya']), 2, /unknown command 'plya'/);
  });

  it('an unreadable save exits with 1', async () => {
    expectOneLineError(
      await runCli(['replay', join(dir, 'missing.json')]),
      1,
      /cannot read .*missing\.json': no such file/,
    );
  });

  it('a file that is not JSON exits with 1', async () => {
    const file = join(dir, 'junk.json');
    await writeFile(file, 'not json at all');
    expectOneLineError(await runCli(['replay', file]), 1, /is not valid JSON/);
  });

  it('a save of an unknown game exits with 1', async () => {
    const file = join(dir, 'chess.json');
    await writeFile(file, JSON.stringify({ format: 'ruleloom.match/1', game: 'chess' }));
    expectOneLineError(await runCli(['replay', file]), 1, /unknown game 'chess'/);
  });

  it('a tampered save exits with 1', async () => {
    const file = join(dir, 'pig.json');
    const played = await runCli([
      'play',
      'pig',
      '--watch',
      '--seed',
      '4',
      '--option',
      'target=10',
      '--save',
      file,
    ]);
    expect(played.code).toBe(0);
    const save = JSON.parse(await readFile(file, 'utf8')) as {
      hash: string;
      setup: { seed: number };
    };
    await writeFile(file, JSON.stringify({ ...save, setup: { ...save.setup, seed: 5 } }));
    expectOneLineError(await runCli(['replay', file]), 1, /does not verify/);
  });

  it('a tournament output file that cannot be written exits with 1', async () => {
    const run = await runCli([
      'tournament',
      'pig',
      '--bots',
      'random,random',
      '--games',
      '2',
      '--seed',
      '1',
      '--json',
      join(dir, 'no', 'such', 'dir.json'),
    ]);
    expect(run.code).toBe(1);
    expect(errorLines(run).filter((l) => l.startsWith('error:'))).toHaveLength(1);
  });
});
