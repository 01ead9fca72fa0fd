import { copyFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'libsql';
import { colonialFlorida } from '@ruleloom/colonial-florida';
import { createMatch, type AnyGame } from '@ruleloom/core';
import { stAugustine } from '@ruleloom/st-augustine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UpdateMessage } from '../src/index.js';
import { playSeat } from './helpers/play-seat.js';
import { createMatchOver, startServer, type Started } from './helpers/start-server.js';
import { isType, TestClient } from './helpers/test-client.js';

let started: Started;
beforeAll(async () => {
  started = await startServer({ limits: { botDecisionMs: 3_000 } });
});
afterAll(async () => {
  await started.stop();
});

/**
 * Replays the stored rows of a match (read from a copy of the real SQLite file and its WAL:
 * the running server holds the file's exclusive lock) in a local match.
 */
let copies = 0;

function replayFromFile(game: AnyGame, dir: string, id: string) {
  // A fresh name per read: a copy's own -wal/-shm files from an earlier read must not mix in.
  const copy = join(dir, `copy-${String(++copies)}.sqlite`);
  copyFileSync(join(dir, 'matches.sqlite'), copy);
  if (existsSync(join(dir, 'matches.sqlite-wal')))
    copyFileSync(join(dir, 'matches.sqlite-wal'), `${copy}-wal`);
  const db = new Database(copy);
  const row = db.prepare('SELECT setup FROM ruleloom_matches WHERE id = ?').get(id) as {
    setup: string;
  };
  const rows = db
    .prepare('SELECT seat, action, chain FROM ruleloom_actions WHERE match_id = ? ORDER BY version')
    .all(id) as { seat: number; action: string; chain: string | null }[];
  db.close();
  const match = createMatch(game, JSON.parse(row.setup) as never);
  for (const [i, r] of rows.entries()) {
    expect(match.apply(r.seat, JSON.parse(r.action)).ok).toBe(true);
    // Each row carries the save's hash-chain value of its action.
    expect(r.chain).toBe(match.actions[i]!.chain);
    expect(r.chain).toMatch(/^[0-9a-f]{16,}$/);
  }
  return match;
}

function expectConsecutive(updates: readonly UpdateMessage[], from: number): void {
  updates.forEach((u, i) => {
    expect(u.version).toBe(from + i + 1);
    expect(u.entry.seq).toBe(u.version);
  });
}

describe.each([
  {
    name: 'St. Augustine',
    game: stAugustine as AnyGame,
    id: 'st-augustine',
    players: 3,
    options: { turns: 4, trading: 'off' },
    bots: [{ seat: 2, bot: 'random' }],
  },
  {
    name: 'Colonial Florida',
    game: colonialFlorida as AnyGame,
    id: 'colonial-florida',
    players: 3,
    options: { maxTurns: 4 },
    bots: [
      { seat: 1, bot: 'random' },
      { seat: 2, bot: 'greedy' },
    ],
  },
])('a whole game of $name over real sockets', ({ game, id, players, options, bots }) => {
  it('humans and bots play to the end; a spectator sees every update in order; views match a local replay', async () => {
    const created = await createMatchOver(started.url, { game: id, players, options, bots });
    expect(created.seats.map((s) => s.seat)).toEqual(
      Array.from({ length: players }, (_, i) => i).filter((s) => !bots.some((b) => b.seat === s)),
    );
    const spectator = await TestClient.connect(started.url);
    const spectateSeq = spectator.send({ type: 'spectate', match: created.match });
    const welcome = await spectator.reply(spectateSeq);
    expect(welcome.type).toBe('welcome');
    const runs = await Promise.all(
      created.seats.map((s) => playSeat(started.url, created.match, s.token)),
    );
    const final = await spectator.waitFor(
      (m): m is UpdateMessage => m.type === 'update' && m.isOver,
      20_000,
    );

    const local = replayFromFile(game, started.dir, created.match);
    expect(local.isOver).toBe(true);
    expect(final.version).toBe(local.actions.length);
    expect(final.result).toEqual(local.result);
    expect(final.view).toEqual(local.view('spectator'));
    const spectatorUpdates = spectator.messages.filter(isType('update'));
    expectConsecutive(spectatorUpdates, (welcome as { version: number }).version);
    for (const run of runs) {
      const seat = run.welcome.seat as number;
      expectConsecutive(run.updates, run.welcome.version);
      expect(run.final.view).toEqual(local.view(seat));
      expect(run.final.result).toEqual(local.result);
      // Every action this seat sent and had acknowledged is in the stored history, for this seat.
      for (const v of run.acked) expect(local.actions[v - 1]?.seat).toBe(seat);
      run.client.close();
    }
    const status = (await (
      await fetch(`${started.url}/matches/${created.match}`)
    ).json()) as Record<string, unknown>;
    expect(status).toMatchObject({
      status: 'over',
      isOver: true,
      version: local.actions.length,
      hash: local.hash(),
    });
    spectator.close();
  });
});
