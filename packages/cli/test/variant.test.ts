import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

async function fileWith(name: string, content: unknown): Promise<{ dir: string; file: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'ruleloom-variant-'));
  const file = join(dir, name);
  await writeFile(file, typeof content === 'string' ? content : JSON.stringify(content), 'utf8');
  return { dir, file };
}

/** The problem lines `variant check` printed: `path: message`. */
function problemLines(out: string): string[] {
  return out
    .split('\n')
    .filter((l) => l.startsWith('  '))
    .map((l) => l.trim());
}

const revenue = (perShop: unknown) => ({
  replace: [{ id: 'revenue', steps: [{ type: 'payRevenue', params: { perShop } }] }],
});

describe('ruleloom variant check', () => {
  it('accepts a valid YAML variant (exit 0)', async () => {
    const { file } = await fileWith(
      'v.yaml',
      'game: st-augustine\nname: Short\noptions:\n  turns: 12\n  trading: "off"\n',
    );
    const run = await runCli(['variant', 'check', file]);
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/valid: .* is a variant of st-augustine/);
  });

  it.each([
    [
      'an unknown option',
      { options: { turnz: 30 } },
      'options.turnz',
      /no option 'turnz'\. Did you mean 'turns'\?/,
    ],
    [
      'a wrong type',
      { options: { trading: true } },
      'options.trading',
      /expected one of 'on', 'off', got true/,
    ],
    [
      'an unknown card',
      { cards: { remove: ['pub-z'] } },
      'cards.remove[0]',
      /no card 'pub-z' to remove/,
    ],
    [
      'an unknown effect',
      { phases: { replace: [{ id: 'revenue', steps: [{ type: 'payRent' }] }] } },
      'phases.replace[0].steps[0].type',
      /unknown effect 'payRent'/,
    ],
    [
      'a phase id that does not exist',
      { phases: { remove: ['income'] } },
      'phases.remove[0]',
      /no phase 'income' to remove/,
    ],
    [
      'params out of range',
      { phases: revenue(-1000) },
      'phases.replace[0].steps[0].params',
      /perShop must be a non-negative multiple of 1000, got -1000/,
    ],
  ])('refuses %s with one message at its path (exit 1)', async (_what, change, path, message) => {
    const { file } = await fileWith('v.json', { game: 'st-augustine', ...change });
    const run = await runCli(['variant', 'check', file]);
    expect(run.code).toBe(1);
    const lines = problemLines(run.out);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.startsWith(`${path}: `)).toBe(true);
    expect(lines[0]).toMatch(message);
  });

  it('lists every problem of a file at once', async () => {
    const { file } = await fileWith('v.json', {
      game: 'st-augustine',
      options: { turnz: 3 },
      cards: { remove: ['pub-z'] },
      phases: { remove: ['income'], ...revenue(1500) },
    });
    const run = await runCli(['variant', 'check', file]);
    expect(run.code).toBe(1);
    expect(problemLines(run.out).map((l) => l.split(': ')[0])).toEqual([
      'cards.remove[0]',
      'options.turnz',
      'phases.replace[0].steps[0].params',
      'phases.remove[0]',
    ]);
  });

  it('prints the JSON Schema of a game', async () => {
    const run = await runCli(['variant', 'schema', 'colonial-florida']);
    expect(run.code).toBe(0);
    const schema = JSON.parse(run.out) as { properties: { options: { properties: object } } };
    expect(Object.keys(schema.properties.options.properties)).toContain('goldToWin');
  });
});

describe('--variant', () => {
  it('plays a variant, saves it inside the save, and replays it', async () => {
    const { dir, file } = await fileWith('short.json', {
      game: 'st-augustine',
      id: 'st-augustine-short',
      options: { turns: 4, trading: 'off' },
    });
    const save = join(dir, 'game.json');
    const run = await runCli([
      'play',
      '--variant',
      file,
      '--watch',
      '--players',
      '3',
      '--bots',
      'random',
      '--seed',
      '5',
      '--save',
      save,
    ]);
    expect(run.code, run.err).toBe(0);
    const saved = JSON.parse(await readFile(save, 'utf8')) as {
      game: string;
      variant: { id: string };
    };
    expect(saved.game).toBe('st-augustine-short');
    expect(saved.variant.id).toBe('st-augustine-short');
    const replay = await runCli(['replay', save]);
    expect(replay.code, replay.err).toBe(0);
  });

  it('runs a tournament of a variant on worker threads', async () => {
    const { file } = await fileWith(
      'short.yaml',
      'game: st-augustine\noptions: { turns: 4, trading: "off" }\n',
    );
    const run = await runCli([
      'tournament',
      'st-augustine',
      '--variant',
      file,
      '--bots',
      'random,random',
      '--games',
      '4',
      '--workers',
      '1',
      '--seed',
      '2',
    ]);
    expect(run.code, run.err).toBe(0);
    expect(run.out).toContain('4 games');
  });

  it('refuses a variant of another game', async () => {
    const { file } = await fileWith('v.json', { game: 'pig' });
    const run = await runCli([
      'tournament',
      'st-augustine',
      '--variant',
      file,
      '--bots',
      'random,random',
    ]);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/a variant of pig, not st-augustine/);
  });
});

describe('variant files are bounded', () => {
  it('refuses a file over 1 MiB before parsing it', async () => {
    const { file } = await fileWith('big.json', {
      game: 'st-augustine',
      description: 'd'.repeat(20_000_000),
    });
    const run = await runCli(['variant', 'check', file]);
    expect(run.code).toBe(1);
    expect(run.err).toContain(
      `'${file}' is 20000040 bytes; a variant file is at most 1048576 bytes (1 MiB)`,
    );
  });

  it('lists a description, an id and phase changes over their limits, with paths', async () => {
    const { file } = await fileWith('long.yaml', {
      game: 'st-augustine',
      id: 'a'.repeat(100_000),
      description: 'd'.repeat(10_001),
      phases: { insert: Array.from({ length: 1_001 }, () => ({ phase: { id: 'x' } })) },
    });
    const run = await runCli(['variant', 'check', file]);
    expect(run.code).toBe(1);
    expect(problemLines(run.out)).toEqual([
      'description: the description is 10001 characters long; at most 10000 are allowed',
      'id: the id is 100000 characters long; at most 100 are allowed',
      'phases: 1001 phase changes (insert, replace and remove together); at most 1000 are allowed',
    ]);
  });
});
