import { expandLegalActions } from '../src/index.js';
import { describe, expect, it } from 'vitest';
import { createPostgresStorage, type UpdateMessage, type WelcomeMessage } from '../src/index.js';
import { playSeat } from './helpers/play-seat.js';
import { createMatchOver } from './helpers/start-server.js';
import { isType, TestClient } from './helpers/test-client.js';
import {
  postgresAvailable,
  startTwoInstances,
  storedRows,
  usePostgres,
} from './helpers/postgres-cluster.js';
import { describeStorageSuite } from './helpers/storage-suite.js';

const postgres = usePostgres('suite');

describe.skipIf(!postgresAvailable)('PostgreSQL (a throwaway cluster on loopback)', () => {
  describeStorageSuite(
    'PostgreSQL (pg)',
    () => Promise.resolve(createPostgresStorage({ connection: postgres.url, poolSize: 4 })),
    { handles: 2 },
  );
});

describe.skipIf(!postgresAvailable)('two server processes on one PostgreSQL', () => {
  it('a client on instance A sees, in order, the actions sent through instance B; bots run on both without double moves', async () => {
    const db = postgres.createDatabase('two');
    const pair = await startTwoInstances(db);
    const { urlA, urlB } = pair;
    try {
      const m = await createMatchOver(urlA, {
        game: 'st-augustine',
        players: 3,
        options: { turns: 3, trading: 'off' },
        bots: [{ seat: 2, bot: 'random' }],
      });
      const watchA = await TestClient.connect(urlA);
      const watchB = await TestClient.connect(urlB);
      const wa = (await watchA.reply(
        watchA.send({ type: 'spectate', match: m.match }),
      )) as WelcomeMessage;
      const wb = (await watchB.reply(
        watchB.send({ type: 'spectate', match: m.match }),
      )) as WelcomeMessage;
      const runs = await Promise.all([
        playSeat(urlA, m.match, m.seats[0]!.token),
        playSeat(urlB, m.match, m.seats[1]!.token),
      ]);
      const endA = await watchA.waitFor(
        (x): x is UpdateMessage => x.type === 'update' && x.isOver,
        20_000,
      );
      const endB = await watchB.waitFor(
        (x): x is UpdateMessage => x.type === 'update' && x.isOver,
        20_000,
      );
      for (const [w, welcome, end] of [
        [watchA, wa, endA],
        [watchB, wb, endB],
      ] as const) {
        const updates = w.messages.filter(isType('update'));
        expect(updates.map((u) => u.version)).toEqual(
          Array.from({ length: end.version - welcome.version }, (_, i) => welcome.version + i + 1),
        );
      }
      expect(watchA.messages.filter(isType('update')).map((u) => u.entry)).toEqual(
        watchB.messages.filter(isType('update')).map((u) => u.entry),
      );
      expect(endA.result).toEqual(endB.result);
      expect(runs[0].final.result).toEqual(endA.result);
      const rows = await storedRows(db, m.match);
      expect(rows.map((r) => r.version)).toEqual(
        Array.from({ length: endA.version }, (_, i) => i + 1),
      );
      for (const c of [watchA, watchB, runs[0].client, runs[1].client]) c.close();
    } finally {
      await pair.close();
    }
  });

  it('the same seat acting through both instances at one version: exactly one action is applied', async () => {
    const db = postgres.createDatabase('race');
    const pair = await startTwoInstances(db);
    const { urlA, urlB } = pair;
    try {
      for (let round = 0; round < 5; round++) {
        const m = await createMatchOver(urlA, {
          game: 'st-augustine',
          players: 2,
          options: { trading: 'off' },
        });
        const s = (await (await fetch(`${urlA}/matches/${m.match}`)).json()) as { toAct: number[] };
        const token = m.seats[s.toAct[0]!]!.token;
        const ca = await TestClient.connect(urlA, token);
        const cb = await TestClient.connect(urlB, token);
        const w = (await ca.reply(ca.send({ type: 'join', match: m.match }))) as WelcomeMessage;
        await cb.reply(cb.send({ type: 'join', match: m.match }));
        const legal = expandLegalActions(w.legal);
        const [ra, rb] = await Promise.all([
          ca.reply(ca.send({ type: 'act', seq: 10, action: legal[0] })),
          cb.reply(cb.send({ type: 'act', seq: 11, action: legal[legal.length - 1] })),
        ]);
        expect([ra.type, rb.type].filter((t) => t === 'ack')).toHaveLength(1);
        const rows = await storedRows(db, m.match);
        expect(rows.filter((r) => r.seat === s.toAct[0]).length).toBeGreaterThanOrEqual(1);
        expect(rows[0]!.clientSeq).toBe(ra.type === 'ack' ? 10 : 11);
        ca.close();
        cb.close();
      }
    } finally {
      await pair.close();
    }
  });
});
