import { afterEach, describe, expect, it } from 'vitest';
import { apiKeyAuthorizer, type ErrorMessage, type WelcomeMessage } from '../src/index.js';
import { bearerToken } from '../src/server/bearer-token.js';
import { post, startServer, type Started } from './helpers/start-server.js';
import { isType, TestClient } from './helpers/test-client.js';

let started: Started | undefined;
afterEach(async () => {
  await started?.stop();
  started = undefined;
});

const KEY = 'creator-key-0123456789';

describe('Authorization: the Bearer scheme in any case (RFC 9110)', () => {
  it('bearerToken reads any case of the scheme, and nothing else', () => {
    for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR'])
      expect(bearerToken(`${scheme} abc.def`)).toBe('abc.def');
    expect(bearerToken('bearer   abc  ')).toBe('abc');
    expect(bearerToken('Bearer')).toBe('');
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken('Bearerabc')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });

  it('creates with a creator key, reads the log, joins and revokes with a lower-case scheme', async () => {
    started = await startServer({
      authorizeCreate: apiKeyAuthorizer({ keys: [KEY], allowAnonymous: false }),
    });
    const url = started.url;
    const body = { game: 'st-augustine', players: 2 };
    expect((await post(url, '/matches', body, { authorization: `bearer ${KEY}` })).status).toBe(
      201,
    );
    const created = await post(url, '/matches', body, { authorization: `BEARER ${KEY}` });
    expect(created.status).toBe(201);
    const { match, seats } = created.body as { match: string; seats: { token: string }[] };
    const token = seats[0]!.token;

    const log = await fetch(`${url}/matches/${match}/log`, {
      headers: { authorization: `bearer ${token}` },
    });
    expect(log.status).toBe(200);

    const client = await TestClient.connectWith(url, { authorization: `bearer ${token}` });
    const welcome = await client.reply(client.send({ type: 'join', match }));
    expect(welcome.type).toBe('welcome');
    expect((welcome as WelcomeMessage).seat).toBe(0);

    const revoked = await fetch(`${url}/tokens/revoke`, {
      method: 'POST',
      headers: { authorization: `bearer ${token}` },
    });
    expect(revoked.status).toBe(204);
    client.close();
  });

  it('another scheme is still no token', async () => {
    started = await startServer({
      authorizeCreate: apiKeyAuthorizer({ keys: [KEY], allowAnonymous: false }),
    });
    const r = await post(
      started.url,
      '/matches',
      { game: 'st-augustine', players: 2 },
      { authorization: `Basic ${KEY}` },
    );
    expect(r.status).toBe(401);
  });
});

describe('rate_limited answers name the message they refuse', () => {
  it('every refused ping gets an error whose replyTo is its seq; every seq is answered once', async () => {
    started = await startServer({
      limits: { messagesPerSecond: 1, messageBurst: 1, maxRateViolations: 1000 },
    });
    const client = await TestClient.connect(started.url);
    const seqs = Array.from({ length: 50 }, (_, i) => i + 1);
    for (const seq of seqs) client.sendRaw(JSON.stringify({ type: 'ping', seq }));
    // A last message after the flood: its answer (pong or rate_limited) comes after all others.
    const last = client.send({ type: 'ping', seq: 51 });
    await client.reply(last);
    const limited = client.messages.filter(
      (m): m is ErrorMessage => m.type === 'error' && m.code === 'rate_limited',
    );
    expect(limited.length).toBeGreaterThan(0);
    for (const m of limited) expect(m.replyTo).not.toBeNull();
    const answered = [...client.messages.filter(isType('pong')), ...limited].map((m) => m.replyTo);
    expect(answered.sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([...seqs, last]);
    client.close();
  });

  it('a refused frame without a seq (not JSON) answers replyTo null', async () => {
    started = await startServer({
      limits: { messagesPerSecond: 1, messageBurst: 1, maxRateViolations: 1000 },
    });
    const client = await TestClient.connect(started.url);
    client.sendRaw(JSON.stringify({ type: 'ping', seq: 1 }));
    for (let i = 0; i < 20; i++) client.sendRaw('not json');
    const last = client.send({ type: 'ping', seq: 2 });
    await client.reply(last);
    const errors = client.messages.filter((m): m is ErrorMessage => m.type === 'error');
    expect(errors.length).toBeGreaterThanOrEqual(20);
    for (const m of errors.filter((e) => e.replyTo !== 2)) expect(m.replyTo).toBeNull();
    client.close();
  });
});
