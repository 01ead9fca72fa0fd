import { restoreMatch, SAVE_FORMAT } from '@ruleloom/core';
import { stAugustine } from '@ruleloom/st-augustine';
import { describe, expect, it } from 'vitest';
import {
  createGameServer,
  createPostgresStorage,
  type MatchSnapshot,
  type ServerMessage,
  type UpdateMessage,
  type WelcomeMessage,
  expandLegalActions,
} from '../src/index.js';
import { startChildInstance, type ChildInstance } from './helpers/child-instance.js';
import { postgresAvailable, usePostgres } from './helpers/postgres-cluster.js';
import { createMatchOver, HOSTED_GAMES, SECRET } from './helpers/start-server.js';
import { TestClient } from './helpers/test-client.js';

const postgres = usePostgres();

type Ack = Extract<ServerMessage, { type: 'ack' }>;
const isAck = (m: ServerMessage): m is Ack => m.type === 'ack';

async function snapshotAt(c: TestClient, version: number): Promise<MatchSnapshot> {
  return c.waitFor(
    (m): m is WelcomeMessage | UpdateMessage =>
      (m.type === 'welcome' || m.type === 'update') && m.version === version,
    15_000,
  );
}

/** A reply, or undefined when the connection died first (its instance was killed). */
async function replyOrDeath(c: TestClient, seq: number): Promise<ServerMessage | undefined> {
  try {
    return await c.reply(seq);
  } catch {
    return undefined;
  }
}

