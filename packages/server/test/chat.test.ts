import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkChatText,
  createSqliteStorage,
  MAX_CHAT_LENGTH,
  SERVER_ERROR_CODES,
  type ChatLinesMessage,
  type ErrorMessage,
  type GameStorage,
  type ServerMessage,
  type WelcomeMessage,
} from '../src/index.js';
import { expandLegalActions } from '../src/index.js';
import { createMatchOver, startServer, type Started } from './helpers/start-server.js';
import { isType, TestClient } from './helpers/test-client.js';

let started: Started | undefined;
afterEach(async () => {
  await started?.stop();
  started = undefined;
});

const isChat = isType('chat');

/** The server's clock: it moves only when a test moves it (the chat buckets refill on it). */
let clock = 1_800_000_000_000;

async function twoSeats(s: Started, names: readonly string[] = ['Ana', 'Ben']) {
  const m = await createMatchOver(s.url, {
    game: 'st-augustine',
    players: 2,
    options: { trading: 'off' },
  });
  const seats: { client: TestClient; welcome: WelcomeMessage }[] = [];
  for (const seat of [0, 1]) {
    const client = await TestClient.connect(s.url);
    const welcome = (await client.reply(
      client.send({
        type: 'join',
        match: m.match,
        token: m.seats[seat]!.token,
        name: names[seat],
      }),
    )) as WelcomeMessage;
    expect(welcome.type).toBe('welcome');
    seats.push({ client, welcome });
  }
  return { m, a: seats[0]!, b: seats[1]! };
}

/** Sends a chat line and returns the answer to it (the `chat` frame or the `error`). */
async function say(c: TestClient, text: unknown): Promise<ServerMessage> {
  return c.reply(c.send({ type: 'chat', text }));
}

