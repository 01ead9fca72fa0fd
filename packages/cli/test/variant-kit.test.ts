import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';
import { startServe, stopServe } from './serve-process.js';

// A kit the command line does not ship ('race-dice', in a plain ES module) and a variant file
// beside it that names the kit by its path, relative to the file: loaded the way a stranger's
// kit is. The commands run from another folder, so the path is resolved against the file's.
const fixtures = fileURLToPath(new URL('./fixtures/race-dice/', import.meta.url));
const kit = join(fixtures, 'race-dice-kit.mjs');
const shortRace = join(fixtures, 'short-race.yaml');
const dir = mkdtempSync(join(tmpdir(), 'ruleloom-variant-kit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A variant file in the temporary folder that names the kit by its id only. */
function byIdFile(): string {
  const file = join(dir, 'by-id.json');
  writeFileSync(
    file,
    JSON.stringify({ game: 'race-dice', id: 'to-seven', options: { target: 7 } }),
  );
  return file;
}

/** The scores of the `Game over` line a played game printed. */
function finalScores(out: string): number[] {
  const over = /Game over: .* wins! Scores: (.*)\./.exec(out);
  if (over === null) throw new Error(`no 'Game over' line in:\n${out}`);
  return [...(over[1] ?? '').matchAll(/(\d+) points/g)].map((m) => Number(m[1]));
}

describe('variants of a kit game', () => {
  it('variant check resolves a `game:` path against the file’s folder', async () => {
    const run = await runCli(['variant', 'check', shortRace], { cwd: dir });
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/valid: .* is a variant of race-dice \(Short race; id short-race/);
  });

  it('variant check takes --game for a file that names the kit by id, and says so without it', async () => {
    const file = byIdFile();
    const named = await runCli(['variant', 'check', file, '--game', kit], { cwd: dir });
    expect(named.code).toBe(0);
    expect(named.out).toMatch(/is a variant of race-dice/);
    const bare = await runCli(['variant', 'check', file], { cwd: dir });
    expect(bare.code).toBe(1);
    expect(bare.out).toMatch(
      /game: unknown game 'race-dice' \(known games: .*\)\. For a game kit, .*--game \.\/dist\/my-game\.mjs/,
    );
  });

  it('variant check suggests a built-in game for a misspelled id', async () => {
    const file = join(dir, 'misspelled.json');
    writeFileSync(file, JSON.stringify({ game: 'st-agustine' }));
    const run = await runCli(['variant', 'check', file], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.out).toMatch(/unknown game 'st-agustine' .*Did you mean 'st-augustine'\?/);
  });

  it('variant check names a kit path that does not load', async () => {
    const file = join(dir, 'missing.json');
    writeFileSync(file, JSON.stringify({ game: './nowhere.mjs', options: { target: 7 } }));
    const run = await runCli(['variant', 'check', file], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.out).toMatch(/game: no file '\.\/nowhere\.mjs'/);
  });

  it('variant schema --game generates the kit’s schema from its declarations', async () => {
    const run = await runCli(['variant', 'schema', '--game', kit], { cwd: dir });
    expect(run.code).toBe(0);
    const schema = JSON.parse(run.out) as {
      title: string;
      properties: {
        game: { anyOf: unknown[] };
        options: { properties: Record<string, { type?: string; default?: unknown }> };
      };
    };
    expect(schema.title).toBe('Race Dice variant');
    expect(schema.properties.options.properties['target']).toMatchObject({ type: 'integer' });
    expect(schema.properties.game.anyOf).toContainEqual({ const: 'race-dice' });
    // The positional argument names the same game.
    const positional = await runCli(['variant', 'schema', kit], { cwd: dir });
    expect(positional.out).toBe(run.out);
  });

  it('play --variant plays the kit with the variant’s options, and its save hint replays it', async () => {
    const save = join(dir, 'short.json');
    const run = await runCli(
      [
        'play',
        '--variant',
        shortRace,
        '--watch',
        '--bots',
        'random,random',
        '--seed',
        '3',
        '--save',
        save,
      ],
      { cwd: dir },
    );
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(run.out).toContain('Short race · 2 players');
    // The race ends at the variant's 5 points, not the kit's 20.
    const scores = finalScores(run.out);
    expect(Math.max(...scores)).toBeGreaterThanOrEqual(5);
    expect(Math.max(...scores)).toBeLessThan(20);
    const saved = JSON.parse(readFileSync(save, 'utf8')) as { variant?: unknown };
    expect(saved.variant).toMatchObject({ game: 'race-dice', options: { target: 5 } });
    // The hint names the kit: the command it prints works as printed.
    const hint = /replay it with: ruleloom (replay .* --game \S+)\)\./.exec(run.out);
    expect(hint, run.out).not.toBeNull();
    const replay = await runCli(hint![1]!.split(' '), { cwd: dir });
    expect(replay.err).toBe('');
    expect(replay.code).toBe(0);
    expect(replay.out).toContain('Game over');
  });

  it('play <kit> --variant takes a file that names the kit by id', async () => {
    const run = await runCli(
      ['play', kit, '--variant', byIdFile(), '--watch', '--bots', 'random,random', '--seed', '3'],
      { cwd: dir },
    );
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    // The race ends at the variant's 7 points, not the kit's 20.
    const scores = finalScores(run.out);
    expect(Math.max(...scores)).toBeGreaterThanOrEqual(7);
    expect(Math.max(...scores)).toBeLessThan(20);
  });

  it('a kit game saved unfinished prints a resume command that names the kit', async () => {
    const save = join(dir, 'unfinished.json');
    const run = await runCli(['play', kit, '--bots', 'random', '--seed', '3', '--save', save], {
      cwd: dir,
      stdin: 'q\n',
    });
    expect(run.code).toBe(0);
    const hint = /continue with: ruleloom (play .* --resume \S+)\)\./.exec(run.out);
    expect(hint, run.out).not.toBeNull();
    expect(hint![1]).toBe(`play ${kit} --resume ${save}`);
  });

  it('tournament --variant plays the kit’s variant in worker threads', async () => {
    const run = await runCli(
      [
        'tournament',
        kit,
        '--variant',
        shortRace,
        '--bots',
        'random,random',
        '--games',
        '4',
        '--seed',
        '1',
      ],
      { cwd: dir },
    );
    expect(run.code, run.err).toBe(0);
    expect(run.out).toMatch(/^Short race · 4 games · 2 players · seed 1/m);
    // Each bot's mean score: a race to 5 ends far below the kit's 20.
    const means = [...run.out.matchAll(/│\s+(\d+) points\s+│/g)].map((m) => Number(m[1]));
    expect(means).toHaveLength(2);
    for (const mean of means) expect(mean).toBeLessThan(12);
  });

  it('analyze --variant compares the kit with its variant', async () => {
    const run = await runCli(
      ['analyze', kit, '--variant', shortRace, '--bots', 'random', '--games', '4', '--seed', '1'],
      { cwd: dir },
    );
    expect(run.code, run.err).toBe(0);
    expect(run.out).toContain('Race Dice · analysis · 4 games per variant');
    expect(run.out).toContain('Short race');
  });

  it('serve --game <kit> --variant offers the kit’s variant to clients', async () => {
    const server = await startServe(
      ['--db', join(dir, 'serve.sqlite'), '--game', kit, '--variant', shortRace],
      { RULELOOM_SECRET: 's'.repeat(32), RULELOOM_CREATE_KEYS: '' },
    );
    try {
      expect(server.url, server.out).toBeDefined();
      expect(server.out).toContain('variants: race-dice/short-race');
      const games = (await (await fetch(`${server.url!}/games`)).json()) as {
        games: { id: string; variants: string[] }[];
      };
      expect(games.games.find((g) => g.id === 'race-dice')?.variants).toEqual(['short-race']);
    } finally {
      await stopServe(server.child);
    }
  });
});
