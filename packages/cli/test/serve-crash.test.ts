import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMatch, expandLegalActions } from '@ruleloom/core';
import { createSqliteStorage } from '@ruleloom/server';
import { stAugustine } from '@ruleloom/st-augustine';
import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startServe } from './serve-process.js';

const dir = mkdtempSync(join(tmpdir(), 'ruleloom-crash-'));
const db = join(dir, 'matches.sqlite');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A small seeded generator for kill times (the seed is CI's fast-check seed). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** The scripted choice: deterministic in the legal actions and the version. */
function choose(legal: readonly unknown[], version: number): unknown {
  return legal[(version * 7 + 3) % legal.length];
}

/** Starts `ruleloom serve` on the test's database; fails if it exits before listening. */
async function startOnDb(): Promise<{ child: ChildProcess; url: string }> {
  const { child, url, code, out } = await startServe(['--db', db]);
  if (url === undefined) throw new Error(`serve exited early (${String(code)}): ${out}`);
  return { child, url };
}

interface Seat {
  socket: WebSocket;
  replies: Map<number, Record<string, unknown>>;
  latest: Record<string, unknown> | undefined;
}

function openSeat(url: string, match: string, token: string, since: number): Promise<Seat> {
  const socket = new WebSocket(`${url.replace('http', 'ws')}/play`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const seat: Seat = { socket, replies: new Map(), latest: undefined };
  socket.on('error', () => undefined);
  socket.on('message', (data: Buffer) => {
    const m = JSON.parse(data.toString()) as Record<string, unknown>;
    if (typeof m.replyTo === 'number') seat.replies.set(m.replyTo, m);
    // A frame with a snapshot: its legal actions in compact form (protocol 2), expanded here.
    if ('legal' in m) seat.latest = { ...m, legalActions: expandLegalActions(m.legal as never) };
  });
  return new Promise((resolve, reject) => {
    socket.once('open', () => {
      socket.send(JSON.stringify({ type: 'join', seq: 1, match, since }));
      resolve(seat);
    });
    socket.once('close', () => reject(new Error('closed')));
  });
}

async function until<T>(
  get: () => T | undefined,
  alive: () => boolean,
  ms = 5_000,
): Promise<T | undefined> {
  const end = Date.now() + ms;
  while (Date.now() < end && alive()) {
    const v = get();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 2));
  }
  return get();
}

