import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { stAugustine } from '@ruleloom/st-augustine';
import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import ruleloomDefault, {
  CLOSE_CODES,
  createGameServer,
  createSqliteStorage,
  ruleloomServer,
} from '../src/index.js';
import { HOSTED_GAMES, post, SECRET } from './helpers/start-server.js';
import { TestClient } from './helpers/test-client.js';

const dir = mkdtempSync(join(tmpdir(), 'ruleloom-mount-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Someone's app: its own routes, JSON parser, error handler and not-found handler. */
async function hostApp(file: string, prefix?: string) {
  const app = Fastify();
  app.setErrorHandler((error, _request, reply) =>
    reply
      .code(418)
      .send({ mine: true, message: error instanceof Error ? error.message : String(error) }),
  );
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ mine: 'not found' }));
  app.get('/hello', () => ({ hello: 'world' }));
  app.get('/boom', () => {
    throw new Error('boom');
  });
  app.post('/echo', (request) => ({ got: request.body }));
  await app.register(ruleloomServer, {
    ...(prefix === undefined ? {} : { prefix }),
    games: HOSTED_GAMES,
    secret: SECRET,
    storage: createSqliteStorage({ file }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return { app, url: `http://127.0.0.1:${String(port)}` };
}

describe('the Fastify plugin mounted in an app with its own routes and handlers', () => {
  it('the app keeps its routes, parser, error and not-found handlers; the plugin answers in its own shape under its prefix', async () => {
    const file = join(dir, 'a.sqlite');
    const { app, url } = await hostApp(file, '/rl');
    try {
      expect(ruleloomDefault).toBe(ruleloomServer);
      expect(await (await fetch(`${url}/hello`)).json()).toEqual({ hello: 'world' });
      const boom = await fetch(`${url}/boom`);
      expect(boom.status).toBe(418);
      expect(await boom.json()).toEqual({ mine: true, message: 'boom' });
      expect(await (await fetch(`${url}/nope`)).json()).toEqual({ mine: 'not found' });
      // The plugin's depth limit is its own: the app's parser takes what it always took.
      const deep = '['.repeat(100) + ']'.repeat(100);
      const echo = await post(url, '/echo', deep);
      expect(echo.status).toBe(200);

      expect(await (await fetch(`${url}/rl/health`)).json()).toMatchObject({ ok: true });
      const bad = await post(url, '/rl/matches', '{"game":');
      expect(bad).toMatchObject({ status: 400, body: { error: { code: 'malformed_message' } } });
      const tooDeep = await post(url, '/rl/matches', deep);
      expect(tooDeep).toMatchObject({ status: 400, body: { error: { code: 'too_deep' } } });
      expect(await (await fetch(`${url}/rl/nope`)).json()).toEqual({
        error: { code: 'not_found', message: 'no such route' },
      });

      const created = await post(url, '/rl/matches', { game: 'st-augustine', players: 2 });
      expect(created.status).toBe(201);
      const match = created.body.match as string;
      const seats = created.body.seats as { token: string }[];
      const socket = new WebSocket(`${url.replace('http', 'ws')}/rl/play`);
      const first = new Promise<unknown>((r) =>
        socket.once('message', (d: Buffer) => r(JSON.parse(d.toString()))),
      );
      await new Promise((r) => socket.once('open', r));
      socket.send(JSON.stringify({ type: 'join', seq: 1, match, token: seats[0]!.token }));
      expect(await first).toMatchObject({ type: 'welcome', seat: 0 });
      expect(typeof (await app.ruleloom.issueSeatToken(match, 1))).toBe('string');
      const closed = new Promise<number>((r) => socket.once('close', (code) => r(code)));
      await app.close();
      // onClose: game sockets closed with 1001, the storage closed (its lock released).
      expect(await closed).toBe(CLOSE_CODES.goingAway);
      const again = createSqliteStorage({ file });
      await again.init();
      expect(await again.getMatch(match)).toBeDefined();
      await again.close();
    } finally {
      await app.close();
    }
  });

  it('mounted at the root of an app that has its own not-found handler, it registers without touching it', async () => {
    const { app, url } = await hostApp(join(dir, 'b.sqlite'));
    try {
      expect(await (await fetch(`${url}/nope`)).json()).toEqual({ mine: 'not found' });
      expect(await (await fetch(`${url}/health`)).json()).toMatchObject({ ok: true });
      const bad = await post(url, '/matches', '{"game":');
      expect(bad).toMatchObject({ status: 400, body: { error: { code: 'malformed_message' } } });
    } finally {
      await app.close();
    }
  });

  it("the README's example: mounted under a prefix next to the app's own route", async () => {
    const file = join(dir, 'readme.sqlite');
    const app = Fastify();
    app.get('/', () => 'my site');
    await app.register(ruleloomServer, {
      prefix: '/ruleloom',
      games: [stAugustine],
      storage: createSqliteStorage({ file }),
      secret: SECRET,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = app.server.address();
      const url = `http://127.0.0.1:${String(typeof address === 'object' && address !== null ? address.port : 0)}`;
      expect(await (await fetch(`${url}/`)).text()).toBe('my site');
      expect(await (await fetch(`${url}/ruleloom/games`)).json()).toMatchObject({
        games: [{ id: 'st-augustine' }],
      });
    } finally {
      await app.close();
    }
  });

  it('createGameServer answers a malformed URL in the documented shape', async () => {
    const server = await createGameServer({
      games: HOSTED_GAMES,
      secret: SECRET,
      storage: createSqliteStorage({ file: join(dir, 'c.sqlite') }),
    });
    const url = await server.listen();
    try {
      const r = await fetch(`${url}/matches/%zz`);
      expect(r.status).toBeLessThan(500);
      expect(await r.json()).toMatchObject({ error: { code: expect.any(String) as string } });
    } finally {
      await server.close();
    }
  });
});

function socketFrom(url: string, forwardedFor: string): Promise<TestClient> {
  return TestClient.connectWith(url, { 'x-forwarded-for': forwardedFor });
}

describe('trustProxy: limits per real client behind a proxy', () => {
  it('with the proxy trusted, per-address connection caps and per-creator match caps count the forwarded client', async () => {
    for (const trusted of [true, false]) {
      const server = await createGameServer({
        games: HOSTED_GAMES,
        secret: SECRET,
        storage: createSqliteStorage({ file: join(dir, `proxy-${String(trusted)}.sqlite`) }),
        limits: { connectionsPerIp: 2, matchesPerCreator: 1 },
        ...(trusted ? { trustProxy: '127.0.0.1' } : {}),
      });
      const url = await server.listen();
      const clients: TestClient[] = [];
      try {
        const body = { game: 'st-augustine', players: 2 };
        const a1 = await post(url, '/matches', body, { 'x-forwarded-for': '203.0.113.1' });
        const a2 = await post(url, '/matches', body, { 'x-forwarded-for': '203.0.113.1' });
        const b1 = await post(url, '/matches', body, { 'x-forwarded-for': '203.0.113.2' });
        expect([a1.status, a2.status, b1.status]).toEqual(
          trusted ? [201, 429, 201] : [201, 429, 429],
        );
        for (let i = 0; i < 2; i++) clients.push(await socketFrom(url, '203.0.113.1'));
        const third = await socketFrom(url, '203.0.113.1');
        const other = await socketFrom(url, '203.0.113.2');
        clients.push(third, other);
        expect((await third.waitClose()).code).toBe(CLOSE_CODES.tooManyConnections);
        if (trusted) {
          // A refused connection is closed at once, unheard: an answer shows it was let in.
          expect((await other.reply(other.send({ type: 'ping' }))).type).toBe('pong');
          expect(other.closed).toBeUndefined();
        } else expect((await other.waitClose()).code).toBe(CLOSE_CODES.tooManyConnections);
      } finally {
        for (const c of clients) c.close();
        await server.close();
      }
    }
  });
});
