import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeSync,
  closeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteStorage } from '../src/index.js';
import { createMatchOver, startServer } from './helpers/start-server.js';

const root = mkdtempSync(join(tmpdir(), 'ruleloom-sqlite-safety-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;

/** A database file with a few matches and actions, cleanly closed. */
async function filledFile(): Promise<string> {
  const dir = join(root, String(++n));
  const { mkdirSync } = await import('node:fs');
  mkdirSync(dir);
  const file = join(dir, 'm.sqlite');
  const started = await startServer({ storage: createSqliteStorage({ file }) });
  for (let i = 0; i < 20; i++)
    await createMatchOver(started.url, {
      game: 'st-augustine',
      players: 3,
      options: { trading: 'off' },
    });
  await started.server.close();
  return file;
}

function fingerprint(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

const dist = fileURLToPath(new URL('../dist/index.js', import.meta.url));

/** A second process that opens the file and reports (or holds it until killed). */
function otherProcess(file: string, hold: boolean) {
  const script = `
    const { createSqliteStorage } = await import(${JSON.stringify(dist)});
    const s = createSqliteStorage({ file: ${JSON.stringify(file)} });
    try { await s.init(); console.log('OPENED'); } catch (e) { console.log('REFUSED ' + e.message); process.exit(0); }
    if (${String(hold)}) setInterval(() => {}, 1000); else { await s.close(); }
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = new Promise<string>((resolve) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (/OPENED|REFUSED/.test(out)) resolve(out.trim());
    });
    child.once('exit', () => resolve(out.trim()));
  });
  return { child, output };
}

describe('a SQLite file the server must not trust is refused before anything is written', () => {
  it('a file whose tail was cut off (mid-page, or whole pages) is refused with a clear message; the file is unchanged', async () => {
    for (const cut of ['mid-page', 'pages'] as const) {
      const file = await filledFile();
      const size = statSync(file).size;
      expect(size).toBeGreaterThan(4 * 4096);
      truncateSync(file, cut === 'mid-page' ? size - 1000 : size - 2 * 4096);
      const before = fingerprint(file);
      const storage = createSqliteStorage({ file });
      await expect(storage.init()).rejects.toThrow(
        /refusing to use .*cut off.*nothing was written/,
      );
      await storage.close();
      expect(fingerprint(file)).toBe(before);
      expect(existsSync(`${file}-wal`)).toBe(false);
    }
  });

  it('a file with damaged pages fails the integrity check and is refused; the file is unchanged', async () => {
    const file = await filledFile();
    const fd = openSync(file, 'r+');
    // Page 2 onward: overwrite a table page's body with garbage (the header stays sound).
    writeSync(fd, Buffer.alloc(3000, 0xa5), 0, 3000, 4096 + 8);
    closeSync(fd);
    const before = fingerprint(file);
    const storage = createSqliteStorage({ file });
    await expect(storage.init()).rejects.toThrow(
      /refusing to use .*(integrity check failed|malformed)/,
    );
    await storage.close();
    expect(fingerprint(file)).toBe(before);
  });

  it('a file that is not SQLite at all is refused', async () => {
    const dir = mkdtempSync(join(root, 'x-'));
    const file = join(dir, 'notes.sqlite');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(file, 'x'.repeat(4096));
    const storage = createSqliteStorage({ file });
    await expect(storage.init()).rejects.toThrow(/not a SQLite database/);
  });
});

describe('one process per SQLite file', () => {
  it('a second process on the same file is refused while the first holds it, and gets it once the first was SIGKILLed', async () => {
    const file = await filledFile();
    const holder = otherProcess(file, true);
    expect(await holder.output).toBe('OPENED');
    const storage = createSqliteStorage({ file });
    await expect(storage.init()).rejects.toThrow(/in use by another process/);
    const third = otherProcess(file, false);
    expect(await third.output).toMatch(/^REFUSED .*in use by another process/);
    holder.child.kill('SIGKILL');
    await new Promise((r) => holder.child.once('exit', r));
    // The OS dropped the dead process's lock: no stale lock file to clean up.
    const after = createSqliteStorage({ file });
    await after.init();
    await after.close();
  });

  it('this process holding the file refuses a second process; after close another process may open it', async () => {
    const file = await filledFile();
    const storage = createSqliteStorage({ file });
    await storage.init();
    expect(await otherProcess(file, false).output).toMatch(/^REFUSED/);
    await storage.close();
    expect(await otherProcess(file, false).output).toBe('OPENED');
  });

  it('a new database file and its WAL are created with mode 0600', async () => {
    const dir = mkdtempSync(join(root, 'mode-'));
    const file = join(dir, 'fresh.sqlite');
    const started = await startServer({ storage: createSqliteStorage({ file }) });
    await createMatchOver(started.url, { game: 'st-augustine', players: 2 });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(`${file}-wal`).mode & 0o777).toBe(0o600);
    await started.server.close();
  });
});