describe.skipIf(!postgresAvailable)(
  'two instances on one PostgreSQL, one of them SIGKILLed',
  () => {
    it('races of resends and same-version acts while instance A is SIGKILLed mid-race and restarted: every acknowledged action is stored exactly once, the chain verifies', async () => {
      const db = postgres.createDatabase('sigkill');
      const b = await createGameServer({
        games: HOSTED_GAMES,
        secret: SECRET,
        // Snapshots every 5 actions: the resyncs after lost races load from them.
        storage: createPostgresStorage({ connection: db, poolSize: 4, snapshotEvery: 5 }),
      });
      const urlB = await b.listen();
      let a: ChildInstance = await startChildInstance(db, 5);
      const clients: TestClient[] = [];
      try {
        const m = await createMatchOver(urlB, {
          game: 'st-augustine',
          players: 2,
          options: { trading: 'off' },
        });
        const joinAll = async (url: string): Promise<TestClient[]> => {
          const out: TestClient[] = [];
          for (const s of m.seats) {
            const c = await TestClient.connect(url);
            clients.push(c);
            const w = await c.reply(c.send({ type: 'join', match: m.match, token: s.token }));
            expect(w.type).toBe('welcome');
            out.push(c);
          }
          return out;
        };
        let onA = await joinAll(a.url);
        const onB = await joinAll(urlB);
        // Every acknowledgement, by seat and seq: the version it named.
        const acked = new Map<string, number>();
        const record = (seat: number, seq: number, r: ServerMessage | undefined): void => {
          if (r === undefined || !isAck(r)) return;
          const key = `${String(seat)}:${String(seq)}`;
          const before = acked.get(key);
          if (before !== undefined) expect(r.version, `ack of ${key} changed`).toBe(before);
          acked.set(key, r.version);
        };
        const unknown: { seat: number; seq: number; action: unknown; version?: number }[] = [];
        let kills = 0;
        let seq = 100;
        let conflicts = 0;
        let committedBeforeKill = 0;
        const version = async (): Promise<number> =>
          ((await (await fetch(`${urlB}/matches/${m.match}`)).json()) as { version: number })
            .version;

        for (let step = 0; step < 30; step++) {
          const v = await version();
          const snapB0 = await snapshotAt(onB[0]!, v);
          if (snapB0.isOver) break;
          const seat = snapB0.toAct[0]!;
          const legal = expandLegalActions((await snapshotAt(onB[seat]!, v)).legal);
          await snapshotAt(onA[seat]!, v);
          const kill = step === 5 || step === 12 || step === 19;
          const ca = onA[seat]!;
          const cb = onB[seat]!;
          let sentA: { seq: number; action: unknown; version?: number };
          let replyB: Promise<ServerMessage | undefined>;
          let seqB: number;
          if (step % 2 === 0) {
            // A resend: the same act and seq through both instances at once.
            seq++;
            const action = legal[(step * 7) % legal.length];
            sentA = { seq, action };
            seqB = seq;
            const qa = ca.send({ type: 'act', seq, action });
            const qb = cb.send({ type: 'act', seq, action });
            replyB = replyOrDeath(cb, qb);
            if (!kill) {
              const [ra, rb] = await Promise.all([replyOrDeath(ca, qa), replyB]);
              expect([ra, rb].every((r) => r !== undefined && isAck(r))).toBe(true);
              expect(
                [ra, rb].filter((r) => r !== undefined && isAck(r) && !r.duplicate),
              ).toHaveLength(1);
              record(seat, seq, ra);
              record(seat, seq, rb);
              continue;
            }
          } else {
            // Two different acts at one version, one through each instance.
            const seqA = ++seq;
            seqB = ++seq;
            const actionA = legal[0];
            const actionB = legal[legal.length - 1];
            sentA = { seq: seqA, action: actionA, version: v };
            const qa = ca.send({ type: 'act', seq: seqA, action: actionA, version: v });
            const qb = cb.send({ type: 'act', seq: seqB, action: actionB, version: v });
            replyB = replyOrDeath(cb, qb);
            if (!kill) {
              const [ra, rb] = await Promise.all([replyOrDeath(ca, qa), replyB]);
              const acks = [ra, rb].filter((r): r is Ack => r !== undefined && isAck(r));
              if (actionA !== actionB || JSON.stringify(actionA) !== JSON.stringify(actionB))
                expect(acks).toHaveLength(1);
              for (const r of [ra, rb])
                if (r !== undefined && !isAck(r)) {
                  expect(['version_conflict', 'stale_version']).toContain(
                    (r as { code: string }).code,
                  );
                  conflicts++;
                }
              record(seat, seqA, ra);
              record(seat, seqB, rb);
              continue;
            }
          }
          // Mid-race: instance A dies while its act may or may not be committed.
          await new Promise((r) => setTimeout(r, step % 3));
          await a.kill();
          expect(a.child.signalCode).toBe('SIGKILL');
          kills++;
          record(seat, seqB, await replyB);
          unknown.push({ seat, ...sentA });
          a = await startChildInstance(db, 5);
          onA = await joinAll(a.url);
          // The client of the killed instance resends through the restarted one: the stored
          // version if its act was committed (duplicate), else applied now or refused.
          for (const u of unknown.splice(0)) {
            const c = onA[u.seat]!;
            const r = await c.reply(
              c.send({
                type: 'act',
                seq: u.seq,
                action: u.action,
                ...(u.version === undefined ? {} : { version: u.version }),
              }),
            );
            if (isAck(r)) {
              record(u.seat, u.seq, r);
              if (r.duplicate) committedBeforeKill++;
            } else
              expect(['version_conflict', 'stale_version', 'stale_seq']).toContain(
                (r as { code: string }).code,
              );
          }
        }
        expect(kills).toBe(3);

        const check = createPostgresStorage({ connection: db, poolSize: 1 });
        const rows = await check.listActions(m.match, 0);
        const stored = await check.getMatch(m.match);
        await check.close();
        // The history has no gap, no (seat, seq) twice, and every acknowledgement is its row.
        expect(rows.map((r) => r.version)).toEqual(rows.map((_, i) => i + 1));
        const seqs = rows
          .filter((r) => r.clientSeq !== null)
          .map((r) => `${r.seat}:${r.clientSeq}`);
        expect(new Set(seqs).size).toBe(seqs.length);
        for (const [key, v] of acked) {
          const row = rows[v - 1];
          expect(row === undefined ? undefined : `${row.seat}:${String(row.clientSeq)}`).toBe(key);
        }
        // Every stored client act was acknowledged to someone (the resends saw to that).
        expect(new Set(seqs)).toEqual(new Set(acked.keys()));
        expect(rows.length).toBeGreaterThan(20);
        // The stored history replays with its hash chain verified.
        const restored = restoreMatch(stAugustine, {
          format: SAVE_FORMAT,
          game: stAugustine.id,
          rulesVersion: stAugustine.rulesVersion,
          setup: stored?.setup,
          actions: rows.map((r) => ({ seat: r.seat, action: r.action, chain: r.chain })),
          hash: rows.at(-1)?.hash,
        });
        expect(restored.ok ? 'verified' : restored.error).toBe('verified');
        console.log(
          `SIGKILL races: ${String(rows.length)} actions stored, ${String(acked.size)} client acts acknowledged, ${String(conflicts)} lost races answered version_conflict/stale_version, ${String(kills)} kills (${String(committedBeforeKill)} of the killed instance's acts were committed before it died and answered duplicate on resend)`,
        );
      } finally {
        for (const c of clients) c.close();
        await a.kill();
        await b.close();
      }
    }, 240_000);
  },
);
