import { expandLegalActions } from '../src/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLOSE_CODES,
  type ErrorMessage,
  type UpdateMessage,
  type WelcomeMessage,
} from '../src/index.js';
import {
  createMatchOver,
  startServer,
  type Created,
  type Started,
} from './helpers/start-server.js';
import { isType, TestClient } from './helpers/test-client.js';

let started: Started;
let created: Created;
beforeAll(async () => {
  started = await startServer();
  created = await createMatchOver(started.url, {
    game: 'st-augustine',
    players: 2,
    options: { trading: 'off' },
  });
});
afterAll(async () => {
  await started.stop();
});

async function joined(seat = 0): Promise<{ client: TestClient; welcome: WelcomeMessage }> {
  const client = await TestClient.connect(started.url, created.seats[seat]!.token);
  const seq = client.send({ type: 'join', match: created.match });
  const welcome = (await client.reply(seq)) as WelcomeMessage;
  expect(welcome.type).toBe('welcome');
  return { client, welcome };
}

async function expectError(client: TestClient, frame: string, code: string): Promise<void> {
  const before = client.messages.length;
  client.sendRaw(frame);
  const m = await client.waitFor(isType('error'), 5_000, before);
  expect(m.code).toBe(code);
  expect(m.message.length).toBeLessThan(400);
}

describe('hostile frames are answered with an error and change nothing', () => {
  it.each([
    ['not JSON', '{"type":', 'malformed_message'],
    [
      'deep nesting',
      `{"type":"act","seq":1,"action":${'['.repeat(5_000)}${']'.repeat(5_000)}}`,
      'too_deep',
    ],
    ['no seq', '{"type":"ping"}', 'malformed_message'],
    ['a -0 seq', '{"type":"ping","seq":-0}', 'malformed_message'],
    ['a huge seq', '{"type":"ping","seq":1e308}', 'malformed_message'],
    ['a {"toString":1} seq', '{"type":"ping","seq":{"toString":1}}', 'malformed_message'],
    ['a {"toString":1} message', '{"toString":1}', 'malformed_message'],
    ['a __proto__ type', '{"type":"__proto__","seq":1}', 'malformed_message'],
    ['a constructor type', '{"type":"constructor","seq":1}', 'malformed_message'],
    ['null', 'null', 'malformed_message'],
    ['a number', '12', 'malformed_message'],
    ['act before join', '{"type":"act","seq":3,"action":{"type":"pass"}}', 'not_joined'],
    [
      'a prototype-named match',
      '{"type":"spectate","seq":4,"match":"__proto__"}',
      'match_not_found',
    ],
  ])('%s', async (_name, frame, code) => {
    const client = await TestClient.connect(started.url);
    await expectError(client, frame, code);
    client.close();
  });

  it('a frame over the size limit closes with 1009 and the server keeps serving', async () => {
    const client = await TestClient.connect(started.url);
    client.sendRaw(JSON.stringify({ type: 'ping', seq: 1, pad: 'x'.repeat(20_000) }));
    expect((await client.waitClose()).code).toBe(CLOSE_CODES.frameTooBig);
    expect((await fetch(`${started.url}/health`)).status).toBe(200);
  });

  it('a binary frame is refused', async () => {
    const client = await TestClient.connect(started.url);
    client.sendRaw(Buffer.from([1, 2, 3]));
    expect((await client.waitFor(isType('error'))).code).toBe('malformed_message');
    client.close();
  });

  it('hostile actions from a seated player are rejected and leave the version unchanged', async () => {
    const status0 = (await (await fetch(`${started.url}/matches/${created.match}`)).json()) as {
      toAct: number[];
    };
    const { client, welcome } = await joined(status0.toAct[0]);
    expect(expandLegalActions(welcome.legal).length).toBeGreaterThan(0);
    const hostile: unknown[] = [
      { type: '__proto__' },
      { type: 'constructor' },
      { type: 'toString' },
      { toString: 1 },
      JSON.parse('{"__proto__":{"type":"pass"}}'),
      { type: 'bid', amount: -0 },
      { type: 'bid', amount: 1e308 },
      { type: 'bid', amount: '9'.repeat(5000) },
      { type: 'x'.repeat(10_000) },
      null,
      [],
    ];
    for (const action of hostile) {
      const seq = client.send({ type: 'act', action });
      const r = (await client.reply(seq)) as ErrorMessage;
      expect(r.type).toBe('error');
      expect(r.message.length).toBeLessThan(400);
    }
    const status = (await (await fetch(`${started.url}/matches/${created.match}`)).json()) as {
      version: number;
    };
    expect(status.version).toBe(welcome.version);
    client.close();
  });

  it('the seat not to act gets not_your_turn', async () => {
    const status = (await (await fetch(`${started.url}/matches/${created.match}`)).json()) as {
      toAct: number[];
    };
    const other = status.toAct.includes(0) ? 1 : 0;
    const { client } = await joined(other);
    const seq = client.send({ type: 'act', action: { type: 'pass' } });
    expect(((await client.reply(seq)) as ErrorMessage).code).toBe('not_your_turn');
    client.close();
  });

  it('a spectator cannot act', async () => {
    const client = await TestClient.connect(started.url);
    await client.reply(client.send({ type: 'spectate', match: created.match }));
    const seq = client.send({ type: 'act', action: { type: 'pass' } });
    expect(((await client.reply(seq)) as ErrorMessage).code).toBe('spectator_cannot_act');
    client.close();
  });
});

