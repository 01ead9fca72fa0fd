import { describe, expect, it } from 'vitest';
import {
  createGameServer,
  createPostgresStorage,
  type ChatLinesMessage,
  type WelcomeMessage,
} from '../src/index.js';
import { describeChatStorageSuite } from './helpers/chat-storage-suite.js';
import { postgresAvailable, startTwoInstances, usePostgres } from './helpers/postgres-cluster.js';
import { createMatchOver, HOSTED_GAMES, SECRET } from './helpers/start-server.js';
import { isType, TestClient } from './helpers/test-client.js';

const postgres = usePostgres('chat');
const isChat = isType('chat');

/** The seqs of every chat line a client was sent, in the order it got them. */
function seqsSeen(c: TestClient): number[] {
  return c.messages.filter(isChat).flatMap((m) => m.lines.map((l) => l.seq));
}

describe.skipIf(!postgresAvailable)('PostgreSQL (a throwaway cluster on loopback)', () => {
  describeChatStorageSuite(
    'PostgreSQL (pg)',
    () => Promise.resolve(createPostgresStorage({ connection: postgres.url, poolSize: 4 })),
    { handles: 2 },
  );
});

describe.skipIf(!postgresAvailable)('chat across two server processes on one PostgreSQL', () => {
  it('lines said through either instance reach every connection of the match once, in seq order, and a new instance’s welcome carries them', async () => {
    const db = postgres.createDatabase('chat_two');
    const pair = await startTwoInstances(db);
    try {
      const m = await createMatchOver(pair.urlA, {
        game: 'st-augustine',
        players: 2,
        options: { trading: 'off' },
      });
      const ana = await TestClient.connect(pair.urlA);
      await ana.reply(
        ana.send({ type: 'join', match: m.match, token: m.seats[0]!.token, name: 'Ana' }),
      );
      const ben = await TestClient.connect(pair.urlB);
      await ben.reply(
        ben.send({ type: 'join', match: m.match, token: m.seats[1]!.token, name: 'Ben' }),
      );
      const watcher = await TestClient.connect(pair.urlB);
      await watcher.reply(watcher.send({ type: 'spectate', match: m.match }));

      const first = (await ana.reply(
        ana.send({ type: 'chat', text: 'hi from A' }),
      )) as ChatLinesMessage;
      expect(first.lines).toMatchObject([{ seq: 1, seat: 0, name: 'Ana', text: 'hi from A' }]);
      for (const c of [ben, watcher]) {
        const got = await c.waitFor(isChat);
        expect(got.lines).toEqual(first.lines);
      }
      // Both seats at once, through both instances (Ana has 4 lines of her burst of 5 left).
      const sent = await Promise.all([
        ...Array.from({ length: 4 }, (_, i) =>
          ana.reply(ana.send({ type: 'chat', text: `a${String(i)}` })),
        ),
        ...Array.from({ length: 5 }, (_, i) =>
          ben.reply(ben.send({ type: 'chat', text: `b${String(i)}` })),
        ),
      ]);
      // Each answer (the frame with replyTo) ends with the sender's own line.
      expect(
        sent.map((x) => (x.type === 'chat' ? [x.lines.at(-1)?.seat, x.lines.at(-1)?.text] : x)),
      ).toEqual([
        ...Array.from({ length: 4 }, (_, i) => [0, `a${String(i)}`]),
        ...Array.from({ length: 5 }, (_, i) => [1, `b${String(i)}`]),
      ]);
      const hasAll =
        (c: TestClient) =>
        (x: unknown): x is ChatLinesMessage =>
          isChat(x as never) && seqsSeen(c).length >= 10;
      for (const c of [ana, ben, watcher]) {
        await c.waitFor(hasAll(c));
        // Every line once, in seq order, on either instance.
        expect(seqsSeen(c)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
      }
      const texts = (c: TestClient) =>
        c.messages.filter(isChat).flatMap((x) => x.lines.map((l) => l.text));
      expect(texts(ana)).toEqual(texts(watcher));

      // A third process (as after a restart) has the history from the database.
      const c3 = await createGameServer({
        games: HOSTED_GAMES,
        secret: SECRET,
        storage: createPostgresStorage({ connection: db, poolSize: 2 }),
      });
      try {
        const url = await c3.listen();
        const back = await TestClient.connect(url);
        const w = (await back.reply(
          back.send({ type: 'join', match: m.match, token: m.seats[0]!.token }),
        )) as WelcomeMessage;
        expect(w.chat?.map((l) => l.text)).toEqual(texts(ana));
        const since = await TestClient.connect(url);
        const w2 = (await since.reply(
          since.send({ type: 'spectate', match: m.match, chatSince: 9 }),
        )) as WelcomeMessage;
        expect(w2.chat?.map((l) => l.seq)).toEqual([10]);
        for (const c of [back, since]) c.close();
      } finally {
        await c3.close();
      }
      for (const c of [ana, ben, watcher]) c.close();
    } finally {
      await pair.close();
    }
  });
});
