import { stAugustine } from '@ruleloom/st-augustine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, MAX_CHAT_LENGTH, type RulesClient } from '../src/index.js';
import { waitForSnapshot } from './helpers/play-client.js';
import { createMatchOn, startRealServer, type RealServer } from './helpers/real-server.js';
import {
  newRecorder,
  recordingWebSocket,
  type Recorder,
  type SendGate,
} from './helpers/recording-web-socket.js';

let real: RealServer;
beforeAll(async () => {
  real = await startRealServer();
});
afterAll(async () => {
  await real.stop();
});

function connect(
  match: string,
  token: string | undefined,
  name: string | undefined,
  recorder: Recorder = newRecorder(),
  gate?: SendGate,
): RulesClient {
  return createClient({
    type: 'remote',
    url: real.url,
    match,
    ...(token === undefined ? {} : { token }),
    ...(name === undefined ? {} : { name }),
    WebSocket: recordingWebSocket(recorder, gate),
    backoff: { initialMs: 20, maxMs: 100 },
  });
}

const sentTypes = (r: Recorder) => r.sent.map((t) => (JSON.parse(t) as { type: string }).type);

describe('chat in the client snapshot', () => {
  it('a seat’s line reaches the other seat’s and a spectator’s snapshot; refusals are values, checked before sending where the client can', async () => {
    const created = await createMatchOn(real.url, {
      game: 'st-augustine',
      players: 2,
      options: { turns: 2, trading: 'off' },
    });
    const ra = newRecorder();
    const ana = connect(created.match, created.seats[0]!.token, 'Ana', ra);
    const ben = connect(created.match, created.seats[1]!.token, 'Ben');
    const rw = newRecorder();
    const watcher = connect(created.match, undefined, undefined, rw);
    try {
      for (const c of [ana, ben, watcher]) await waitForSnapshot(c, (s) => s.status === 'open');
      expect(ana.getSnapshot().chat).toEqual([]);
      const said = await ana.sendChat('  hello <b>Ben</b>\n');
      expect(said).toMatchObject({
        ok: true,
        line: { seq: 1, seat: 0, name: 'Ana', text: 'hello <b>Ben</b>' },
      });
      if (!said.ok) return;
      // The sender holds its line once the promise resolves; the others as it arrives.
      expect(ana.getSnapshot().chat).toEqual([said.line]);
      for (const c of [ben, watcher]) {
        const s = await waitForSnapshot(c, (x) => x.chat.length === 1);
        expect(s.chat).toEqual([said.line]);
      }
      const reply = await ben.sendChat('hi Ana');
      expect(reply).toMatchObject({ ok: true, line: { seq: 2, seat: 1, name: 'Ben' } });
      await waitForSnapshot(ana, (s) => s.chat.length === 2);

      // Checked here: no frame goes out.
      const before = ra.sent.length;
      expect(await ana.sendChat(' \n ')).toMatchObject({
        ok: false,
        error: { code: 'chat_empty' },
      });
      expect(await ana.sendChat('x'.repeat(MAX_CHAT_LENGTH + 1))).toMatchObject({
        ok: false,
        error: { code: 'chat_too_long' },
      });
      expect(await ana.sendChat('bell\u0007')).toMatchObject({
        ok: false,
        error: { code: 'chat_invalid_text' },
      });
      expect(ra.sent.length).toBe(before);
      // Refused by the server: a spectator reads only.
      expect(await watcher.sendChat('may I?')).toMatchObject({
        ok: false,
        error: { code: 'spectator_cannot_chat' },
      });
      expect(sentTypes(rw)).toContain('chat');
      // A chat refusal is not the game's rejection.
      expect(watcher.getSnapshot().lastRejection).toBeNull();
      expect(ana.getSnapshot().chat.map((l) => l.text)).toEqual(['hello <b>Ben</b>', 'hi Ana']);
      expect(ana.getSnapshot().invalidMessages).toBe(0);
    } finally {
      for (const c of [ana, ben, watcher]) c.close();
    }
    expect(await ana.sendChat('after close')).toMatchObject({
      ok: false,
      error: { code: 'closed_by_client' },
    });
  });

  it('a seat that lost its connection gets the lines said meanwhile from its rejoin’s welcome, each once (it asks only for the lines after its newest)', async () => {
    const created = await createMatchOn(real.url, {
      game: 'st-augustine',
      players: 2,
      options: { turns: 2, trading: 'off' },
    });
    const ana = connect(created.match, created.seats[0]!.token, 'Ana');
    let spoken: (() => void) | undefined;
    const meanwhile = new Promise<void>((resolve) => (spoken = resolve));
    const rb = newRecorder();
    // Ben's second join waits until Ana has spoken while he was away.
    const ben = connect(created.match, created.seats[1]!.token, 'Ben', rb, (data, socket) =>
      socket > 0 && (JSON.parse(data) as { type: string }).type === 'join' ? meanwhile : undefined,
    );
    try {
      await waitForSnapshot(ana, (s) => s.status === 'open');
      await waitForSnapshot(ben, (s) => s.status === 'open');
      await ana.sendChat('one');
      await waitForSnapshot(ben, (s) => s.chat.length === 1);
      rb.sockets[0]!.terminate();
      await waitForSnapshot(ben, (s) => s.status === 'reconnecting');
      // While disconnected, Ben's own line is refused as a value.
      expect(await ben.sendChat('anyone?')).toMatchObject({
        ok: false,
        error: { code: 'not_connected' },
      });
      expect((await ana.sendChat('two')).ok).toBe(true);
      expect((await ana.sendChat('three')).ok).toBe(true);
      spoken!();
      const s = await waitForSnapshot(ben, (x) => x.status === 'open' && x.chat.length === 3);
      expect(s.chat.map((l) => [l.seq, l.text])).toEqual([
        [1, 'one'],
        [2, 'two'],
        [3, 'three'],
      ]);
      const joins = rb.sent
        .map((t) => JSON.parse(t) as { type: string; chatSince?: number })
        .filter((m) => m.type === 'join');
      expect(joins[0]!.chatSince).toBeUndefined();
      expect(joins[1]!.chatSince).toBe(1);
      const welcome = rb.frames
        .map((t) => JSON.parse(t) as { type: string; chat?: { seq: number }[] })
        .filter((m) => m.type === 'welcome');
      expect(welcome[1]!.chat?.map((l) => l.seq)).toEqual([2, 3]);
    } finally {
      ana.close();
      ben.close();
    }
  });

  it('a local match has no chat: an empty list and chat_unavailable', async () => {
    const local = createClient({
      type: 'local',
      game: stAugustine,
      setup: { seed: 'chat', players: 2, options: { turns: 1 } },
    });
    try {
      expect(local.getSnapshot().chat).toEqual([]);
      expect(await local.sendChat('hello')).toEqual({
        ok: false,
        error: { code: 'chat_unavailable', message: 'a local match has no chat' },
      });
    } finally {
      local.close();
    }
  });
});
