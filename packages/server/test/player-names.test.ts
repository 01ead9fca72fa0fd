import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkPlayerName,
  createGameServer,
  createPostgresStorage,
  type GameStorage,
  type WelcomeMessage,
} from '../src/index.js';
import { startPostgres, type PostgresCluster } from './helpers/postgres-cluster.js';
import { HOSTED_GAMES, post, SECRET, startServer, type Started } from './helpers/start-server.js';
import { isType, TestClient } from './helpers/test-client.js';

const HOSTILE: readonly [string, unknown][] = [
  ['a name of 33 characters', 'x'.repeat(33)],
  ['a name of 200 characters', 'y'.repeat(200)],
  ['an empty name', ''],
  ['only spaces', '   '],
  ['a newline', 'Ana\nBen'],
  ['a NUL', 'Ana\u0000'],
  ['an escape sequence', '\u001b[31mred'],
  ['a right-to-left override', 'Ana\u202Egnp.exe'],
  ['a zero-width joiner', 'A\u200Dna'],
  ['a lone surrogate', 'Ana\uD800'],
  ['a number', 42],
  ['an object', { toString: 'Ana' }],
];

async function getJson(url: string, headers: Record<string, string> = {}) {
  const r = await fetch(url, { headers });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}

describe('player names through the server (SQLite)', () => {
  let s: Started;
  beforeAll(async () => {
    s = await startServer({
      authorizeCreate: ({ headers }) => ({
        ok: true,
        creator: String(headers['x-creator'] ?? 'anon'),
      }),
    });
  });
  afterAll(() => s.stop());

  it.each(HOSTILE)(
    'create refuses %s as a name, with a 400 and nothing stored',
    async (_, name) => {
      const r = await post(
        s.url,
        '/matches',
        { game: 'st-augustine', players: 2, names: [name, null] },
        { 'x-creator': 'hostile' },
      );
      expect(r.status).toBe(400);
      expect((r.body.error as { code: string }).code).toBe('malformed_message');
      const listed = await getJson(`${s.url}/matches`, { 'x-creator': 'hostile' });
      expect(listed.body.matches).toEqual([]);
    },
  );

  it('create refuses more names than seats', async () => {
    const r = await post(s.url, '/matches', {
      game: 'st-augustine',
      players: 2,
      names: ['A', 'B', 'C'],
    });
    expect(r.status).toBe(400);
    expect((r.body.error as { code: string }).code).toBe('invalid_setup');
  });

  it('keeps names (trimmed, NFC, up to 32 characters of any script) and sends them in the welcome, GET and the listing', async () => {
    const long = 'é'.repeat(32);
    const created = await post(
      s.url,
      '/matches',
      {
        game: 'st-augustine',
        players: 3,
        options: { turns: 2, trading: 'off' },
        names: ['  Ana  ', 'Be\u0301la'],
        bots: [{ seat: 2, bot: 'random' }],
      },
      { 'x-creator': 'c1' },
    );
    expect(created.status).toBe(201);
    const id = created.body.match as string;
    const tokens = created.body.seats as { seat: number; token: string }[];
    expect((await getJson(`${s.url}/matches/${id}`)).body.names).toEqual(['Ana', 'Béla', null]);
    // A seat that joins with a name keeps it (stored), and others see it.
    const c = await TestClient.connect(s.url);
    const w = (await c.reply(
      c.send({ type: 'join', match: id, token: tokens[1]!.token, name: long }),
    )) as WelcomeMessage;
    expect(w.type).toBe('welcome');
    expect(w.names).toEqual(['Ana', long, null]);
    c.close();
    const spectator = await TestClient.connect(s.url);
    const sw = (await spectator.reply(
      spectator.send({ type: 'spectate', match: id }),
    )) as WelcomeMessage;
    expect(sw.names).toEqual(['Ana', long, null]);
    spectator.close();
    expect((await s.storage.getMatch(id))?.config.names).toEqual(['Ana', long, null]);
    const listed = await getJson(`${s.url}/matches`, { 'x-creator': 'c1' });
    expect(listed.body.matches).toEqual([
      {
        match: id,
        game: 'st-augustine',
        players: 3,
        status: 'active',
        createdAt: expect.any(Number) as number,
        names: ['Ana', long, null],
        bots: [{ seat: 2, bot: 'random' }],
      },
    ]);
    // Another creator's listing does not show it; the listing never holds tokens or seeds.
    expect((await getJson(`${s.url}/matches`, { 'x-creator': 'c2' })).body.matches).toEqual([]);
    expect(JSON.stringify(listed.body)).not.toContain(tokens[0]!.token);
  });

  it.each(HOSTILE)(
    'join refuses %s as a name; the seat is not joined and its name unchanged',
    async (_, name) => {
      const created = await post(
        s.url,
        '/matches',
        { game: 'st-augustine', players: 2, names: ['Ana'] },
        { 'x-creator': 'c3' },
      );
      const id = created.body.match as string;
      const token = (created.body.seats as { token: string }[])[0]!.token;
      const c = await TestClient.connect(s.url);
      const answer = await c.reply(c.send({ type: 'join', match: id, token, name }));
      expect(answer.type).toBe('error');
      expect(c.messages.some(isType('welcome'))).toBe(false);
      c.close();
      expect((await getJson(`${s.url}/matches/${id}`)).body.names).toEqual(['Ana', null]);
    },
  );
});

describe('checkPlayerName', () => {
  it('accepts names in any script, trims them, and refuses every hostile one', () => {
    expect(checkPlayerName(' 李小龍 ')).toEqual({ ok: true, name: '李小龍' });
    expect(checkPlayerName('Zoë 🎲')).toEqual({ ok: true, name: 'Zoë 🎲' });
    for (const [, name] of HOSTILE) expect(checkPlayerName(name).ok).toBe(false);
  });
});

describe('player names with PostgreSQL (a throwaway cluster on loopback)', () => {
  let cluster: PostgresCluster;
  let storage: GameStorage;
  beforeAll(async () => {
    cluster = await startPostgres();
  });
  afterAll(() => cluster.stop());

  it('stores names, renames a seat, and lists a creator’s matches newest first', async () => {
    storage = createPostgresStorage({ connection: cluster.createDatabase('names'), poolSize: 2 });
    const server = await createGameServer({
      games: HOSTED_GAMES,
      secret: SECRET,
      storage,
      authorizeCreate: ({ headers }) => ({ ok: true, creator: String(headers['x-creator']) }),
    });
    const url = await server.listen({ port: 0, host: '127.0.0.1' });
    try {
      const make = (names: unknown[]) =>
        post(url, '/matches', { game: 'st-augustine', players: 2, names }, { 'x-creator': 'p' });
      const first = await make(['Ana', null]);
      const second = await make([null, 'Ben']);
      const id = first.body.match as string;
      const token = (first.body.seats as { token: string }[])[1]!.token;
      const c = await TestClient.connect(url);
      const w = (await c.reply(
        c.send({ type: 'join', match: id, token, name: 'Cleo' }),
      )) as WelcomeMessage;
      expect(w.names).toEqual(['Ana', 'Cleo']);
      c.close();
      expect((await storage.getMatch(id))?.config.names).toEqual(['Ana', 'Cleo']);
      const listed = (await getJson(`${url}/matches`, { 'x-creator': 'p' })).body.matches as {
        match: string;
      }[];
      expect(new Set(listed.map((m) => m.match))).toEqual(
        new Set([id, second.body.match as string]),
      );
      expect((await getJson(`${url}/matches`, { 'x-creator': 'q' })).body.matches).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