describe('tokens', () => {
  it('a tampered token, a token for another match, and no token are refused with 4001', async () => {
    const other = await createMatchOver(started.url, { game: 'st-augustine', players: 2 });
    const token = created.seats[0]!.token;
    const tampered = token.slice(0, -3) + (token.endsWith('AAA') ? 'BBB' : 'AAA');
    for (const [t, match] of [
      [tampered, created.match],
      [other.seats[0]!.token, created.match],
      [undefined, created.match],
      ['rl1.e30.', created.match],
    ] as const) {
      const client = await TestClient.connect(started.url);
      const seq = client.send({ type: 'join', match, ...(t === undefined ? {} : { token: t }) });
      expect(((await client.reply(seq)) as ErrorMessage).code).toBe('unauthorized');
      expect((await client.waitClose()).code).toBe(CLOSE_CODES.unauthorized);
    }
  });

  it('a revoked token is refused, and the connection using it is closed with 4011', async () => {
    const m = await createMatchOver(started.url, { game: 'st-augustine', players: 2 });
    const token = m.seats[1]!.token;
    const client = await TestClient.connect(started.url, token);
    expect((await client.reply(client.send({ type: 'join', match: m.match }))).type).toBe(
      'welcome',
    );
    const r = await fetch(`${started.url}/tokens/revoke`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(r.status).toBe(204);
    expect((await client.waitClose()).code).toBe(CLOSE_CODES.revoked);
    const again = await TestClient.connect(started.url, token);
    expect(
      ((await again.reply(again.send({ type: 'join', match: m.match }))) as ErrorMessage).code,
    ).toBe('token_revoked');
    const fresh = await started.server.issueSeatToken(m.match, 1);
    const third = await TestClient.connect(started.url, fresh);
    expect((await third.reply(third.send({ type: 'join', match: m.match }))).type).toBe('welcome');
    third.close();
  });

  it('an expired token is refused', async () => {
    // The server's clock is the test's: the token expires when the clock passes its TTL.
    let clock = 1_000_000;
    const short = await startServer({ limits: { tokenTtlMs: 100 }, now: () => clock });
    try {
      const m = await createMatchOver(short.url, { game: 'st-augustine', players: 2 });
      clock += 100;
      const client = await TestClient.connect(short.url, m.seats[0]!.token);
      expect(
        ((await client.reply(client.send({ type: 'join', match: m.match }))) as ErrorMessage).code,
      ).toBe('token_expired');
    } finally {
      await short.stop();
    }
  });
});

describe('seats, duplicates and reconnects', () => {
  it('a second socket for a seat replaces the first, which is told why (4002)', async () => {
    const first = await joined(1);
    const second = await joined(1);
    expect((await first.client.waitClose()).code).toBe(CLOSE_CODES.replaced);
    const seq = second.client.send({ type: 'ping' });
    expect((await second.client.reply(seq)).type).toBe('pong');
    second.client.close();
  });

  it('a resent seq is answered with the earlier result and applied once, also after a reconnect', async () => {
    const m = await createMatchOver(started.url, {
      game: 'st-augustine',
      players: 2,
      options: { trading: 'off' },
    });
    const status = (await (await fetch(`${started.url}/matches/${m.match}`)).json()) as {
      toAct: number[];
    };
    const seat = status.toAct[0]!;
    const token = m.seats[seat]!.token;
    const a = await TestClient.connect(started.url, token);
    const welcome = (await a.reply(a.send({ type: 'join', match: m.match }))) as WelcomeMessage;
    const action = expandLegalActions(welcome.legal)[0];
    const frame = JSON.stringify({ type: 'act', seq: 10, action });
    a.sendRaw(frame);
    a.sendRaw(frame);
    const acks = [
      await a.waitFor(isType('ack')),
      await a.waitFor((x): x is never => x.type === 'ack' && x.duplicate),
    ];
    expect(acks.map((x) => [x.version, x.duplicate])).toEqual([
      [1, false],
      [1, true],
    ]);
    a.close();
    // A new connection (a reconnect) resending seq 10 gets the same ack; nothing is applied again.
    const b = await TestClient.connect(started.url, token);
    const w2 = (await b.reply(
      b.send({ type: 'join', match: m.match, since: 1 }),
    )) as WelcomeMessage;
    expect(w2.version).toBe(1);
    expect(w2.missed).toEqual([]);
    b.sendRaw(frame);
    const dup = await b.waitFor(isType('ack'));
    expect(dup).toMatchObject({ version: 1, duplicate: true, replyTo: 10 });
    // An older seq whose result is unknown is refused.
    const stale = b.send({ type: 'act', seq: 3, action });
    expect(((await b.reply(stale)) as ErrorMessage).code).toBe('stale_seq');
    const final = (await (await fetch(`${started.url}/matches/${m.match}`)).json()) as {
      version: number;
    };
    expect(final.version).toBe(1);
    b.close();
  });

  it('reconnecting with since gets exactly the missed entries and the current view', async () => {
    const m = await createMatchOver(started.url, {
      game: 'st-augustine',
      players: 2,
      options: { trading: 'off' },
    });
    const clients = await Promise.all(
      m.seats.map(async (s) => {
        const c = await TestClient.connect(started.url, s.token);
        const w = (await c.reply(c.send({ type: 'join', match: m.match }))) as WelcomeMessage;
        return { c, w, seat: s.seat };
      }),
    );
    // Seat 1 leaves at version 0; seat 0 and seat 1's replacement play until a few actions are made.
    clients[1]!.c.close();
    const watcher = await TestClient.connect(started.url);
    await watcher.reply(watcher.send({ type: 'spectate', match: m.match }));
    let version = 0;
    const spectatorEntries: unknown[] = [];
    while (version < 6) {
      const s = (await (await fetch(`${started.url}/matches/${m.match}`)).json()) as {
        toAct: number[];
        version: number;
      };
      const seat = s.toAct[0]!;
      // Seat 0 stays connected; seat 1 acts through short-lived connections.
      const actor =
        seat === 0 ? clients[0]!.c : await TestClient.connect(started.url, m.seats[1]!.token);
      const snapshot =
        seat === 0
          ? await actor.waitFor((x): x is WelcomeMessage => 'legal' in x && x.version === s.version)
          : ((await actor.reply(
              actor.send({ type: 'join', match: m.match, since: s.version }),
            )) as WelcomeMessage);
      const before = 0;
      const legal = expandLegalActions(snapshot.legal);
      // A seat's act seqs keep increasing across its connections (a reused seq is a duplicate).
      const r = await actor.reply(
        actor.send({
          type: 'act',
          seq: 100 + s.version,
          action: legal[legal.length - 1],
          version: s.version,
        }),
      );
      expect(r.type).toBe('ack');
      const u = await watcher.waitFor(
        (x): x is UpdateMessage => x.type === 'update' && x.version === s.version + 1,
        5_000,
        before,
      );
      spectatorEntries.push(u.entry);
      version = u.version;
      if (seat !== 0) actor.close();
    }
    const back = await TestClient.connect(started.url, m.seats[1]!.token);
    const w = (await back.reply(
      back.send({ type: 'join', match: m.match, since: 2 }),
    )) as WelcomeMessage;
    expect(w.version).toBe(version);
    expect(w.missed.map((e) => e.seq)).toEqual(
      Array.from({ length: version - 2 }, (_, i) => i + 3),
    );
    expect(w.missed.map((e) => e.action)).toEqual(
      spectatorEntries.slice(2).map((e) => (e as { action: unknown }).action),
    );
    back.close();
    watcher.close();
    clients[0]!.c.close();
  });
});
