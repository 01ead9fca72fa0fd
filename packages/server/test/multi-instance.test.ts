import { expandLegalActions } from '../src/index.js';
import { describe, expect, it } from 'vitest';
import {
  CLOSE_CODES,
  createPostgresStorage,
  type MatchSnapshot,
  type ServerMessage,
  type UpdateMessage,
  type WelcomeMessage,
} from '../src/index.js';
import {
  postgresAvailable,
  startTwoInstances,
  storedRows,
  usePostgres,
  type TwoInstances,
} from './helpers/postgres-cluster.js';
import { createMatchOver, post } from './helpers/start-server.js';
import { TestClient } from './helpers/test-client.js';

const postgres = usePostgres();

async function twoInstances(name: string): Promise<TwoInstances> {
  return startTwoInstances(postgres.createDatabase(name));
}

/** The newest snapshot a client got at `version` (waits for it). */
async function snapshotAt(c: TestClient, version: number): Promise<MatchSnapshot> {
  return c.waitFor(
    (m): m is WelcomeMessage | UpdateMessage =>
      (m.type === 'welcome' || m.type === 'update') && m.version === version,
    15_000,
  );
}

function isAck(m: ServerMessage): m is Extract<ServerMessage, { type: 'ack' }> {
  return m.type === 'ack';
}

