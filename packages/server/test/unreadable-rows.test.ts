import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CLOSE_CODES,
  createGameServer,
  createSqliteStorage,
  expandLegalActions,
  type GameServer,
  type WelcomeMessage,
} from '../src/index.js';
import { createMatchOver, HOSTED_GAMES, SECRET } from './helpers/start-server.js';
import { TestClient } from './helpers/test-client.js';

const dir = mkdtempSync(join(tmpdir(), 'ruleloom-unreadable-rows-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;

/** A server on a SQLite file, storing a snapshot every 2 actions. */
async function serveFile(file: string): Promise<{ server: GameServer; url: string }> {
  const server = await createGameServer({
    games: HOSTED_GAMES,
    secret: SECRET,
    storage: createSqliteStorage({ file, snapshotEvery: 2 }),
  });
  return { server, url: await server.listen({ port: 0, host: '127.0.0.1' }) };
}

/** A St. Augustine match with `n` actions played through the protocol, stored in a new file. */
async function storedMatch(n: number): Promise<{ file: string; match: string; token: string }> {
  files += 1;
  const file = join(dir, `m${String(files)}.sqlite`);
  const { server, url } = await serveFile(file);
  try {
    const m = await createMatchOver(url, {
      game: 'st-augustine',
      players: 2,
      options: { trading: 'off' },
    });
    for (let i = 0; i < n; i++) {
      const s = (await (await fetch(`${url}/matches/${m.match}`)).json()) as { toAct: number[] };
      const seat = m.seats.find((t) => t.seat === s.toAct[0])!;
      const c = await TestClient.connect(url, seat.token);
      // New seqs on each connection: a seat's client seq already stored is a duplicate.
      const w = (await c.reply(
        c.send({ type: 'join', match: m.match, seq: 100 + 2 * i }),
      )) as WelcomeMessage;
      const action = expandLegalActions(w.legal).at(-1);
      const ack = await c.reply(c.send({ type: 'act', action, seq: 101 + 2 * i }));
      expect(ack).toMatchObject({ type: 'ack', version: i + 1, duplicate: false });
      c.close();
    }
    return { file, match: m.match, token: m.seats[0]!.token };
  } finally {
    await server.close();
  }
}

/** Flips bits of the first byte of a stored column (a disk error): its JSON no longer parses. */
function flipFirstByte(file: string, sql: string, column: string, ...key: unknown[]): void {
  const db = new Database(file);
  const row = db.prepare(`SELECT ${column} AS v FROM ${sql}`).get(...key) as { v: string };
  const flipped = String.fromCharCode(row.v.charCodeAt(0) ^ 0x40) + row.v.slice(1);
  db.prepare(`UPDATE ${sql.replace(/ WHERE /, ` SET ${column} = ? WHERE `)}`).run(flipped, ...key);
  db.close();
}

function storedStatus(file: string, match: string): { status: string; problem: string | null } {
  const db = new Database(file);
  const row = db
    .prepare('SELECT status, problem FROM ruleloom_matches WHERE id = ?')
    .get(match) as { status: string; problem: string | null };
  db.close();
  return row;
}

/** What the server answers for a match: its status, a join, and a page of its log. */
async function answers(url: string, match: string, token: string) {
  const status = (await (await fetch(`${url}/matches/${match}`)).json()) as Record<string, unknown>;
  const c = await TestClient.connect(url, token);
  const joined = await c.reply(c.send({ type: 'join', match }));
  const closed = (await c.waitClose()).code;
  const log = await fetch(`${url}/matches/${match}/log?before=2&limit=1`);
  return { status, joined, closed, log: { status: log.status, body: await log.json() } };
}

describe('a stored row that does not parse quarantines its match (never a 500)', () => {
  it.each([
    ['an action', 'ruleloom_actions WHERE match_id = ? AND version = 5', 'action'],
    ["an action's events", 'ruleloom_actions WHERE match_id = ? AND version = 5', 'events'],
    ['the newest snapshot', 'ruleloom_snapshots WHERE match_id = ? AND version = 4', 'state'],
    ["the match's setup", 'ruleloom_matches WHERE id = ?', 'setup'],
    ["the match's config", 'ruleloom_matches WHERE id = ?', 'config'],
  ])(
    '%s: GET says quarantined (row_unreadable), join closes 4005, the log answers 409',
    async (_what, where, column) => {
      const { file, match, token } = await storedMatch(5);
      flipFirstByte(file, where, column, match);
      const { server, url } = await serveFile(file);
      try {
        const a = await answers(url, match, token);
        expect(a.status).toMatchObject({
          match,
          status: 'quarantined',
          problem: { code: 'row_unreadable', message: expect.stringMatching(/is damaged/) },
        });
        expect(a.joined).toMatchObject({ type: 'error', code: 'match_quarantined' });
        expect(a.closed).toBe(CLOSE_CODES.matchQuarantined);
        expect(a.log).toMatchObject({
          status: 409,
          body: { error: { code: 'match_quarantined' } },
        });
      } finally {
        await server.close();
      }
      // Kept, with its reason: nothing deleted.
      const stored = storedStatus(file, match);
      expect(stored.status).toBe('quarantined');
      expect(JSON.parse(stored.problem ?? 'null')).toMatchObject({ code: 'row_unreadable' });
    },
  );

  it('an older action the load does not read: the log page that reads it quarantines the match (409)', async () => {
    const { file, match, token } = await storedMatch(6);
    flipFirstByte(file, 'ruleloom_actions WHERE match_id = ? AND version = 1', 'action', match);
    const { server, url } = await serveFile(file);
    try {
      // The load starts from the snapshot at action 6: the match plays on.
      const before = (await (await fetch(`${url}/matches/${match}`)).json()) as {
        status: string;
      };
      expect(before.status).toBe('active');
      const log = await fetch(`${url}/matches/${match}/log?before=3&limit=2`);
      expect(log.status).toBe(409);
      expect(((await log.json()) as { error: { code: string } }).error.code).toBe(
        'match_quarantined',
      );
      const after = (await (await fetch(`${url}/matches/${match}`)).json()) as {
        status: string;
        problem: { code: string; message: string };
      };
      expect(after).toMatchObject({
        status: 'quarantined',
        problem: {
          code: 'row_unreadable',
          message: 'the stored action 1 is damaged: it is not valid JSON',
        },
      });
      const c = await TestClient.connect(url, token);
      expect(await c.reply(c.send({ type: 'join', match }))).toMatchObject({
        code: 'match_quarantined',
      });
      expect((await c.waitClose()).code).toBe(CLOSE_CODES.matchQuarantined);
    } finally {
      await server.close();
    }
  });

  it("a match whose own row does not parse is left out of its creator's list, and the rest is listed", async () => {
    const { file, match } = await storedMatch(1);
    const first = await serveFile(file);
    const { match: other } = await createMatchOver(first.url, {
      game: 'st-augustine',
      players: 2,
    }).finally(() => first.server.close());
    flipFirstByte(file, 'ruleloom_matches WHERE id = ?', 'setup', match);
    const again = await serveFile(file);
    try {
      const listed = await fetch(`${again.url}/matches`);
      expect(listed.status).toBe(200);
      const body = (await listed.json()) as { matches: { match: string }[] };
      expect(body.matches.map((m) => m.match)).toEqual([other]);
      // The damaged one is quarantined with its reason when it is looked at.
      const status = (await (await fetch(`${again.url}/matches/${match}`)).json()) as {
        status: string;
      };
      expect(status.status).toBe('quarantined');
    } finally {
      await again.server.close();
    }
  });
});
