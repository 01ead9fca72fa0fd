import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteStorage } from '@ruleloom/server';
import { afterAll, describe, expect, it } from 'vitest';
import { startServe, stopServe } from './serve-process.js';

const dir = mkdtempSync(join(tmpdir(), 'ruleloom-serve-deploy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Starts `ruleloom serve` with no secret and no creator keys, unless `env` gives them. */
function serve(args: readonly string[], env: Record<string, string> = {}) {
  return startServe(args, { RULELOOM_SECRET: '', RULELOOM_CREATE_KEYS: '', ...env });
}

describe('ruleloom serve in a deployment', () => {
  it('creates the secret file 0600 next to a new database; refuses a database whose secret file is missing, and makes none', async () => {
    const db = join(dir, 'a.sqlite');
    const first = await serve(['--db', db]);
    expect(first.url).toBeDefined();
    await stopServe(first.child);
    expect(statSync(`${db}.secret`).mode & 0o777).toBe(0o600);
    expect(statSync(db).mode & 0o777).toBe(0o600);
    unlinkSync(`${db}.secret`);
    const second = await serve(['--db', db]);
    expect(second.url).toBeUndefined();
    expect(second.code).not.toBe(0);
    expect(second.out).toMatch(/exists but its secret file .* is missing/);
    expect(existsSync(`${db}.secret`)).toBe(false);
  });

  it.each(['644', '666', '640', '604'])(
    'refuses a --secret-file of mode 0%s, naming the file and the chmod 600 fix',
    async (octal) => {
      const mode = Number.parseInt(octal, 8);
      const file = join(dir, `secret-${mode.toString(8)}`);
      writeFileSync(file, `${'x'.repeat(40)}\n`);
      chmodSync(file, mode);
      const r = await serve([
        '--db',
        join(dir, `m${mode.toString(8)}.sqlite`),
        '--secret-file',
        file,
      ]);
      expect(r.url).toBeUndefined();
      expect(r.code).toBe(2);
      expect(r.out).toContain(
        `error: the secret file ${file} has mode 0${mode.toString(8)}: its group or others may read or change it, and it signs every seat token. Make it private: chmod 600 ${file}`,
      );
      // Nothing was made before refusing, and the file is left as it was.
      expect(existsSync(join(dir, `m${mode.toString(8)}.sqlite`))).toBe(false);
      expect(statSync(file).mode & 0o777).toBe(mode);
      chmodSync(file, 0o600);
      const fixed = await serve([
        '--db',
        join(dir, `m${mode.toString(8)}.sqlite`),
        '--secret-file',
        file,
      ]);
      expect(fixed.url, fixed.out).toBeDefined();
      await stopServe(fixed.child);
    },
  );

  it('refuses the default <db>.secret once it is readable by others', async () => {
    const db = join(dir, 'loose.sqlite');
    const first = await serve(['--db', db]);
    expect(first.url).toBeDefined();
    await stopServe(first.child);
    chmodSync(`${db}.secret`, 0o644);
    const second = await serve(['--db', db]);
    expect(second.url).toBeUndefined();
    expect(second.code).toBe(2);
    expect(second.out).toContain(`chmod 600 ${db}.secret`);
  });

  it('creates a new --secret-file with mode 0600', async () => {
    const file = join(dir, 'new.secret');
    const r = await serve(['--db', join(dir, 'n.sqlite'), '--secret-file', file]);
    expect(r.url, r.out).toBeDefined();
    await stopServe(r.child);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
  });

  it('outside loopback, creating needs a creator key unless --open-create (refused before listening)', async () => {
    const r = await serve(['--db', join(dir, 'b.sqlite'), '--host', '0.0.0.0']);
    expect(r.url).toBeUndefined();
    expect(r.code).not.toBe(0);
    expect(r.out).toMatch(/not loopback: give creator keys/);
  });

  it('with creator keys, POST /matches needs one (401 create_refused without it, 201 with it)', async () => {
    const key = 'k'.repeat(24);
    const r = await serve(['--db', join(dir, 'c.sqlite'), '--trust-proxy', '127.0.0.1'], {
      RULELOOM_CREATE_KEYS: key,
    });
    try {
      expect(r.url).toBeDefined();
      const body = JSON.stringify({ game: 'st-augustine', players: 2 });
      const anonymous = await fetch(`${r.url!}/matches`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(anonymous.status).toBe(401);
      expect(((await anonymous.json()) as { error: { code: string } }).error.code).toBe(
        'create_refused',
      );
      const wrong = await fetch(`${r.url!}/matches`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${'x'.repeat(24)}` },
        body,
      });
      expect(wrong.status).toBe(401);
      const keyed = await fetch(`${r.url!}/matches`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body,
      });
      expect(keyed.status).toBe(201);
    } finally {
      await stopServe(r.child);
    }
  });

  it('--snapshot-every must be a whole number of actions from 1 to 1000000 (refused before listening)', async () => {
    for (const bad of ['0', '-3', '2.5', '1000001']) {
      const r = await serve(['--db', join(dir, 'd.sqlite'), '--snapshot-every', bad]);
      expect(r.url).toBeUndefined();
      expect(r.code).not.toBe(0);
      expect(r.out).toContain('--snapshot-every:');
    }
    // Nothing was made: no database, no secret file.
    expect(existsSync(join(dir, 'd.sqlite'))).toBe(false);
    expect(existsSync(join(dir, 'd.sqlite.secret'))).toBe(false);
  }, 60_000);

  it('--ipv6-client-prefix must be a whole number of bits from 1 to 128 (refused before listening)', async () => {
    for (const bad of ['0', '129', '64.5', 'x']) {
      const r = await serve(['--db', join(dir, 'p.sqlite'), '--ipv6-client-prefix', bad]);
      expect(r.url).toBeUndefined();
      expect(r.code).toBe(2);
      expect(r.out).toContain('--ipv6-client-prefix:');
    }
    expect(existsSync(join(dir, 'p.sqlite'))).toBe(false);
  }, 60_000);

  it('behind --trust-proxy, --ipv6-client-prefix 48 counts two /64s of one /48 as one creator', async () => {
    const r = await serve([
      '--db',
      join(dir, 'q.sqlite'),
      '--trust-proxy',
      '127.0.0.1',
      '--ipv6-client-prefix',
      '48',
    ]);
    try {
      expect(r.url, r.out).toBeDefined();
      const create = async (ip: string): Promise<number> =>
        (
          await fetch(`${r.url!}/matches`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
            body: JSON.stringify({ game: 'st-augustine', players: 2 }),
          })
        ).status;
      // The default matchesPerCreator is 20.
      for (let i = 1; i <= 20; i++)
        expect(await create(`2001:db8:1:2::${i.toString(16)}`)).toBe(201);
      expect(await create('2001:db8:1:3::1')).toBe(429);
      expect(await create('2001:db8:2:3::1')).toBe(201);
    } finally {
      await stopServe(r.child);
    }
  });

  it('--snapshot-every 3 keeps a snapshot every 3 actions (the default keeps one every 100)', async () => {
    const db = join(dir, 'e.sqlite');
    const r = await serve(['--db', db, '--snapshot-every', '3']);
    let id: string;
    let version = 0;
    try {
      expect(r.url).toBeDefined();
      // Two random bots play a short match by themselves.
      const created = await fetch(`${r.url!}/matches`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          game: 'st-augustine',
          players: 2,
          options: { turns: 10, trading: 'off' },
          bots: [
            { seat: 0, bot: 'random' },
            { seat: 1, bot: 'random' },
          ],
        }),
      });
      expect(created.status).toBe(201);
      id = ((await created.json()) as { match: string }).match;
      for (let i = 0; i < 300; i++) {
        const status = (await (await fetch(`${r.url!}/matches/${id}`)).json()) as {
          version: number;
          isOver: boolean;
        };
        version = status.version;
        if (status.isOver) break;
        await new Promise((done) => setTimeout(done, 100));
      }
    } finally {
      await stopServe(r.child);
    }
    expect(version).toBeGreaterThan(4);
    const storage = createSqliteStorage({ file: db });
    await storage.init();
    try {
      // The newest is the final state; the one before it the last multiple of 3 below it.
      expect((await storage.latestSnapshot(id))?.version).toBe(version);
      const below = Math.floor((version - 1) / 3) * 3;
      expect((await storage.latestSnapshot(id, version - 1))?.version).toBe(below);
    } finally {
      await storage.close();
    }
  }, 60_000);
});
