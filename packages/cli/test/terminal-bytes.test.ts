import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnCli } from './cli-child.js';
import { startServe, stopServe } from './serve-process.js';

const dir = mkdtempSync(join(tmpdir(), 'ruleloom-terminal-bytes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const fixture = (name: string): string =>
  fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

/** ESC, BEL, a C1 CSI and a right-to-left override: none may reach a terminal raw. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const RAW = /[\u001b\u0007\u009b\u202e]/u;
const HOSTILE = '\u001b]0;owned\u0007\u009b2J\u202e';

function variantFile(name: string, data: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(data));
  return file;
}

/** Runs the built `ruleloom` to its end: exit code and everything it printed. */
async function run(args: readonly string[]): Promise<{ code: number | null; out: string }> {
  return spawnCli(args).exited;
}

let servers = 0;

/** Starts `ruleloom serve` (a new database, a fixed secret) and stops it: its URL and output. */
async function serveOnce(args: readonly string[]): Promise<{ url?: string; out: string }> {
  servers += 1;
  const db = join(dir, `serve-${String(servers)}.sqlite`);
  const server = await startServe(['--db', db, ...args], {
    RULELOOM_SECRET: 's'.repeat(32),
    RULELOOM_CREATE_KEYS: '',
  });
  await stopServe(server.child);
  return { ...(server.url === undefined ? {} : { url: server.url }), out: server.out };
}

describe('text from variant files and kits reaches the terminal escaped', () => {
  it('variant check: a refused variant with control bytes in its id, description and option names', async () => {
    const file = variantFile('hostile.json', {
      game: 'st-augustine',
      id: `x${HOSTILE}`,
      name: `N${HOSTILE}`,
      description: `D${HOSTILE}`,
      options: { [`turns${HOSTILE}`]: 3 },
      cards: { remove: [`card${HOSTILE}`] },
    });
    const { code, out } = await run(['variant', 'check', file]);
    expect(code).toBe(1);
    expect(out).not.toMatch(RAW);
    expect(out).toContain('options.turns\\u{1b}]0;owned\\u{7}\\u{9b}2J\\u{202e}');
    expect(out).toMatch(/id: the id must be kebab-case .*'x\\u\{1b\}/);
  });

  it('variant check: a valid variant whose name has control bytes', async () => {
    const file = variantFile('named.json', {
      game: 'st-augustine',
      id: 'short',
      name: `Short${HOSTILE}`,
      description: `D${HOSTILE}`,
      options: { turns: 3 },
    });
    const { code, out } = await run(['variant', 'check', file]);
    expect(code).toBe(0);
    expect(out).not.toMatch(RAW);
    expect(out).toContain('Short\\u{1b}]0;owned\\u{7}');
  });

  it('serve --variant: a refused variant file is named with its problems escaped', async () => {
    const file = variantFile('serve-hostile.json', {
      game: 'st-augustine',
      id: `x${HOSTILE}`,
      options: { [`turns${HOSTILE}`]: 3 },
    });
    const server = await serveOnce(['--games', 'st-augustine', '--variant', file]);
    expect(server.url).toBeUndefined();
    expect(server.out).toContain('is not a valid variant');
    expect(server.out).not.toMatch(RAW);
  });

  it('serve --variant: start-up output of a variant with control bytes in its name and description', async () => {
    const file = variantFile('serve-named.json', {
      game: 'st-augustine',
      id: 'short',
      name: `Short${HOSTILE}`,
      description: `D${HOSTILE}`,
    });
    const server = await serveOnce(['--games', 'st-augustine', '--variant', file]);
    expect(server.url, server.out).toBeDefined();
    expect(server.out).toContain('variants: st-augustine/short');
    expect(server.out).not.toMatch(RAW);
  });

  it('serve --game: a kit whose game id has control bytes is refused, escaped', async () => {
    const server = await serveOnce(['--game', fixture('control-bytes-kit.mjs')]);
    expect(server.url).toBeUndefined();
    expect(server.out).toContain("hosted game id 'pig\\u{1b}[2J\\u{7}' must be kebab-case");
    expect(server.out).not.toMatch(RAW);
  });

  it('serve --game: a kit whose game name has control bytes starts without printing them', async () => {
    const server = await serveOnce(['--game', fixture('control-bytes-name-kit.mjs')]);
    expect(server.url, server.out).toBeDefined();
    expect(server.out).toContain('games: pig');
    expect(server.out).not.toMatch(RAW);
  });
});
