import { join } from 'node:path';
import { pig } from '@ruleloom/core/games';
import { afterEach, describe, expect, it } from 'vitest';
import Database from 'libsql';
import {
  CLOSE_CODES,
  createGameServer,
  createSqliteStorage,
  type GameServer,
} from '../src/index.js';
import { LONG_PIG_OPTIONS } from './helpers/long-match.js';
import { post, SECRET, startServer, type Started } from './helpers/start-server.js';
import { isType, TestClient } from './helpers/test-client.js';

/**
 * A match loaded from a snapshot holds only its newest actions in memory: what a client
 * relies on from the older ones (its last seq, the results of its old seqs, the log entries
 * before the snapshot) comes from the storage, after a real restart on a real SQLite file.
 */
describe('snapshot loads keep what clients rely on', () => {
  const clients: TestClient[] = [];
  const servers: GameServer[] = [];
  let dir: Started | undefined;
  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    for (const s of servers.splice(0)) await s.close();
    await dir?.stop();
    dir = undefined;
  });

  async function serve(path: string): Promise<string> {
    const server = await createGameServer({
      games: [{ game: pig }],
      secret: SECRET,
      storage: createSqliteStorage({ file: path, snapshotEvery: 10 }),
      logger: false,
    });
    servers.push(server);
    return server.listen({ port: 0, host: '127.0.0.1' });
  }

  it('after a restart: the last seq, duplicate answers for old seqs, and the whole log', async () => {
    // A directory that startServer removes afterwards (its own server is not used).
    dir = await startServer();
    const path = join(dir.dir, 'pig.sqlite');
    let url = await serve(path);
    const created = await post(url, '/matches', {
      game: 'pig',
      players: 2,
      options: LONG_PIG_OPTIONS,
    });
    expect(created.status).toBe(201);
    const id = created.body.match as string;
    const tokens = (created.body.seats as { seat: number; token: string }[]).map((s) => s.token);
    const connect = async (seat: number, since?: number) => {
      const c = await TestClient.connect(url, tokens[seat]);
      clients.push(c);
      const welcome = await c.reply(
        c.send({ type: 'join', match: id, ...(since === undefined ? {} : { since }) }),
      );
      if (welcome.type !== 'welcome') throw new Error(JSON.stringify(welcome));
      return { c, welcome };
    };
    const seats = [await connect(0), await connect(1)];
    // Each seat numbers its acts from 1; remember which version each seq got.
    const seqs: number[] = [0, 0];
    const firstSeq: (number | undefined)[] = [undefined, undefined];
    const versionOf = new Map<string, number>();
    let toAct = seats[0]!.welcome.toAct;
    for (let i = 0; i < 25; i++) {
      const seat = toAct[0] as number;
      const { c } = seats[seat]!;
      const seq = c.nextSeq();
      seqs[seat] = seq;
      firstSeq[seat] ??= seq;
      const from = c.messages.length;
      const ack = await c.reply(c.send({ type: 'act', seq, action: { type: 'roll' } }));
      if (ack.type !== 'ack') throw new Error(JSON.stringify(ack));
      versionOf.set(`${String(seat)}:${String(seq)}`, ack.version);
      const update = await c.waitFor(
        (m): m is Extract<typeof m, { type: 'update' }> =>
          m.type === 'update' && m.version === ack.version,
        10_000,
        from,
      );
      toAct = update.toAct;
    }
    for (const c of clients.splice(0)) c.close();
    await servers.pop()?.close();

    // What seat 0 saw live: every entry, from the updates.
    const seen = seats[0]!.c.messages.flatMap((m) => (m.type === 'update' ? [m.entry] : []));
    expect(seen.map((e) => e.seq)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));

    url = await serve(path);
    const [zero, one] = [await connect(0), await connect(1)];
    for (const [seat, { welcome }] of [zero, one].entries()) {
      expect(welcome.version).toBe(25);
      expect(welcome.lastSeq).toBe(seqs[seat]);
      // Every entry, contiguous from 1: entries 1 to 19 come from the storage rows.
      expect(welcome.missed.map((e) => e.seq)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    }
    // The same entries as live, the ones read from the storage rows included.
    expect(zero.welcome.missed).toEqual(seen);
    expect(one.welcome.missed).toEqual(seen);

    // A resend of seat 0's first act (stored long before the snapshot at 20) is a duplicate
    // with its stored version; nothing is applied.
    const { c } = zero;
    const first = firstSeq[0] as number;
    const resend = await c.reply(c.send({ type: 'act', seq: first, action: { type: 'roll' } }));
    expect(resend).toMatchObject({
      type: 'ack',
      duplicate: true,
      version: versionOf.get(`0:${String(first)}`),
    });
    expect(versionOf.get(`0:${String(first)}`)).toBeLessThan(20);
    // A seq above the last goes on at version 26 (for whichever seat is to act).
    const seat = zero.welcome.toAct[0] as number;
    const mover = seat === 0 ? zero.c : one.c;
    const next = Math.max(seqs[seat] as number, mover.nextSeq()) + 1;
    const moved = await mover.reply(
      mover.send({ type: 'act', seq: next, action: { type: 'roll' } }),
    );
    expect(moved).toMatchObject({ type: 'ack', duplicate: false, version: 26 });
    const got = await mover.waitFor(isType('update'));
    expect(got.version).toBe(26);
    // A reconnect with since before the snapshot gets exactly the entries after it.
    const again = await connect(0, 12);
    expect(again.welcome.missed).toEqual([...seen.slice(12), got.entry]);

    // An older row edited in the file (before the snapshot, so the load never reads it): the
    // join that needs its entry finds the broken chain, and the match is quarantined.
    for (const x of clients.splice(0)) x.close();
    await servers.pop()?.close();
    const db = new Database(path);
    db.prepare('UPDATE ruleloom_actions SET action = ? WHERE match_id = ? AND version = 3').run(
      '{"type":"hold"}',
      id,
    );
    db.close();
    url = await serve(path);
    const late = await TestClient.connect(url, tokens[0]);
    clients.push(late);
    expect(await late.reply(late.send({ type: 'join', match: id }))).toMatchObject({
      type: 'error',
      code: 'match_quarantined',
    });
    expect((await late.waitClose()).code).toBe(CLOSE_CODES.matchQuarantined);
    const status = (await (await fetch(`${url}/matches/${id}`)).json()) as {
      status: string;
      problem: { code: string; message: string };
    };
    expect(status.status).toBe('quarantined');
    expect(status.problem).toEqual({
      code: 'chain_mismatch',
      message: 'the hash chain breaks at action 3',
    });
  });
});
