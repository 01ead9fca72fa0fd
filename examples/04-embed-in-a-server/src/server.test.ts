import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { restoreMatch, Rng } from '@ruleloom/core';
import { asStAugustineView, stAugustine } from '@ruleloom/st-augustine';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createRemoteMatch, playSeat, type Chooser } from './client.js';
import type { ServerMessage, UpdateMessage } from './protocol.js';
import { startGameServer, type GameServer } from './server.js';
import { SaveStore } from './store.js';

const ALL_CARDS = new Set(
  stAugustine.cards.flatMap((c) =>
    c.copies === undefined
      ? [c.id]
      : Array.from({ length: c.copies }, (_, i) => `${c.id}#${String(i + 1)}`),
  ),
);
const SECRET_KEYS = new Set(['deck', 'rng', 'seed', 'deckOrder', 'state']);

/** Every object key and every card id a message mentions. */
function scan(node: unknown, keys: Set<string>, cards: Set<string>): void {
  if (typeof node === 'string') {
    if (ALL_CARDS.has(node)) cards.add(node);
  } else if (Array.isArray(node)) {
    for (const x of node) scan(x, keys, cards);
  } else if (typeof node === 'object' && node !== null) {
    for (const [k, v] of Object.entries(node)) {
      keys.add(k);
      scan(v, keys, cards);
    }
  }
}

/** Cards a St. Augustine view shows face up. */
function faceUp(update: UpdateMessage): string[] {
  const view = asStAugustineView(update.view);
  return [
    ...(view.flipped === null ? [] : [view.flipped]),
    ...view.discard,
    ...view.players.flatMap((p) => p.shops),
  ];
}

/** Half the time pass, else any legal action: seeded, so every run plays the same game. */
function randomChooser(seed: string): Chooser {
  const rng = Rng.fromSeed(seed);
  return (update) => {
    const pass = update.legalActions.find((a) => (a as { type?: unknown }).type === 'pass');
    return pass !== undefined && rng.chance(0.5) ? pass : rng.pick(update.legalActions);
  };
}

/** A raw socket for one seat with a queue of received messages. */
async function connect(server: GameServer, matchId: string, token: string) {
  const socket = new WebSocket(
    `${server.url.replace('http', 'ws')}/matches/${matchId}/play?token=${token}`,
  );
  const queue: ServerMessage[] = [];
  const waiting: ((m: ServerMessage) => void)[] = [];
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString('utf8')) as ServerMessage;
    const w = waiting.shift();
    if (w) w(message);
    else queue.push(message);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    socket,
    next: (): Promise<ServerMessage> => {
      const m = queue.shift();
      if (m) return Promise.resolve(m);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no message within 5 s')), 5_000);
        waiting.push((msg) => {
          clearTimeout(timer);
          resolve(msg);
        });
      });
    },
    send: (value: unknown) =>
      socket.send(typeof value === 'string' ? value : JSON.stringify(value)),
  };
}

