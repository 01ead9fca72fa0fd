import { chmodSync, existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dataDirectory } from '../src/commands/data-dir.js';
import { startServe, stopServe, type ServeProcess } from './serve-process.js';

/** A fresh home, working directory and XDG data home, all empty. */
async function folders(): Promise<{ home: string; cwd: string; xdg: string }> {
  const root = await mkdtemp(join(tmpdir(), 'ruleloom-data-dir-'));
  const home = join(root, 'home');
  const cwd = join(root, 'work');
  await mkdir(home);
  await mkdir(cwd);
  return { home, cwd, xdg: join(root, 'xdg') };
}

/** The permission bits of a file or directory. */
function mode(path: string): number {
  return statSync(path).mode & 0o777;
}

const running: ServeProcess[] = [];
afterEach(async () => {
  // A child stopped by SIGTERM in a test has a signalCode and no exitCode: not stopped twice.
  for (const s of running.splice(0)) if (s.child.signalCode === null) await stopServe(s.child);
});

/** `ruleloom serve` in `cwd` with HOME and XDG_DATA_HOME set (a file secret, no keys). */
async function serve(
  args: readonly string[],
  cwd: string,
  env: Record<string, string>,
): Promise<ServeProcess> {
  const s = await startServe(
    args,
    {
      RULELOOM_SECRET: '',
      RULELOOM_CREATE_KEYS: '',
      RULELOOM_DATA_DIR: '',
      XDG_DATA_HOME: '',
      ...env,
    },
    cwd,
  );
  running.push(s);
  return s;
}

describe.skipIf(process.platform === 'win32')('ruleloom serve: the data directory', () => {
  it('puts the default database and secret under ~/.local/share/ruleloom (0700, files 0600), nothing in the working directory', async () => {
    const { home, cwd } = await folders();
    const s = await serve([], cwd, { HOME: home });
    expect(s.url).toBeDefined();
    const dir = join(home, '.local', 'share', 'ruleloom');
    expect(mode(dir)).toBe(0o700);
    expect(mode(join(dir, 'matches.sqlite'))).toBe(0o600);
    expect(mode(join(dir, 'matches.sqlite.secret'))).toBe(0o600);
    expect(readdirSync(cwd)).toEqual([]);
    // A second start reads the same files (the secret is kept).
    await stopServe(s.child);
    const again = await serve([], cwd, { HOME: home });
    expect(again.url).toBeDefined();
  }, 60_000);

  it('uses $XDG_DATA_HOME/ruleloom, RULELOOM_DATA_DIR and --data-dir, in rising order', async () => {
    const { home, cwd, xdg } = await folders();
    const a = await serve([], cwd, { HOME: home, XDG_DATA_HOME: xdg });
    expect(a.url).toBeDefined();
    expect(existsSync(join(xdg, 'ruleloom', 'matches.sqlite.secret'))).toBe(true);
    const b = await serve([], cwd, {
      HOME: home,
      XDG_DATA_HOME: xdg,
      RULELOOM_DATA_DIR: 'env-data',
    });
    expect(b.url).toBeDefined();
    expect(mode(join(cwd, 'env-data'))).toBe(0o700);
    const c = await serve(['--data-dir', 'flag-data'], cwd, {
      HOME: home,
      RULELOOM_DATA_DIR: 'env-data',
    });
    expect(c.url).toBeDefined();
    expect(mode(join(cwd, 'flag-data', 'matches.sqlite'))).toBe(0o600);
    expect(existsSync(join(home, '.local'))).toBe(false);
  }, 60_000);

  it('--db wins (no data directory is made); a secret its group may read is still refused', async () => {
    const { home, cwd } = await folders();
    const s = await serve(['--db', 'here.sqlite'], cwd, { HOME: home });
    expect(s.url).toBeDefined();
    expect(existsSync(join(cwd, 'here.sqlite.secret'))).toBe(true);
    expect(existsSync(join(home, '.local'))).toBe(false);
    await stopServe(s.child);
    const first = await serve([], cwd, { HOME: home });
    expect(first.url).toBeDefined();
    await stopServe(first.child);
    const secret = join(home, '.local', 'share', 'ruleloom', 'matches.sqlite.secret');
    chmodSync(secret, 0o640);
    const refused = await serve([], cwd, { HOME: home });
    expect(refused.code).toBe(2);
    expect(refused.out).toContain('has mode 0640');
  }, 60_000);

  it('dataDirectory: flag, then RULELOOM_DATA_DIR, then an absolute XDG_DATA_HOME, then ~/.local/share', () => {
    expect(dataDirectory('d', { RULELOOM_DATA_DIR: '/e' }, '/w', '/h')).toBe('/w/d');
    expect(
      dataDirectory(undefined, { RULELOOM_DATA_DIR: 'e', XDG_DATA_HOME: '/x' }, '/w', '/h'),
    ).toBe('/w/e');
    expect(dataDirectory(undefined, { XDG_DATA_HOME: '/x' }, '/w', '/h')).toBe('/x/ruleloom');
    expect(dataDirectory(undefined, { XDG_DATA_HOME: 'relative' }, '/w', '/h')).toBe(
      '/h/.local/share/ruleloom',
    );
    expect(dataDirectory(undefined, {}, '/w', '/h')).toBe('/h/.local/share/ruleloom');
  });
});
