import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

const COMMANDS = ['play', 'tournament', 'replay', 'bench', 'rules', 'games', 'demo'];

describe('help', () => {
  it('--help lists every command, the games and the exit codes', async () => {
    const run = await runCli(['--help']);
    expect(run.code).toBe(0);
    for (const command of COMMANDS) expect(run.out).toContain(command);
    expect(run.out).toContain('st-augustine, colonial-florida, pig');
    expect(run.out).toContain('Exit codes');
  });

  it('no arguments prints the help and exits with 0', async () => {
    const run = await runCli([]);
    expect(run.code).toBe(0);
    expect(run.out).toContain('Usage: ruleloom');
  });

  it.each(COMMANDS)('%s --help describes the command', async (command) => {
    const run = await runCli([command, '--help']);
    expect(run.code).toBe(0);
    expect(run.out).toContain(`Usage: ruleloom ${command}`);
    expect(run.err).toBe('');
  });

  it('play --help documents every flag and scripted input', async () => {
    const run = await runCli(['play', '--help']);
    for (const flag of ['--players', '--bots', '--seed', '--option', '--save', '--watch', '--seat'])
      expect(run.out).toContain(flag);
    expect(run.out).toContain('not a terminal');
  });

  it('tournament --help lists the bots', async () => {
    const run = await runCli(['tournament', '--help']);
    for (const bot of ['random', 'policy', 'greedy', 'mcts']) expect(run.out).toContain(bot);
    for (const flag of ['--games', '--workers', '--json', '--csv']) expect(run.out).toContain(flag);
  });

  it('--version prints the version of package.json (not a copy that falls behind)', async () => {
    const run = await runCli(['--version']);
    expect(run.code).toBe(0);
    const manifest = JSON.parse(
      readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
    ) as { version: string };
    expect(run.out.trim()).toBe(manifest.version);
  });
});
