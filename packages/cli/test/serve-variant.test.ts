import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteStorage } from '@ruleloom/server';
import { afterAll, describe, expect, it } from 'vitest';
import { startServe, stopServe } from './serve-process.js';

const dir = mkdtempSync(join(tmpdir(), 'ruleloom-serve-variant-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Starts `ruleloom serve` with a fixed secret and no creator keys. */
function serve(args: readonly string[]) {
  return startServe(args, { RULELOOM_SECRET: 's'.repeat(32), RULELOOM_CREATE_KEYS: '' });
}

async function post(url: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const r = await fetch(`${url}/matches`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: r.status, json: await r.json() };
}

interface MatchInfo {
  readonly variant: string | null;
  readonly status: string;
  readonly result: { winners: number[] } | null;
}

async function getMatch(url: string, id: string): Promise<MatchInfo> {
  return (await (await fetch(`${url}/matches/${id}`)).json()) as MatchInfo;
}

/** A one-turn St. Augustine without trading: two bots finish it in moments. */
const ONE_TURN = {
  game: 'st-augustine',
  id: 'one-turn',
  name: 'One turn',
  description: 'A single turn, no trading.',
  options: { turns: 1, trading: 'off' },
};

describe('ruleloom serve --variant (the operator allow-list)', () => {
  it('creates matches with an allowed variant by name, refuses unknown names, and embeds the variant in the stored match', async () => {
    const file = join(dir, 'one-turn.json');
    writeFileSync(file, JSON.stringify(ONE_TURN));
    const db = join(dir, 'v.sqlite');
    const server = await serve(['--db', db, '--games', 'st-augustine', '--variant', file]);
    let id: string | undefined;
    try {
      expect(server.url, server.out).toBeDefined();
      const url = server.url!;
      expect(server.out).toContain('variants: st-augustine/one-turn');
      const games = (await (await fetch(`${url}/games`)).json()) as {
        games: { id: string; variants: string[] }[];
      };
      expect(games.games.find((g) => g.id === 'st-augustine')?.variants).toEqual(['one-turn']);

      const unknown = await post(url, { game: 'st-augustine', variant: 'two-turns', players: 2 });
      expect(unknown.status).toBe(400);
      expect(unknown.json).toMatchObject({
        error: {
          code: 'unknown_variant',
          message: expect.stringContaining('allowed: one-turn') as unknown,
        },
      });

      // Two bots play the variant's single turn: the match ends, which the base game's 40
      // turns would not let it do in this time.
      const created = await post(url, {
        game: 'st-augustine',
        variant: 'one-turn',
        players: 2,
        bots: [
          { seat: 0, bot: 'random' },
          { seat: 1, bot: 'greedy' },
        ],
      });
      expect(created.status, JSON.stringify(created.json)).toBe(201);
      const body = created.json as { match: string; variant: string };
      expect(body.variant).toBe('one-turn');
      id = body.match;
      let info = await getMatch(url, id);
      for (let i = 0; i < 100 && info.status !== 'over'; i++) {
        await new Promise((r) => setTimeout(r, 200));
        info = await getMatch(url, id);
      }
      expect(info.variant).toBe('one-turn');
      expect(info.status).toBe('over');
      expect(info.result?.winners.length).toBeGreaterThan(0);

      const plain = await post(url, { game: 'st-augustine', players: 2 });
      expect(plain.status).toBe(201);
      expect((plain.json as { variant: unknown }).variant).toBeNull();
    } finally {
      await stopServe(server.child);
    }

    if (id === undefined) throw new Error('no match was created');
    // The stored match embeds the variant's data.
    const copy = join(dir, 'copy.sqlite');
    copyFileSync(db, copy);
    for (const tail of ['-wal', '-shm'])
      if (existsSync(`${db}${tail}`)) copyFileSync(`${db}${tail}`, `${copy}${tail}`);
    const storage = createSqliteStorage({ file: copy });
    await storage.init();
    try {
      const stored = await storage.getMatch(id);
      expect(stored?.game).toBe('st-augustine');
      expect(stored?.config.variant).toEqual({ name: 'one-turn', data: ONE_TURN });
    } finally {
      await storage.close();
    }

    // A server that no longer allows the variant still replays the match from its record.
    const again = await serve(['--db', db, '--games', 'st-augustine']);
    try {
      expect(again.url, again.out).toBeDefined();
      const info = await getMatch(again.url!, id);
      expect(info.variant).toBe('one-turn');
      expect(info.status).toBe('over');
      const refused = await post(again.url!, {
        game: 'st-augustine',
        variant: 'one-turn',
        players: 2,
      });
      expect(refused.json).toMatchObject({
        error: {
          code: 'unknown_variant',
          message: expect.stringContaining('allows none') as unknown,
        },
      });
    } finally {
      await stopServe(again.child);
    }
  }, 120_000);

  it('refuses, before listening, a variant of a game the server does not host', async () => {
    const file = join(dir, 'one-turn-b.json');
    writeFileSync(file, JSON.stringify(ONE_TURN));
    const r = await serve([
      '--db',
      join(dir, 'w.sqlite'),
      '--games',
      'colonial-florida',
      '--variant',
      file,
    ]);
    expect(r.url).toBeUndefined();
    expect(r.code).not.toBe(0);
    expect(r.out).toMatch(/variant of st-augustine, which this server does not host/);
  }, 60_000);
});
