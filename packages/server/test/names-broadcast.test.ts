import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NamesMessage, ServerMessage, WelcomeMessage } from '../src/index.js';
import { post, startServer, type Started } from './helpers/start-server.js';
import { isType, TestClient } from './helpers/test-client.js';

const isNames = (m: ServerMessage): m is NamesMessage => m.type === 'names';

describe('a name given at join reaches the other connections at once', () => {
  let s: Started;
  beforeAll(async () => {
    s = await startServer();
  });
  afterAll(() => s.stop());

  it('seat A and a spectator receive seat B’s name without any action played', async () => {
    const created = await post(s.url, '/matches', {
      game: 'st-augustine',
      players: 3,
      options: { turns: 2, trading: 'off' },
      names: ['Ana'],
    });
    expect(created.status).toBe(201);
    const id = created.body.match as string;
    const tokens = created.body.seats as { seat: number; token: string }[];

    const a = await TestClient.connect(s.url);
    const aw = (await a.reply(
      a.send({ type: 'join', match: id, token: tokens[0]!.token }),
    )) as WelcomeMessage;
    expect(aw.names).toEqual(['Ana', null, null]);
    const watcher = await TestClient.connect(s.url);
    await watcher.reply(watcher.send({ type: 'spectate', match: id }));

    const b = await TestClient.connect(s.url);
    const bw = (await b.reply(
      b.send({ type: 'join', match: id, token: tokens[1]!.token, name: ' Béla ' }),
    )) as WelcomeMessage;
    expect(bw.type).toBe('welcome');
    expect(bw.names).toEqual(['Ana', 'Béla', null]);

    for (const c of [a, watcher]) {
      const got = await c.waitFor(isNames, 5_000);
      expect(got).toEqual({ type: 'names', match: id, names: ['Ana', 'Béla', null] });
      // Nothing was played: no update reached anyone.
      expect(c.messages.some(isType('update'))).toBe(false);
    }
    // The joiner learns the names from its welcome, not from a second message.
    expect(b.messages.some(isNames)).toBe(false);

    // Joining again under the same name sends nothing more; a new name is sent again.
    b.close();
    await b.waitClose();
    const b2 = await TestClient.connect(s.url);
    await b2.reply(b2.send({ type: 'join', match: id, token: tokens[1]!.token, name: 'Béla' }));
    const c2 = await TestClient.connect(s.url);
    await c2.reply(c2.send({ type: 'join', match: id, token: tokens[2]!.token, name: 'Chen' }));
    const next = await a.waitFor(
      (m): m is NamesMessage => isNames(m) && m.names[2] === 'Chen',
      5_000,
    );
    expect(next.names).toEqual(['Ana', 'Béla', 'Chen']);
    expect(a.messages.filter(isNames)).toHaveLength(2);
    expect(b2.messages.filter(isNames).map((m) => m.names)).toEqual([['Ana', 'Béla', 'Chen']]);
    for (const c of [a, watcher, b2, c2]) c.close();
  });
});
