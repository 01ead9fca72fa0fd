import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import { colonialFlorida } from '@ruleloom/colonial-florida';
import { createMatch, type AnyGame, type Match } from '@ruleloom/core';
import { createGameServer, createSqliteStorage, type GameServer } from '@ruleloom/server';
import { stAugustine } from '@ruleloom/st-augustine';

/** A real @ruleloom/server on 127.0.0.1 (ephemeral port) with a fresh SQLite file. */
export interface RealServer {
  readonly server: GameServer;
  readonly url: string;
  readonly dir: string;
  stop(): Promise<void>;
}

export async function startRealServer(): Promise<RealServer> {
  const dir = mkdtempSync(join(tmpdir(), 'ruleloom-client-test-'));
  const server = await createGameServer({
    games: [
      {
        game: stAugustine,
        module: { module: '@ruleloom/st-augustine', export: 'stAugustine' },
        heuristic: { module: '@ruleloom/st-augustine', export: 'stAugustineHeuristic' },
      },
      {
        game: colonialFlorida,
        module: { module: '@ruleloom/colonial-florida', export: 'colonialFlorida' },
        heuristic: { module: '@ruleloom/colonial-florida', export: 'colonialFloridaHeuristic' },
      },
    ],
    storage: createSqliteStorage({ file: join(dir, 'matches.sqlite') }),
    secret: 'client-test-secret-0123456789',
    limits: { botDecisionMs: 3_000 },
  });
  const url = await server.listen({ port: 0, host: '127.0.0.1' });
  return {
    server,
    url,
    dir,
    async stop() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A created match: its id and one token per human seat. */
export interface CreatedMatch {
  readonly match: string;
  readonly seats: readonly { readonly seat: number; readonly token: string }[];
}

export async function createMatchOn(
  url: string,
  body: Record<string, unknown>,
): Promise<CreatedMatch> {
  const response = await fetch(`${url}/matches`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`create failed ${String(response.status)} ${text}`);
  return JSON.parse(text) as CreatedMatch;
}

/** The truth of a stored match: its seed and the state after every version (local replay). */
export interface StoredTruth {
  readonly seed: string;
  readonly match: Match;
  /** `decks[v]`: the hidden draw pile after version v. */
  readonly decks: readonly (readonly string[])[];
  /** `rngs[v]`: the generator state after version v, as JSON. */
  readonly rngs: readonly string[];
}

/**
 * Replays the rows of the real SQLite file in a local match, keeping the hidden parts (read
 * from a copy of the file and its WAL: the running server holds the file's exclusive lock).
 */
let copies = 0;

export function readStoredMatch(game: AnyGame, dir: string, id: string): StoredTruth {
  // A fresh name per read: a copy's own -wal/-shm files from an earlier read must not mix in.
  const copy = join(dir, `copy-${id}-${String(++copies)}.sqlite`);
  copyFileSync(join(dir, 'matches.sqlite'), copy);
  if (existsSync(join(dir, 'matches.sqlite-wal')))
    copyFileSync(join(dir, 'matches.sqlite-wal'), `${copy}-wal`);
  const db = new Database(copy);
  const row = db.prepare('SELECT setup FROM ruleloom_matches WHERE id = ?').get(id) as {
    setup: string;
  };
  const rows = db
    .prepare('SELECT seat, action FROM ruleloom_actions WHERE match_id = ? ORDER BY version')
    .all(id) as { seat: number; action: string }[];
  db.close();
  const setup = JSON.parse(row.setup) as { seed: string; players: number };
  const match = createMatch(game, setup as never) as unknown as Match;
  const hidden = () => ({
    deck: [...(match.state.game as { deck: readonly string[] }).deck],
    rng: JSON.stringify(match.state.rng),
  });
  const first = hidden();
  const decks = [first.deck];
  const rngs = [first.rng];
  for (const r of rows) {
    const applied = match.applyInput(r.seat, JSON.parse(r.action));
    if (!applied.ok) throw new Error(`stored action rejected: ${applied.error.code}`);
    const h = hidden();
    decks.push(h.deck);
    rngs.push(h.rng);
  }
  return { seed: setup.seed, match, decks, rngs };
}