describe('chat in a match', () => {
  it('a seat’s line reaches the other seat and a spectator with seat, name, text, seq and the server’s time; spectators only read', async () => {
    started = await startServer({ now: () => clock });
    const { m, a, b } = await twoSeats(started);
    // A match without chat yet: an empty history.
    expect(a.welcome.chat).toEqual([]);
    const watcher = await TestClient.connect(started.url);
    await watcher.reply(watcher.send({ type: 'spectate', match: m.match }));

    const answer = (await say(a.client, '  hello <b>Ben</b> & “friends” \n')) as ChatLinesMessage;
    const line = { seq: 1, seat: 0, name: 'Ana', text: 'hello <b>Ben</b> & “friends”', at: clock };
    // Plain text: nothing is escaped or interpreted, only trimmed.
    expect(answer).toEqual({ type: 'chat', match: m.match, lines: [line], replyTo: 2 });
    for (const c of [b.client, watcher]) {
      const got = await c.waitFor(isChat);
      expect(got).toEqual({ type: 'chat', match: m.match, lines: [line] });
    }
    clock += 1_000;
    const second = (await say(b.client, 'hi Ana')) as ChatLinesMessage;
    expect(second.lines).toEqual([{ seq: 2, seat: 1, name: 'Ben', text: 'hi Ana', at: clock }]);

    const refused = (await say(watcher, 'can I talk?')) as ErrorMessage;
    expect(refused).toMatchObject({ type: 'error', code: 'spectator_cannot_chat' });
    // Nothing reached the seats from the spectator.
    expect(a.client.messages.filter(isChat).flatMap((c) => c.lines.map((l) => l.seq))).toEqual([
      1, 2,
    ]);

    // Before a join: refused.
    const stranger = await TestClient.connect(started.url);
    expect(await say(stranger, 'hello')).toMatchObject({ type: 'error', code: 'not_joined' });

    // The game goes on beside the chat.
    const toAct = a.welcome.toAct[0]!;
    const actor = toAct === 0 ? a : b;
    const legal = expandLegalActions(actor.welcome.legal);
    expect(
      (await actor.client.reply(actor.client.send({ type: 'act', action: legal[0] }))).type,
    ).toBe('ack');
    for (const c of [a.client, b.client, watcher, stranger]) c.close();
  });

  it.each([
    [
      'a huge line',
      'chat_too_long',
      JSON.stringify({ type: 'chat', seq: 7, text: 'x'.repeat(15_000) }),
    ],
    [
      'one character too many',
      'chat_too_long',
      JSON.stringify({ type: 'chat', seq: 7, text: 'é'.repeat(MAX_CHAT_LENGTH + 1) }),
    ],
    [
      'only spaces and line breaks',
      'chat_empty',
      JSON.stringify({ type: 'chat', seq: 7, text: ' \n\t \r\n ' }),
    ],
    ['an empty line', 'chat_empty', JSON.stringify({ type: 'chat', seq: 7, text: '' })],
    ['a NUL', 'chat_invalid_text', JSON.stringify({ type: 'chat', seq: 7, text: 'a\u0000b' })],
    [
      'an escape sequence',
      'chat_invalid_text',
      JSON.stringify({ type: 'chat', seq: 7, text: '\u001b[31mred' }),
    ],
    [
      'a right-to-left override',
      'chat_invalid_text',
      JSON.stringify({ type: 'chat', seq: 7, text: 'abc\u202Edef' }),
    ],
    ['a lone surrogate', 'chat_invalid_text', '{"type":"chat","seq":7,"text":"a\\ud800b"}'],
    [
      'deep nesting',
      'too_deep',
      `{"type":"chat","seq":7,"text":${'['.repeat(5_000)}${']'.repeat(5_000)}}`,
    ],
    [
      'a text that is an object',
      'malformed_message',
      '{"type":"chat","seq":7,"text":{"toString":"hi"}}',
    ],
    ['a text that is a number', 'malformed_message', '{"type":"chat","seq":7,"text":42}'],
    ['no text', 'malformed_message', '{"type":"chat","seq":7}'],
    ['no seq', 'malformed_message', '{"type":"chat","text":"hi"}'],
  ])('%s is refused with %s (the connection stays, nothing is stored)', async (_, code, frame) => {
    started = await startServer({ now: () => clock });
    const { m, a, b } = await twoSeats(started);
    a.client.sendRaw(frame);
    const error = await a.client.waitFor(isType('error'));
    expect(error.code).toBe(code);
    expect(SERVER_ERROR_CODES).toContain(code);
    expect(error.message.length).toBeLessThan(300);
    // The refusal names the refused message when it had a readable seq.
    expect(error.replyTo).toBe(frame.includes('"seq":7') && code !== 'too_deep' ? 7 : null);
    // The connection still works, and the next line is line 1: nothing was stored.
    const next = (await say(a.client, 'still here')) as ChatLinesMessage;
    expect(next.lines.map((l) => [l.seq, l.text])).toEqual([[1, 'still here']]);
    expect(await started.storage.listChat?.(m.match, 0, 10)).toEqual(next.lines);
    // The other seat was sent that one line and nothing else.
    await b.client.waitFor(isChat);
    expect(b.client.messages.filter(isChat).flatMap((c) => c.lines)).toEqual(next.lines);
    a.client.close();
    b.client.close();
  });

  it('prototype names are plain data: extra keys are ignored, such texts are stored as text', async () => {
    started = await startServer({ now: () => clock });
    const { m, a, b } = await twoSeats(started, ['__proto__', 'constructor']);
    a.client.sendRaw(
      '{"type":"chat","seq":9,"text":"__proto__","__proto__":{"seat":1,"name":"x"},"seat":1,"constructor":{"prototype":{"polluted":true}}}',
    );
    const got = await a.client.waitFor(isChat);
    expect(got).toEqual({
      type: 'chat',
      match: m.match,
      lines: [{ seq: 1, seat: 0, name: '__proto__', text: '__proto__', at: clock }],
      replyTo: 9,
    });
    const other = (await say(b.client, 'constructor')) as ChatLinesMessage;
    expect(other.lines[0]).toMatchObject({ seat: 1, name: 'constructor', text: 'constructor' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    a.client.close();
    b.client.close();
  });

  it('a flood is rate limited per seat with chat_rate_limited: every accepted line is stored and sent once, in order, and the seat may talk again later', async () => {
    started = await startServer({
      now: () => clock,
      limits: { chatLinesPerMinute: 20, chatBurst: 5 },
    });
    const { m, a, b } = await twoSeats(started);
    const seqs = Array.from({ length: 30 }, (_, i) =>
      a.client.send({ type: 'chat', text: `line ${String(i + 1)}` }),
    );
    const answers = await Promise.all(seqs.map((s) => a.client.reply(s)));
    const accepted = answers.filter(isChat);
    const refused = answers.filter(isType('error'));
    expect(accepted.flatMap((c) => c.lines.map((l) => l.text))).toEqual([
      'line 1',
      'line 2',
      'line 3',
      'line 4',
      'line 5',
    ]);
    expect(refused).toHaveLength(25);
    for (const r of refused) expect(r.code).toBe('chat_rate_limited');
    // The connection stays open; the game still answers.
    expect((await a.client.reply(a.client.send({ type: 'ping' }))).type).toBe('pong');
    // A new connection of the same seat does not get a new bucket.
    const a2 = await TestClient.connect(started.url);
    const w2 = (await a2.reply(
      a2.send({ type: 'join', match: m.match, token: m.seats[0]!.token }),
    )) as WelcomeMessage;
    expect(w2.chat?.map((l) => l.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(await say(a2, 'from a new connection')).toMatchObject({ code: 'chat_rate_limited' });
    // The other seat has its own bucket.
    expect((await say(b.client, 'my turn to talk')).type).toBe('chat');
    // 3 s later (20 a minute) one more line is let through.
    clock += 3_000;
    const later = (await say(a2, 'later')) as ChatLinesMessage;
    expect(later.lines.map((l) => [l.seq, l.text])).toEqual([[7, 'later']]);
    // The other seat saw every stored line once, in seq order.
    await b.client.waitFor(
      (x): x is ChatLinesMessage => isChat(x) && x.lines.some((l) => l.seq === 7),
    );
    expect(b.client.messages.filter(isChat).flatMap((c) => c.lines.map((l) => l.seq))).toEqual([
      1, 2, 3, 4, 5, 6, 7,
    ]);
    expect((await started.storage.listChat?.(m.match, 0, 100))?.map((l) => l.seq)).toEqual([
      1, 2, 3, 4, 5, 6, 7,
    ]);
    for (const c of [a.client, b.client, a2]) c.close();
  });

  it('a rejoining client gets the kept lines in its welcome (only the ones after chatSince), bounded to chatLinesKept; they survive a server restart', async () => {
    const first = await startServer({
      now: () => clock,
      limits: { chatLinesKept: 4, chatBurst: 100 },
    });
    const file = join(first.dir, 'matches.sqlite');
    const { m, a, b } = await twoSeats(first);
    for (let i = 1; i <= 6; i++) await say(i % 2 === 0 ? b.client : a.client, `n${String(i)}`);
    const rejoin = await TestClient.connect(first.url);
    const all = (await rejoin.reply(
      rejoin.send({ type: 'join', match: m.match, token: m.seats[0]!.token }),
    )) as WelcomeMessage;
    // Only the newest 4 are kept.
    expect(all.chat?.map((l) => [l.seq, l.seat, l.text])).toEqual([
      [3, 0, 'n3'],
      [4, 1, 'n4'],
      [5, 0, 'n5'],
      [6, 1, 'n6'],
    ]);
    rejoin.close();
    const since = await TestClient.connect(first.url);
    const after5 = (await since.reply(
      since.send({ type: 'spectate', match: m.match, chatSince: 5 }),
    )) as WelcomeMessage;
    expect(after5.chat?.map((l) => l.seq)).toEqual([6]);
    for (const c of [a.client, b.client, since]) c.close();
    // The same file under a new server process: the chat is stored with the match.
    await first.server.close();
    started = await startServer({
      now: () => clock,
      storage: createSqliteStorage({ file }),
    });
    const back = await TestClient.connect(started.url);
    const w = (await back.reply(
      back.send({ type: 'join', match: m.match, token: m.seats[1]!.token }),
    )) as WelcomeMessage;
    expect(w.chat).toEqual(all.chat);
    const next = (await say(back, 'after the restart')) as ChatLinesMessage;
    expect(next.lines.map((l) => [l.seq, l.name])).toEqual([[7, 'Ben']]);
    back.close();
  });
});

describe('a storage without chat', () => {
  it('answers chat_unavailable and welcomes carry no chat; the game is unaffected', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ruleloom-no-chat-'));
    const full = createSqliteStorage({ file: join(dir, 'matches.sqlite') });
    // A custom GameStorage written before chat: everything but appendChat and listChat.
    const storage = Object.fromEntries(
      Object.entries(full).filter(([key]) => key !== 'appendChat' && key !== 'listChat'),
    ) as unknown as GameStorage;
    started = await startServer({ now: () => clock, storage });
    try {
      const { a, b } = await twoSeats(started);
      expect(a.welcome.chat).toBeUndefined();
      expect(await say(a.client, 'hello')).toMatchObject({
        type: 'error',
        code: 'chat_unavailable',
      });
      expect((await a.client.reply(a.client.send({ type: 'ping' }))).type).toBe('pong');
      a.client.close();
      b.client.close();
    } finally {
      await started.stop();
      started = undefined;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('checkChatText', () => {
  it('turns tabs and line breaks into spaces, normalizes to NFC, trims, counts code points', () => {
    expect(checkChatText('a\tb\r\nc\nd')).toEqual({ ok: true, text: 'a b c d' });
    expect(checkChatText('e\u0301')).toEqual({ ok: true, text: 'é' });
    // Emoji (surrogate pairs, joiners, subdivision-flag tags) count as what they are.
    const family = '👨‍👩‍👧';
    expect(checkChatText(family)).toEqual({ ok: true, text: family });
    expect(checkChatText('🏴󠁧󠁢󠁳󠁣󠁴󠁿')).toMatchObject({ ok: true });
    expect(checkChatText('😀'.repeat(MAX_CHAT_LENGTH))).toMatchObject({ ok: true });
    expect(checkChatText('😀'.repeat(MAX_CHAT_LENGTH + 1))).toMatchObject({
      code: 'chat_too_long',
    });
    expect(checkChatText('zero\u200Bwidth')).toMatchObject({ code: 'chat_invalid_text' });
    expect(checkChatText(null)).toMatchObject({ code: 'chat_invalid_text' });
  });
});
