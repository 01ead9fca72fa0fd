import { describe, expect, it } from 'vitest';
import { loadKit } from '../src/games/load-kit.js';
import { errorLines, runCli } from './run-cli.js';

const fixtures = new URL('./fixtures/', import.meta.url).pathname;

describe('loadKit', () => {
  it('loads the built-in games by id, from their packages', async () => {
    for (const id of ['st-augustine', 'colonial-florida', 'pig']) {
      const loaded = await loadKit(id);
      expect(loaded.ok && loaded.kit.game.id).toBe(id);
      expect(loaded.ok && loaded.builtIn).toBe(true);
    }
  });

  it('loads an installed package by name (its kit subpath)', async () => {
    const loaded = await loadKit('@ruleloom/colonial-florida');
    expect(loaded.ok && loaded.kit.game.id).toBe('colonial-florida');
    expect(loaded.ok && loaded.ref.module).toMatch(/^file:.*colonial-florida.*kit\.c?js$/);
  });

  it('loads a module by path, and its ref loads the same kit again', async () => {
    const loaded = await loadKit('./pig-kit.mjs', { cwd: fixtures });
    if (!loaded.ok) throw new Error(loaded.error.message);
    expect(loaded.kit.defaultSetup.options).toEqual({ target: 20 });
    expect(loaded.ref.export).toBe('default');
    const again = (await import(loaded.ref.module)) as Record<string, unknown>;
    expect(again[loaded.ref.export]).toBe(loaded.kit);
  });

  it('says what was expected and what was found, in one error value', async () => {
    const game = await loadKit('./not-a-kit.mjs', { cwd: fixtures });
    expect(game.ok).toBe(false);
    if (game.ok) return;
    expect(game.error.code).toBe('not_a_kit');
    expect(game.error.message).toMatch(
      /expected a module whose default export \(or 'kit' export\) is a kit made by defineKit; found a default export: a game \('pig'\) made by defineGame, not a kit; 'helper': a function\. Wrap the game in a kit/,
    );
    const broken = await loadKit('./throws.mjs', { cwd: fixtures });
    expect(!broken.ok && broken.error).toMatchObject({
      code: 'kit_load_failed',
      message: expect.stringMatching(/this module is broken on purpose$/) as unknown,
    });
    const missing = await loadKit('./nowhere.mjs', { cwd: fixtures });
    expect(!missing.ok && missing.error.code).toBe('kit_not_found');
    const unknown = await loadKit('no-such-package-xyz', { cwd: fixtures });
    expect(!unknown.ok && unknown.error.code).toBe('kit_not_found');
  });
});

describe('ruleloom with a kit module', () => {
  it('plays, prints the rules of, and runs a worker tournament of a kit given by path', async () => {
    const play = await runCli(
      ['play', './pig-kit.mjs', '--watch', '--bots', 'random,policy', '--seed', '3'],
      {
        cwd: fixtures,
      },
    );
    expect(play.code).toBe(0);
    expect(play.out).toMatch(/wins|Winner|won/i);
    const rules = await runCli(['rules', './pig-kit.mjs'], { cwd: fixtures });
    expect(rules.code).toBe(0);
    expect(rules.out).toMatch(/Pig \(pig, rules version/);
    const tournament = await runCli(
      [
        'tournament',
        './pig-kit.mjs',
        '--bots',
        'mcts,random',
        '--games',
        '4',
        '--workers',
        '1',
        '--seed',
        '1',
      ],
      { cwd: fixtures },
    );
    expect(tournament.err).not.toMatch(/error/);
    expect(tournament.code).toBe(0);
    expect(tournament.out).toMatch(/mcts/);
  }, 60_000);

  it('a module that is not a kit gives one error line, no stack trace', async () => {
    const run = await runCli(['play', './not-a-kit.mjs'], { cwd: fixtures });
    expect(run.code).toBe(2);
    const lines = errorLines(run);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^error: '\.\/not-a-kit\.mjs' is not a game kit: expected/);
  });
});