describe('the game server', () => {
  let dir: string;
  let database: string;
  let server: GameServer;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ruleloom-server-test-'));
    database = join(dir, 'saves.db');
    server = await startGameServer({ database, newSeed: () => 42 });
  });
  afterEach(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('plays a whole match over WebSockets without leaking hidden cards, and stores a save that restores', async () => {
    const created = await createRemoteMatch(server.url, {
      game: 'st-augustine',
      players: 2,
      options: { turns: 4, trading: 'off' },
    });
    const limits = { timeoutMs: 15_000, maxMessages: 2_000 };
    const records = await Promise.all(
      created.seats.map(({ seat, token }) =>
        playSeat(server.url, created.id, token, randomChooser(`seat-${String(seat)}`), limits),
      ),
    );

    const match = server.hosted(created.id);
    expect(match?.isOver).toBe(true);
    for (const record of records) {
      expect(record.result).toEqual(match?.result);
      expect(record.actionsSent).toBeGreaterThan(0);
      // Cards a client has been shown face up so far; anything else it mentions is a leak.
      const shown = new Set<string>();
      for (const text of record.received) {
        const message = JSON.parse(text) as ServerMessage;
        expect(message.type).toBe('update');
        if (message.type !== 'update') continue;
        expect(message.seat).toBe(record.seat);
        const keys = new Set<string>();
        const cards = new Set<string>();
        scan(message, keys, cards);
        expect([...keys].filter((k) => SECRET_KEYS.has(k))).toEqual([]);
        expect(typeof message.view.deckSize).toBe('number');
        for (const id of faceUp(message)) shown.add(id);
        expect([...cards].filter((id) => !shown.has(id))).toEqual([]);
      }
    }
    // The final deck, which no client may have seen, appears in no message.
    const deck = (match?.state.game as { deck: string[] }).deck;
    expect(deck.length).toBeGreaterThan(0);
    const everything = records.flatMap((r) => r.received).join('\n');
    for (const id of deck) expect(everything).not.toContain(`"${id}"`);

    const store = new SaveStore(database);
    const stored = store.get(created.id);
    store.close();
    expect(stored?.over).toBe(true);
    const restored = restoreMatch(stAugustine, stored?.save);
    expect(restored.ok && restored.match.hash()).toBe(match?.hash());
    const served = await fetch(`${server.url}/matches/${created.id}/save`);
    expect(((await served.json()) as { hash: string }).hash).toBe(match?.hash());
  }, 20_000);

  it('refuses bad setups, out-of-turn and malformed actions, and unknown tokens', async () => {
    const bad = await fetch(`${server.url}/matches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ game: 'st-augustine', players: 2, options: { turns: 0, trade: 1 } }),
    });
    expect(bad.status).toBe(400);
    const { errors } = (await bad.json()) as { errors: { path: string }[] };
    expect(errors.map((e) => e.path).sort()).toEqual(['options.trade', 'options.turns']);

    const created = await createRemoteMatch(server.url, { game: 'st-augustine', players: 2 });
    const [a, b] = await Promise.all(
      created.seats.map((s) => connect(server, created.id, s.token)),
    );
    const first = (await a!.next()) as UpdateMessage;
    await b!.next();
    const hash = server.hosted(created.id)?.hash();
    const [toAct] = first.toAct;
    const actor = toAct === 0 ? a! : b!;
    const waiter = toAct === 0 ? b! : a!;

    waiter.send({ type: 'action', action: { type: 'bid', amount: 5_000 } });
    expect(await waiter.next()).toMatchObject({
      type: 'rejected',
      error: { code: 'not_your_turn' },
    });
    actor.send('not json');
    expect(await actor.next()).toMatchObject({ error: { code: 'malformed_message' } });
    actor.send({ type: 'action', action: { type: 'bid', amount: 'lots' } });
    expect(await actor.next()).toMatchObject({ error: { code: 'malformed_action' } });
    expect(server.hosted(created.id)?.hash()).toBe(hash);

    // The save of a running match holds the seed: it is not served.
    expect((await fetch(`${server.url}/matches/${created.id}/save`)).status).toBe(409);
    const spectator = (await (await fetch(`${server.url}/matches/${created.id}`)).json()) as Record<
      string,
      unknown
    >;
    expect(Object.keys(spectator.view as object)).not.toContain('deck');

    const intruder = new WebSocket(
      `${server.url.replace('http', 'ws')}/matches/${created.id}/play?token=guess`,
    );
    const code = await new Promise<number>((resolve) => intruder.on('close', (c) => resolve(c)));
    expect(code).toBe(1008);
    a!.socket.close();
    b!.socket.close();
  });

  it('resumes an unfinished match from SQLite after a restart', async () => {
    const created = await createRemoteMatch(server.url, { game: 'st-augustine', players: 2 });
    const seats = await Promise.all(created.seats.map((s) => connect(server, created.id, s.token)));
    const [first] = (await Promise.all(seats.map((s) => s.next()))) as UpdateMessage[];
    const actor = seats[first!.toAct[0]!]!;
    actor.send({ type: 'action', action: { type: 'pass' } });
    // Every connected seat gets an update after an accepted action.
    const after = (await seats[0]!.next()) as UpdateMessage;
    expect(after.entry?.action).toEqual({ type: 'pass' });
    const hash = server.hosted(created.id)?.hash();
    await server.close();

    server = await startGameServer({ database });
    expect(server.hosted(created.id)?.hash()).toBe(hash);
    const again = await connect(server, created.id, created.seats[0]!.token);
    const resumed = (await again.next()) as UpdateMessage;
    expect(resumed.view).toEqual(after.view);
    expect(resumed.legalActions).toEqual(after.legalActions);
    again.socket.close();
  });
});