describe.skipIf(!postgresAvailable)('two server instances on one real PostgreSQL', () => {
  it('resends of one act through both instances are applied once; two acts at one version: one applied, the other version_conflict/stale_version with nothing applied', async () => {
    const pair = await twoInstances('races');
    const clients: TestClient[] = [];
    try {
      const acked = new Map<number, { seq: number; seat: number }>();
      let races = 0;
      let conflicts = 0;
      for (let game = 0; game < 2; game++) {
        const m = await createMatchOver(pair.urlA, {
          game: game === 0 ? 'st-augustine' : 'colonial-florida',
          players: 2,
          options: game === 0 ? { trading: 'off' } : {},
        });
        // Each seat is joined through both instances (a client that moved to another one).
        const onA: TestClient[] = [];
        const onB: TestClient[] = [];
        for (const s of m.seats) {
          const ca = await TestClient.connect(pair.urlA);
          const cb = await TestClient.connect(pair.urlB);
          clients.push(ca, cb);
          expect(
            (await ca.reply(ca.send({ type: 'join', match: m.match, token: s.token }))).type,
          ).toBe('welcome');
          expect(
            (await cb.reply(cb.send({ type: 'join', match: m.match, token: s.token }))).type,
          ).toBe('welcome');
          onA.push(ca);
          onB.push(cb);
        }
        acked.clear();
        let version = 0;
        let seq = 100;
        for (let step = 0; step < 40; step++) {
          const snapA = await snapshotAt(onA[0]!, version);
          if (snapA.isOver) break;
          const seat = snapA.toAct[0]!;
          const snap = await snapshotAt(onA[seat]!, version);
          const snapB = await snapshotAt(onB[seat]!, version);
          expect(expandLegalActions(snapB.legal)).toEqual(expandLegalActions(snap.legal));
          const legal = expandLegalActions(snap.legal);
          seq++;
          if (step % 2 === 0) {
            // The same act, same seq, through A and B at once: one stored row, both acked
            // with its version, exactly one of them not a duplicate.
            const action = legal[(step * 7) % legal.length];
            const withVersion = step % 4 === 0 ? { version } : {};
            const [ra, rb] = await Promise.all([
              onA[seat]!.reply(onA[seat]!.send({ type: 'act', seq, action, ...withVersion })),
              onB[seat]!.reply(onB[seat]!.send({ type: 'act', seq, action, ...withVersion })),
            ]);
            expect([ra, rb].every(isAck), JSON.stringify([ra, rb])).toBe(true);
            const acks = [ra, rb].filter(isAck);
            expect(acks.map((x) => x.version)).toEqual([version + 1, version + 1]);
            expect(acks.filter((x) => !x.duplicate)).toHaveLength(1);
            acked.set(version + 1, { seq, seat });
            races++;
          } else {
            // Two different acts expecting the same version, one per instance.
            const first = legal[0];
            const last = legal[legal.length - 1];
            const seqB = ++seq;
            const [ra, rb] = await Promise.all([
              onA[seat]!.reply(
                onA[seat]!.send({ type: 'act', seq: seqB - 1, action: first, version }),
              ),
              onB[seat]!.reply(onB[seat]!.send({ type: 'act', seq: seqB, action: last, version })),
            ]);
            const ok = [ra, rb].filter(isAck);
            expect(ok, JSON.stringify([ra, rb])).toHaveLength(1);
            const lost = [ra, rb].find((x) => !isAck(x)) as { code: string };
            expect(['version_conflict', 'stale_version']).toContain(lost.code);
            conflicts++;
            acked.set(version + 1, { seq: ra.type === 'ack' ? seqB - 1 : seqB, seat });
          }
          version++;
          // Both instances reach the stored version (the loser resynced from storage).
          await snapshotAt(onA[seat]!, version);
          await snapshotAt(onB[seat]!, version);
        }
        const rows = await storedRows(pair.db, m.match);
        // Every action once, versions without gaps, every acknowledged action kept.
        expect(rows.map((r) => r.version)).toEqual(
          Array.from({ length: version }, (_, i) => i + 1),
        );
        for (const [v, a] of acked) {
          expect(rows[v - 1]).toMatchObject({ version: v, seat: a.seat, clientSeq: a.seq });
        }
        const seqs = rows.map((r) => `${String(r.seat)}:${String(r.clientSeq)}`);
        expect(new Set(seqs).size).toBe(seqs.length);
        // Both instances' connections saw the same entries in the same order.
        for (const seat of [0, 1]) {
          const entriesA = onA[seat]!.messages.filter(
            (x): x is UpdateMessage => x.type === 'update',
          );
          const entriesB = onB[seat]!.messages.filter(
            (x): x is UpdateMessage => x.type === 'update',
          );
          expect(entriesA.map((u) => u.version)).toEqual(entriesB.map((u) => u.version));
          expect(entriesA.map((u) => u.version)).toEqual(
            Array.from({ length: version }, (_, i) => i + 1),
          );
        }
      }
      expect(races).toBeGreaterThanOrEqual(20);
      expect(conflicts).toBeGreaterThanOrEqual(20);
    } finally {
      for (const c of clients) c.close();
      await pair.close();
    }
  });

  it('a token revoked through one instance is refused on both and closes live sockets with 4011 everywhere', async () => {
    const pair = await twoInstances('revocations');
    const clients: TestClient[] = [];
    try {
      for (let round = 0; round < 6; round++) {
        const m = await createMatchOver(pair.urlA, {
          game: 'st-augustine',
          players: 2,
          options: { trading: 'off' },
        });
        const token = m.seats[round % 2]!.token;
        const ca = await TestClient.connect(pair.urlA);
        const cb = await TestClient.connect(pair.urlB);
        clients.push(ca, cb);
        await ca.reply(ca.send({ type: 'join', match: m.match, token }));
        await cb.reply(cb.send({ type: 'join', match: m.match, token }));
        // Revoke through A (HTTP) on even rounds, through B's API on odd ones.
        if (round % 2 === 0) {
          const r = await post(
            pair.urlA,
            '/tokens/revoke',
            {},
            { authorization: `Bearer ${token}` },
          );
          expect(r.status).toBe(204);
        } else {
          expect(await pair.b.revokeSeatToken(token)).toBe(true);
        }
        expect((await ca.waitClose()).code).toBe(CLOSE_CODES.revoked);
        expect((await cb.waitClose()).code).toBe(CLOSE_CODES.revoked);
        for (const url of [pair.urlA, pair.urlB]) {
          const c = await TestClient.connect(url);
          clients.push(c);
          const answer = await c.reply(c.send({ type: 'join', match: m.match, token }));
          expect(answer).toMatchObject({ type: 'error', code: 'token_revoked' });
          expect((await c.waitClose()).code).toBe(CLOSE_CODES.unauthorized);
        }
        // Nothing was stored for the revoked seat.
        const rows = await storedRows(pair.db, m.match);
        expect(rows).toEqual([]);
      }
    } finally {
      for (const c of clients) c.close();
      await pair.close();
    }
  });

  it('an act racing its revocation is either acknowledged and kept, or refused; after it every act is refused', async () => {
    const pair = await twoInstances('revoke_race');
    const clients: TestClient[] = [];
    try {
      for (let round = 0; round < 6; round++) {
        const m = await createMatchOver(pair.urlA, {
          game: 'st-augustine',
          players: 2,
          options: { trading: 'off' },
        });
        const s = (await (await fetch(`${pair.urlA}/matches/${m.match}`)).json()) as {
          toAct: number[];
        };
        const seat = s.toAct[0]!;
        const token = m.seats[seat]!.token;
        const cb = await TestClient.connect(pair.urlB);
        clients.push(cb);
        const w = (await cb.reply(
          cb.send({ type: 'join', match: m.match, token }),
        )) as WelcomeMessage;
        const seq = cb.send({ type: 'act', action: expandLegalActions(w.legal)[0], version: 0 });
        await pair.a.revokeSeatToken(token);
        const answer = await cb.reply(seq).catch(() => undefined);
        const rows = await storedRows(pair.db, m.match);
        if (answer?.type === 'ack') expect(rows).toHaveLength(1);
        else expect(rows).toHaveLength(0);
        expect((await cb.waitClose()).code).toBe(CLOSE_CODES.revoked);
      }
    } finally {
      for (const c of clients) c.close();
      await pair.close();
    }
  });

  it('a match quarantined by one instance closes its sockets on the other with 4005', async () => {
    const pair = await twoInstances('quarantine');
    const clients: TestClient[] = [];
    try {
      const m = await createMatchOver(pair.urlA, {
        game: 'st-augustine',
        players: 2,
        options: { trading: 'off' },
      });
      const watcher = await TestClient.connect(pair.urlB);
      clients.push(watcher);
      await watcher.reply(watcher.send({ type: 'spectate', match: m.match }));
      // A finds the history broken (the storage reports it) and quarantines the match.
      const storage = createPostgresStorage({ connection: pair.db, poolSize: 1 });
      await storage.setStatus(m.match, 'quarantined', { code: 'hash_mismatch', message: 'test' });
      await storage.close();
      expect((await watcher.waitClose()).code).toBe(CLOSE_CODES.matchQuarantined);
      const again = await TestClient.connect(pair.urlB);
      clients.push(again);
      expect(await again.reply(again.send({ type: 'spectate', match: m.match }))).toMatchObject({
        type: 'error',
        code: 'match_quarantined',
      });
    } finally {
      for (const c of clients) c.close();
      await pair.close();
    }
  });

  it('names given through one instance reach connections on the other; two seats named at once through both keep both names', async () => {
    const pair = await twoInstances('names');
    const clients: TestClient[] = [];
    try {
      const m = await createMatchOver(pair.urlA, {
        game: 'colonial-florida',
        players: 3,
        options: {},
      });
      const watcher = await TestClient.connect(pair.urlB);
      clients.push(watcher);
      await watcher.reply(watcher.send({ type: 'spectate', match: m.match }));
      const joinAs = async (url: string, seat: number, name: string) => {
        const c = await TestClient.connect(url);
        clients.push(c);
        const token = m.seats[seat]?.token;
        return c.reply(c.send({ type: 'join', match: m.match, token, name }));
      };
      // Seat 0 named through A: the spectator on B hears it.
      expect((await joinAs(pair.urlA, 0, 'Ann')).type).toBe('welcome');
      const heard = await watcher.waitFor(
        (x): x is Extract<ServerMessage, { type: 'names' }> =>
          x.type === 'names' && x.names[0] === 'Ann',
      );
      expect(heard.names).toEqual(['Ann', null, null]);
      // Seats 1 and 2 named at the same moment through A and B: neither name is lost.
      await Promise.all([joinAs(pair.urlA, 1, 'Bo'), joinAs(pair.urlB, 2, 'Cy')]);
      const all = await watcher.waitFor(
        (x): x is Extract<ServerMessage, { type: 'names' }> =>
          x.type === 'names' && x.names.every((n) => n !== null),
      );
      expect(all.names).toEqual(['Ann', 'Bo', 'Cy']);
      const storage = createPostgresStorage({ connection: pair.db, poolSize: 1 });
      expect((await storage.getMatch(m.match))?.config.names).toEqual(['Ann', 'Bo', 'Cy']);
      await storage.close();
    } finally {
      for (const c of clients) c.close();
      await pair.close();
    }
  });
});
