import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, startServer, type Started } from './helpers/start-server.js';

let started: Started;
beforeAll(async () => {
  started = await startServer({
    authorizeCreate: ({ headers }) =>
      headers['x-api-key'] === 'refused'
        ? { ok: false, message: 'bad API key', status: 401 }
        : { ok: true, creator: String(headers['x-api-key'] ?? 'anon') },
    limits: { matchesPerCreator: 2 },
  });
});
afterAll(async () => {
  await started.stop();
});

async function raw(
  path: string,
  init: RequestInit,
): Promise<{ status: number; body: { error?: { code: string; message: string } } }> {
  const r = await fetch(`${started.url}${path}`, init);
  const text = await r.text();
  return { status: r.status, body: text === '' ? {} : (JSON.parse(text) as never) };
}

describe('POST /matches refuses bad input with a 4xx and a code, never a 500', () => {
  it.each([
    ['no body at all', { method: 'POST' }, 400],
    [
      'an empty JSON body',
      { method: 'POST', headers: { 'content-type': 'application/json' } },
      400,
    ],
    [
      'a null body',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'null' },
      400,
    ],
    [
      'broken JSON',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"game":' },
      400,
    ],
    [
      'an array',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: '[1,2]' },
      400,
    ],
    [
      'text/plain',
      { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' },
      400,
    ],
    [
      'deep nesting',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '['.repeat(5000) + ']'.repeat(5000),
      },
      400,
    ],
    [
      'a body over the size limit',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ game: 'x'.repeat(20_000) }),
      },
      413,
    ],
    [
      'a __proto__ body',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"__proto__":{"game":"st-augustine","players":2}}',
      },
      400,
    ],
  ] as const)('%s', async (_name, init, status) => {
    const r = await raw('/matches', init);
    expect(r.status).toBe(status);
    expect(r.body.error?.code).toMatch(/^[a-z_]+$/);
  });

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', ''])(
    'the prototype name %j is not a game',
    async (game) => {
      const r = await post(started.url, '/matches', { game, players: 2 });
      expect(r.status).toBe(400);
      expect((r.body.error as { code: string }).code).toBe('unknown_game');
    },
  );

  it.each([
    ['the secret deck order', { deckOrder: ['pub-k'] }],
    ['card overrides', { cards: { add: [] } }],
    ['an unknown option', { toString: 1 }],
    ['a __proto__ option', JSON.parse('{"__proto__":{"turns":1}}') as Record<string, unknown>],
  ])('a client cannot set %s', async (_name, options) => {
    const r = await post(started.url, '/matches', { game: 'st-augustine', players: 2, options });
    expect(r.status).toBe(400);
    expect((r.body.error as { code: string }).code).toBe('option_not_allowed');
  });

  it.each([
    ['-0 players', '{"game":"st-augustine","players":-0}'],
    ['1e308 players', '{"game":"st-augustine","players":1e308}'],
    ['{"toString":1} as players', '{"game":"st-augustine","players":{"toString":1}}'],
    ['a huge string game', JSON.stringify({ game: 'g'.repeat(5000), players: 2 })],
    [
      'a bot in a seat that does not exist',
      '{"game":"st-augustine","players":2,"bots":[{"seat":5,"bot":"random"}]}',
    ],
    [
      'an unknown bot',
      '{"game":"st-augustine","players":2,"bots":[{"seat":1,"bot":"constructor"}]}',
    ],
    ['a turn timer of 0 s', '{"game":"st-augustine","players":2,"turnTimer":{"seconds":0}}'],
    [
      'an invalid public option value',
      '{"game":"st-augustine","players":2,"options":{"turns":-3}}',
    ],
    ['too many players', '{"game":"st-augustine","players":9}'],
  ])('%s is refused', async (_name, body) => {
    const r = await post(started.url, '/matches', body);
    expect(r.status).toBe(400);
    expect((r.body.error as { code: string }).code).toMatch(/^(malformed_message|invalid_setup)$/);
  });

  it('the create hook can refuse, and quotas count per creator', async () => {
    const refused = await post(
      started.url,
      '/matches',
      { game: 'st-augustine', players: 2 },
      { 'x-api-key': 'refused' },
    );
    expect(refused.status).toBe(401);
    expect((refused.body.error as { code: string }).code).toBe('create_refused');
    for (let i = 0; i < 2; i++)
      expect(
        (
          await post(
            started.url,
            '/matches',
            { game: 'st-augustine', players: 2 },
            { 'x-api-key': 'k1' },
          )
        ).status,
      ).toBe(201);
    const third = await post(
      started.url,
      '/matches',
      { game: 'st-augustine', players: 2 },
      { 'x-api-key': 'k1' },
    );
    expect(third.status).toBe(429);
    expect((third.body.error as { code: string }).code).toBe('too_many_matches');
    expect(
      (
        await post(
          started.url,
          '/matches',
          { game: 'st-augustine', players: 2 },
          { 'x-api-key': 'k2' },
        )
      ).status,
    ).toBe(201);
  });
});

describe('GET routes', () => {
  it.each(['constructor', '__proto__', 'toString', 'x'.repeat(100), '..%2F..%2Fetc'])(
    'an unknown match id %j is a 404',
    async (id) => {
      const r = await raw(`/matches/${id}`, {});
      expect(r.status).toBe(404);
      expect(r.body.error?.code).toBe('match_not_found');
    },
  );

  it('unknown routes are a JSON 404; /games lists both games', async () => {
    expect((await raw('/nope', {})).status).toBe(404);
    const games = (await (await fetch(`${started.url}/games`)).json()) as {
      games: { id: string }[];
    };
    expect(games.games.map((g) => g.id)).toEqual(['st-augustine', 'colonial-florida']);
  });

  it('a match is created with a token per human seat, and the seed and secret options are never shown', async () => {
    const r = await post(
      started.url,
      '/matches',
      { game: 'st-augustine', players: 3, bots: [{ seat: 1, bot: 'random' }] },
      { 'x-api-key': 'k3' },
    );
    expect(r.status).toBe(201);
    expect((r.body.seats as { seat: number }[]).map((s) => s.seat)).toEqual([0, 2]);
    expect(r.body.bots).toEqual([1]);
    const status = await (await fetch(`${started.url}/matches/${String(r.body.match)}`)).text();
    // The field names, not the text: the text holds a random match id, which can spell `seed`.
    const keys: string[] = [];
    const walk = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (typeof v === 'object' && v !== null)
        for (const [k, x] of Object.entries(v)) {
          keys.push(k);
          walk(x);
        }
    };
    const parsed = JSON.parse(status) as unknown;
    walk(parsed);
    expect(keys.length).toBeGreaterThan(3);
    expect(keys.filter((k) => /seed|deckOrder/i.test(k))).toEqual([]);
    expect(parsed).toMatchObject({ status: 'active', hash: null, players: 3 });
  });
});