describe('ruleloom serve survives SIGKILL (run `pnpm run build` first)', () => {
  it('killed at random points at least 20 times: every acked action is kept and the game ends with the uninterrupted hash', async () => {
    const random = lcg(Number(process.env.FC_SEED ?? 20261129));
    interface Played {
      readonly match: string;
      readonly tokens: { seat: number; token: string }[];
      readonly acked: Map<number, { seat: number; action: unknown }>;
    }
    const played: Played[] = [];
    let kills = 0;
    let match = '';
    let tokens: { seat: number; token: string }[] = [];
    let acked = new Map<number, { seat: number; action: unknown }>();
    let over = false;
    // Games follow one another on each server life until the server was killed 20 times.
    while (kills < 20 || !over) {
      const { child, url } = await startOnDb();
      let alive = true;
      // Whether this life ended in the SIGKILL (known when it is sent: the 'exit' event may
      // come after the requests it broke, and such a life is a kill all the same).
      let killed = false;
      child.once('exit', () => (alive = false));
      const timer =
        kills < 20
          ? setTimeout(
              () => {
                killed = true;
                alive = false;
                child.kill('SIGKILL');
              },
              20 + random() * 200,
            )
          : undefined;
      let seats: (Seat | undefined)[] = [];
      try {
        while (alive && (kills < 20 || !over)) {
          if (match === '' || over) {
            // A create whose answer is lost in a kill leaves an unplayed match: harmless.
            const body = (await fetch(`${url}/matches`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({
                game: 'st-augustine',
                players: 2,
                options: { turns: 8, trading: 'off' },
              }),
            })
              .then((r) => r.json())
              .catch(() => undefined)) as
              { match: string; seats: { seat: number; token: string }[] } | undefined;
            if (body === undefined) break;
            match = body.match;
            tokens = body.seats;
            acked = new Map();
            over = false;
            played.push({ match, tokens, acked });
            seats = [];
          }
          if (seats.length === 0) {
            // Everything acknowledged before the last kill is there after the restart.
            const status = (await fetch(`${url}/matches/${match}`)
              .then((r) => r.json())
              .catch(() => undefined)) as { version: number } | undefined;
            if (status === undefined) break;
            expect(status.version).toBeGreaterThanOrEqual(Math.max(0, ...acked.keys()));
            seats = await Promise.all(
              tokens.map((t) =>
                openSeat(url, match, t.token, status.version).catch(() => undefined),
              ),
            );
          }
          const latest = seats.map((s) => s?.latest).find((x) => x !== undefined);
          if (latest?.isOver === true) {
            over = true;
            for (const s of seats) s?.socket.terminate();
            continue;
          }
          const actor = seats.findIndex(
            (s) => ((s?.latest?.legalActions as unknown[] | undefined)?.length ?? 0) > 0,
          );
          if (actor < 0) {
            await until(
              () => undefined,
              () => alive,
              5,
            );
            continue;
          }
          const seat = seats[actor]!;
          const snap = seat.latest!;
          const version = snap.version as number;
          const action = choose(snap.legalActions as unknown[], version);
          // seq = version + 2: increasing for the seat, and the same when an unacknowledged act is resent.
          const seq = version + 2;
          seat.latest = undefined;
          seat.socket.send(JSON.stringify({ type: 'act', seq, action, version }));
          const reply = await until(
            () => seat.replies.get(seq),
            () => alive,
          );
          if (reply?.type === 'ack') acked.set(reply.version as number, { seat: actor, action });
          else if (reply !== undefined)
            throw new Error(`unexpected reply ${JSON.stringify(reply)}`);
          await until(
            () => seats.find((s) => s?.latest !== undefined)?.latest,
            () => alive,
            1_000,
          );
        }
      } finally {
        clearTimeout(timer);
        for (const s of seats) s?.socket.terminate();
      }
      if (killed) kills++;
      else if (alive) child.kill('SIGTERM');
      // The next life opens the same database file: this process must be gone first.
      if (child.exitCode === null && child.signalCode === null)
        await new Promise((r) => child.once('exit', r));
    }
    expect(kills).toBeGreaterThanOrEqual(20);

    expect(played.length).toBeGreaterThanOrEqual(1);
    const storage = createSqliteStorage({ file: db });
    await storage.init();
    const hashes = new Map<string, string>();
    for (const game of played) {
      const stored = await storage.getMatch(game.match);
      const rows = await storage.listActions(game.match, 0);
      for (const [version, a] of game.acked)
        expect(rows[version - 1]).toMatchObject({ version, seat: a.seat, action: a.action });
      // The same script played without interruption ends in the same state.
      const local = createMatch(stAugustine, stored!.setup);
      while (!local.isOver) {
        const seat = local.toAct[0]!;
        expect(
          local.applyInput(seat, choose(local.legalActions(seat), local.actions.length)).ok,
        ).toBe(true);
      }
      expect(rows.length).toBe(local.actions.length);
      expect(rows.at(-1)!.hash).toBe(local.hash());
      hashes.set(game.match, local.hash());
    }
    await storage.close();
    const { child, url } = await startOnDb();
    for (const [id, hash] of hashes) {
      const final = (await (await fetch(`${url}/matches/${id}`)).json()) as {
        hash: string;
        status: string;
      };
      expect(final).toMatchObject({ status: 'over', hash });
    }
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    console.log(
      `SIGKILL test: ${String(kills)} kills over ${String(played.length)} games, ${String([...played].reduce((n, g) => n + g.acked.size, 0))} acked actions checked`,
    );
  }, 180_000);
});
