import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AnyGame, Match } from '@ruleloom/core';
import { createMatch } from '@ruleloom/core';
import Database from 'libsql';
import { CLI_BIN } from './built-app.js';

/** A real `ruleloom serve` child process on 127.0.0.1 with a SQLite file in a temp folder. */
export interface RuleloomServe {
  readonly url: string;
  readonly dbFile: string;
  stop(): Promise<void>;
}

/**
 * Starts `ruleloom serve --port 0` and waits for its "listening on" line; `args` are added
 * to the command (`['--game', '/path/to/kit.mjs']`).
 */
export async function startRuleloomServe(args: readonly string[] = []): Promise<RuleloomServe> {
  const dir = mkdtempSync(join(tmpdir(), 'ruleloom-web-'));
  const dbFile = join(dir, 'matches.sqlite');
  const child: ChildProcess = spawn(
    process.execPath,
    [CLI_BIN, 'serve', '--port', '0', '--host', '127.0.0.1', '--db', dbFile, ...args],
    {
      env: { ...process.env, RULELOOM_SECRET: 'browser-test-secret-0123456789' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`ruleloom serve did not start: ${output}`)),
      20_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const m = /listening on (http:\/\/[^\s]+)/.exec(output);
      if (m !== null) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) =>
      reject(new Error(`ruleloom serve exited (${String(code)}): ${output}`)),
    );
  });
  return {
    url,
    dbFile,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The truth of a stored match: its seed, and the replayed match (full states, trusted). */
export interface StoredTruth {
  readonly seed: string;
  /** The full match replayed from the stored rows. */
  readonly match: Match;
  /** `states[v]`: the full JSON state after version v. */
  readonly states: readonly unknown[];
  /** `known[v]`: per viewer, its view and legal actions after version v (what it may see). */
  readonly known: readonly ReadonlyMap<number | 'spectator', unknown>[];
}

/** Replays the rows of the server's SQLite file locally, keeping every full state. */
let copies = 0;

export function readStoredMatch(game: AnyGame, dbFile: string, id: string): StoredTruth {
  // The running server holds the file's exclusive lock: read a fresh copy of the file and its
  // WAL (a fresh name per read, so an earlier copy's -wal/-shm files never mix in).
  const copy = `${dbFile}.copy-${id}-${String(++copies)}.sqlite`;
  copyFileSync(dbFile, copy);
  if (existsSync(`${dbFile}-wal`)) copyFileSync(`${dbFile}-wal`, `${copy}-wal`);
  const db = new Database(copy, { readonly: true });
  const row = db.prepare('SELECT setup FROM ruleloom_matches WHERE id = ?').get(id) as {
    setup: string;
  };
  const rows = db
    .prepare('SELECT seat, action FROM ruleloom_actions WHERE match_id = ? ORDER BY version')
    .all(id) as { seat: number; action: string }[];
  db.close();
  const setup = JSON.parse(row.setup) as { seed: string | number; players: number };
  return truthOf(
    game,
    setup,
    rows.map((r) => ({ seat: r.seat, action: JSON.parse(r.action) as unknown })),
  );
}

/** Replays a setup and its actions, keeping every full state and what each viewer may see. */
export function truthOf(
  game: AnyGame,
  setup: { readonly seed: string | number; readonly players: number },
  actions: readonly { readonly seat: number; readonly action: unknown }[],
): StoredTruth {
  const match = createMatch(game, setup as never) as unknown as Match;
  const viewers: (number | 'spectator')[] = [
    'spectator',
    ...Array.from({ length: setup.players }, (_, s) => s),
  ];
  const states: unknown[] = [];
  const known: Map<number | 'spectator', unknown>[] = [];
  const record = () => {
    states.push(structuredClone(match.state));
    known.push(
      new Map(
        viewers.map((v) => [v, [match.view(v), v === 'spectator' ? [] : match.legalActions(v)]]),
      ),
    );
  };
  record();
  for (const r of actions) {
    const applied = match.applyInput(r.seat, r.action);
    if (!applied.ok) throw new Error(`stored action rejected: ${applied.error.code}`);
    record();
  }
  return { seed: String(setup.seed), match, states, known };
}
