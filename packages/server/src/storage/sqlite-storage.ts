import Database from 'libsql';
import {
  actionFromRow,
  matchFromRow,
  type GameStorage,
  type MatchProblem,
  type MatchStatus,
  type StoredAction,
  type StoredMatch,
  type StoredToken,
} from './game-storage.js';

/**
 * Settings of {@link createSqliteStorage}.
 * @public
 */
export interface SqliteStorageOptions {
  /** The database file (created if missing); `':memory:'` for a throwaway store. */
  readonly file: string;
  /**
   * SQLite's `synchronous` setting in WAL mode. `'normal'` (default) survives a killed
   * process with every acknowledged action; `'full'` also survives a power cut.
   */
  readonly synchronous?: 'normal' | 'full';
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS ruleloom_matches (
  id TEXT PRIMARY KEY, game TEXT NOT NULL, rules_version TEXT NOT NULL, setup TEXT NOT NULL,
  config TEXT NOT NULL, creator TEXT NOT NULL, created_at INTEGER NOT NULL,
  status TEXT NOT NULL, problem TEXT
);
CREATE INDEX IF NOT EXISTS ruleloom_matches_creator ON ruleloom_matches (creator, status);
CREATE TABLE IF NOT EXISTS ruleloom_actions (
  match_id TEXT NOT NULL, version INTEGER NOT NULL, seat INTEGER NOT NULL, action TEXT NOT NULL,
  hash TEXT NOT NULL, chain TEXT, client_seq INTEGER,
  PRIMARY KEY (match_id, version)
);
CREATE TABLE IF NOT EXISTS ruleloom_tokens (
  hash TEXT PRIMARY KEY, match_id TEXT NOT NULL, seat INTEGER NOT NULL,
  expires_at INTEGER NOT NULL, revoked INTEGER NOT NULL DEFAULT 0
);
`;

/**
 * Storage in one SQLite file through `libsql` (a prebuilt binary, no compiler needed), in
 * WAL mode: the embedded default of `ruleloom serve`. One process per file.
 * @public
 */
export function createSqliteStorage(options: SqliteStorageOptions): GameStorage {
  const db = new Database(options.file);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${options.synchronous === 'full' ? 'FULL' : 'NORMAL'}`);
  db.pragma('busy_timeout = 5000');
  db.exec(SCHEMA);
  const insertMatch = db.prepare(
    'INSERT INTO ruleloom_matches (id, game, rules_version, setup, config, creator, created_at, status, problem) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertToken = db.prepare(
    'INSERT INTO ruleloom_tokens (hash, match_id, seat, expires_at) VALUES (?, ?, ?, ?)',
  );
  const selectMatch = db.prepare('SELECT * FROM ruleloom_matches WHERE id = ?');
  const selectActions = db.prepare(
    'SELECT version, seat, action, hash, chain, client_seq FROM ruleloom_actions WHERE match_id = ? AND version > ? ORDER BY version',
  );
  const insertAction = db.prepare(
    'INSERT INTO ruleloom_actions (match_id, version, seat, action, hash, chain, client_seq) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
  );
  const updateStatus = db.prepare(
    'UPDATE ruleloom_matches SET status = ?, problem = ? WHERE id = ?',
  );
  const countActive = db.prepare(
    "SELECT count(*) AS n FROM ruleloom_matches WHERE creator = ? AND status = 'active'",
  );
  const selectToken = db.prepare('SELECT revoked FROM ruleloom_tokens WHERE hash = ?');
  const revoke = db.prepare('UPDATE ruleloom_tokens SET revoked = 1 WHERE hash = ?');
  const create = db.transaction((match: StoredMatch, tokens: readonly StoredToken[]) => {
    insertMatch.run(
      match.id,
      match.game,
      match.rulesVersion,
      JSON.stringify(match.setup),
      JSON.stringify(match.config),
      match.creator,
      match.createdAt,
      match.status,
      match.problem === null ? null : JSON.stringify(match.problem),
    );
    for (const t of tokens) insertToken.run(t.hash, t.match, t.seat, t.expiresAt);
  });

  return {
    shared: false,
    init: () => Promise.resolve(),
    createMatch(match, tokens) {
      create(match, tokens);
      return Promise.resolve();
    },
    getMatch(id) {
      const row = selectMatch.get(id) as Parameters<typeof matchFromRow>[0] | undefined;
      return Promise.resolve(row === undefined ? undefined : matchFromRow(row));
    },
    listActions(id, afterVersion) {
      const rows = selectActions.all(id, afterVersion) as Parameters<typeof actionFromRow>[0][];
      return Promise.resolve(rows.map(actionFromRow));
    },
    appendAction(id: string, a: StoredAction) {
      // One statement = one transaction: committed (in the WAL) before this returns.
      const r = insertAction.run(
        id,
        a.version,
        a.seat,
        JSON.stringify(a.action),
        a.hash,
        a.chain,
        a.clientSeq,
      );
      return Promise.resolve(r.changes === 1 ? 'ok' : 'conflict');
    },
    setStatus(id: string, status: MatchStatus, problem: MatchProblem | null) {
      updateStatus.run(status, problem === null ? null : JSON.stringify(problem), id);
      return Promise.resolve();
    },
    countActiveMatches(creator) {
      return Promise.resolve(Number((countActive.get(creator) as { n: number | bigint }).n));
    },
    addToken(t) {
      insertToken.run(t.hash, t.match, t.seat, t.expiresAt);
      return Promise.resolve();
    },
    isTokenLive(hash) {
      const row = selectToken.get(hash) as { revoked: number | bigint } | undefined;
      return Promise.resolve(row !== undefined && Number(row.revoked) === 0);
    },
    revokeToken(hash) {
      revoke.run(hash);
      return Promise.resolve();
    },
    subscribe: () => Promise.resolve(() => Promise.resolve()),
    close() {
      db.close();
      return Promise.resolve();
    },
  };
}
