import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import Database from 'libsql';
import {
  actionFromRow,
  freeSeatsAtCreation,
  heldSeats,
  keepsSnapshot,
  listedMatches,
  matchFromRow,
  mergeNames,
  openMatchRows,
  pruneSnapshotsSql,
  snapshotEveryOf,
  snapshotFromRow,
  type AppendResult,
  type GameStorage,
  type MatchProblem,
  type MatchStatus,
  type SnapshotCandidate,
  type StoredAction,
  type StoredMatch,
  type StoredToken,
} from './game-storage.js';
import {
  chatFromRow,
  chatPruneBelow,
  listChatSql,
  pruneChatSql,
  type ChatRow,
} from './chat-storage.js';
import { migrationsTable, pendingMigrations, SQLITE_DIALECT } from './migrations.js';
import { checkSqliteFile } from './sqlite-file-check.js';

/**
 * Settings of {@link createSqliteStorage}.
 * @public
 */
export interface SqliteStorageOptions {
  /** The database file (created with mode 0600 if missing); `':memory:'` for a throwaway store. */
  readonly file: string;
  /**
   * SQLite's `synchronous` setting in WAL mode. `'normal'` (default) survives a killed
   * process with every acknowledged action; `'full'` also survives a power cut.
   */
  readonly synchronous?: 'normal' | 'full';
  /**
   * Keep a state snapshot every this many actions (and at the end of a match), so a match
   * loads without replaying its history. Default {@link DEFAULT_SNAPSHOT_EVERY} (100).
   */
  readonly snapshotEvery?: number;
}

/** The statements, prepared once the file is checked and locked. */
function prepare(db: Database.Database) {
  return {
    insertMatch: db.prepare(
      'INSERT INTO ruleloom_matches (id, game, rules_version, setup, config, creator, created_at, status, problem, bot_secret, free_seats) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    insertToken: db.prepare(
      'INSERT INTO ruleloom_tokens (hash, match_id, seat, expires_at) VALUES (?, ?, ?, ?)',
    ),
    selectMatch: db.prepare('SELECT * FROM ruleloom_matches WHERE id = ?'),
    listMatches: db.prepare(
      'SELECT * FROM ruleloom_matches WHERE creator = ? ORDER BY created_at DESC, id LIMIT ?',
    ),
    listOpen: db.prepare(
      `SELECT m.*, (SELECT group_concat(seat) FROM ruleloom_seat_claims c WHERE c.match_id = m.id) AS claimed
       FROM ruleloom_matches m
       WHERE m.free_seats > 0 AND m.status = 'active' AND ($game IS NULL OR m.game = $game)
         AND ($at IS NULL OR m.created_at < $at OR (m.created_at = $at AND m.id < $id))
       ORDER BY m.created_at DESC, m.id DESC LIMIT $limit`,
    ),
    insertClaim: db.prepare(
      'INSERT OR IGNORE INTO ruleloom_seat_claims (match_id, seat) SELECT id, ? FROM ruleloom_matches WHERE id = ? AND free_seats > 0',
    ),
    insertHeld: db.prepare('INSERT INTO ruleloom_seat_claims (match_id, seat) VALUES (?, ?)'),
    countClaim: db.prepare('UPDATE ruleloom_matches SET free_seats = free_seats - 1 WHERE id = ?'),
    liveSeatToken: db.prepare(
      'SELECT 1 FROM ruleloom_tokens WHERE match_id = ? AND seat = ? AND revoked = 0 AND expires_at > ? LIMIT 1',
    ),
    deleteClaim: db.prepare('DELETE FROM ruleloom_seat_claims WHERE match_id = ? AND seat = ?'),
    uncountClaim: db.prepare(
      'UPDATE ruleloom_matches SET free_seats = free_seats + 1 WHERE id = ? AND free_seats IS NOT NULL',
    ),
    setConfig: db.prepare('UPDATE ruleloom_matches SET config = ? WHERE id = ?'),
    selectActions: db.prepare(
      'SELECT version, seat, action, hash, chain, client_seq, events FROM ruleloom_actions WHERE match_id = ? AND version > ? ORDER BY version LIMIT ?',
    ),
    insertSnapshot: db.prepare(
      'INSERT OR REPLACE INTO ruleloom_snapshots (match_id, version, state, hash, chain) VALUES (?, ?, ?, ?, ?)',
    ),
    pruneSnapshots: db.prepare(pruneSnapshotsSql('?', '?')),
    selectSnapshot: db.prepare(
      'SELECT version, state, hash, chain FROM ruleloom_snapshots WHERE match_id = ? AND version <= ? ORDER BY version DESC LIMIT 1',
    ),
    lastVersion: db.prepare(
      'SELECT coalesce(max(version), 0) AS v FROM ruleloom_actions WHERE match_id = ?',
    ),
    selectSeq: db.prepare(
      'SELECT version FROM ruleloom_actions WHERE match_id = ? AND seat = ? AND client_seq = ?',
    ),
    lastSeq: db.prepare(
      'SELECT coalesce(max(client_seq), 0) AS s FROM ruleloom_actions WHERE match_id = ? AND seat = ? AND client_seq IS NOT NULL',
    ),
    insertAction: db.prepare(
      'INSERT INTO ruleloom_actions (match_id, version, seat, action, hash, chain, client_seq, events) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    updateStatus: db.prepare('UPDATE ruleloom_matches SET status = ?, problem = ? WHERE id = ?'),
    countActive: db.prepare(
      "SELECT count(*) AS n FROM ruleloom_matches WHERE creator = ? AND status = 'active'",
    ),
    selectToken: db.prepare('SELECT revoked FROM ruleloom_tokens WHERE hash = ?'),
    revoke: db.prepare('UPDATE ruleloom_tokens SET revoked = 1 WHERE hash = ?'),
    seatTokens: db.prepare(
      'SELECT hash FROM ruleloom_tokens WHERE match_id = ? AND seat = ? AND hash <> ? AND revoked = 0',
    ),
    lastChat: db.prepare('SELECT coalesce(max(seq), 0) AS s FROM ruleloom_chat WHERE match_id = ?'),
    insertChat: db.prepare(
      'INSERT INTO ruleloom_chat (match_id, seq, seat, name, text, at) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    pruneChat: db.prepare(pruneChatSql('?', '?')),
    listChat: db.prepare(listChatSql('?', '?', '?')),
  };
}

/** Opens, checks, locks and migrates the file; throws a clear Error when it must not be used. */
function openChecked(options: SqliteStorageOptions): Database.Database {
  const file = options.file;
  const memory = file === ':memory:';
  if (!memory) {
    const damaged = checkSqliteFile(file);
    if (damaged !== undefined)
      throw new Error(
        `refusing to use ${damaged}; nothing was written. Restore it from a backup, or move it away to start empty.`,
      );
    if (!existsSync(file)) {
      closeSync(openSync(file, 'wx', 0o600));
      chmodSync(file, 0o600);
    }
  }
  const db = new Database(file);
  try {
    // One process per file: hold SQLite's exclusive lock for as long as the store is open
    // (the OS drops it when the process dies, so a SIGKILL leaves no stale lock).
    db.pragma('locking_mode = EXCLUSIVE');
    try {
      db.exec('BEGIN EXCLUSIVE; COMMIT;');
    } catch (error) {
      throw new Error(
        `${file} is in use by another process (SQLite storage allows one server per file; use PostgreSQL for several): ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
    let problems: string[];
    try {
      problems = (db.pragma('quick_check') as { quick_check: string }[]).map((r) => r.quick_check);
    } catch (error) {
      problems = [error instanceof Error ? error.message : String(error)];
    }
    if (problems.length !== 1 || problems[0] !== 'ok')
      throw new Error(
        `refusing to use ${file}: SQLite's integrity check failed (${problems.slice(0, 3).join('; ').slice(0, 300)}); nothing was written. Restore it from a backup, or move it away to start empty.`,
      );
    db.pragma('journal_mode = WAL');
    db.pragma(`synchronous = ${options.synchronous === 'full' ? 'FULL' : 'NORMAL'}`);
    db.pragma('busy_timeout = 5000');
    db.exec(migrationsTable(SQLITE_DIALECT));
    const applied = (
      db.prepare('SELECT version FROM ruleloom_schema_migrations').all() as {
        version: number | bigint;
      }[]
    ).map((r) => Number(r.version));
    const record = db.prepare(
      'INSERT INTO ruleloom_schema_migrations (version, name, applied_at) VALUES (?, ?, ?)',
    );
    for (const m of pendingMigrations(applied)) {
      db.transaction(() => {
        for (const sql of m.up(SQLITE_DIALECT)) db.exec(sql);
        record.run(m.version, m.name, 0);
      })();
    }
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * Storage in one SQLite file through `libsql` (a prebuilt binary, no compiler needed), in
 * WAL mode: the embedded default of `ruleloom serve`. `init()` refuses a damaged file (a cut-off
 * tail or a failed `PRAGMA quick_check`) before writing anything, and holds an exclusive lock
 * so a second process on the same file is refused. One process per file.
 * @public
 */
export function createSqliteStorage(options: SqliteStorageOptions): GameStorage {
  const snapshotEvery = snapshotEveryOf(options.snapshotEvery);
  let db: Database.Database | undefined;
  let q: ReturnType<typeof prepare> | undefined;
  const st = (): ReturnType<typeof prepare> => {
    if (q === undefined) throw new Error('the SQLite storage is not initialized: call init()');
    return q;
  };

  return {
    shared: false,
    init() {
      if (db !== undefined) return Promise.resolve();
      try {
        db = openChecked(options);
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
      q = prepare(db);
      return Promise.resolve();
    },
    createMatch(match: StoredMatch, tokens: readonly StoredToken[]) {
      const s = st();
      (db as Database.Database).transaction(() => {
        s.insertMatch.run(
          match.id,
          match.game,
          match.rulesVersion,
          JSON.stringify(match.setup),
          JSON.stringify(match.config),
          match.creator,
          match.createdAt,
          match.status,
          match.problem === null ? null : JSON.stringify(match.problem),
          match.botSecret,
          freeSeatsAtCreation(match),
        );
        for (const seat of heldSeats(match)) s.insertHeld.run(match.id, seat);
        for (const t of tokens) s.insertToken.run(t.hash, t.match, t.seat, t.expiresAt);
      })();
      return Promise.resolve();
    },
    getMatch(id) {
      const row = st().selectMatch.get(id) as Parameters<typeof matchFromRow>[0] | undefined;
      return Promise.resolve(row === undefined ? undefined : matchFromRow(row));
    },
    listActions(id, afterVersion, limit) {
      const rows = st().selectActions.all(id, afterVersion, limit ?? -1) as Parameters<
        typeof actionFromRow
      >[0][];
      return Promise.resolve(rows.map(actionFromRow));
    },
    appendAction(id: string, a: StoredAction, snapshot?: SnapshotCandidate) {
      const s = st();
      // One transaction: the seq check, the version compare-and-set and the insert.
      const result = (db as Database.Database).transaction((): AppendResult => {
        if (a.clientSeq !== null) {
          const dup = s.selectSeq.get(id, a.seat, a.clientSeq) as
            { version: number | bigint } | undefined;
          if (dup !== undefined) return { status: 'duplicate', version: Number(dup.version) };
        }
        const last = Number((s.lastVersion.get(id) as { v: number | bigint }).v);
        if (last !== a.version - 1) return { status: 'conflict' };
        s.insertAction.run(
          id,
          a.version,
          a.seat,
          JSON.stringify(a.action),
          a.hash,
          a.chain,
          a.clientSeq,
          a.events === undefined ? null : JSON.stringify(a.events),
        );
        if (keepsSnapshot(a.version, snapshotEvery, snapshot)) {
          s.insertSnapshot.run(id, a.version, JSON.stringify(snapshot.state), a.hash, a.chain);
          s.pruneSnapshots.run(id, id);
        }
        return { status: 'ok' };
      })();
      return Promise.resolve(result);
    },
    lastClientSeq(id, seat) {
      return Promise.resolve(Number((st().lastSeq.get(id, seat) as { s: number | bigint }).s));
    },
    clientSeqVersion(id, seat, seq) {
      const row = st().selectSeq.get(id, seat, seq) as { version: number | bigint } | undefined;
      return Promise.resolve(row === undefined ? undefined : Number(row.version));
    },
    latestSnapshot(id, atMost) {
      const row = st().selectSnapshot.get(id, atMost ?? 2_147_483_647) as
        Parameters<typeof snapshotFromRow>[0] | undefined;
      return Promise.resolve(row === undefined ? undefined : snapshotFromRow(row));
    },
    setStatus(id: string, status: MatchStatus, problem: MatchProblem | null) {
      st().updateStatus.run(status, problem === null ? null : JSON.stringify(problem), id);
      return Promise.resolve();
    },
    countActiveMatches(creator) {
      return Promise.resolve(Number((st().countActive.get(creator) as { n: number | bigint }).n));
    },
    listMatches(creator, limit) {
      const rows = st().listMatches.all(creator, limit) as Parameters<typeof matchFromRow>[0][];
      return Promise.resolve(listedMatches(rows));
    },
    listOpenMatches(page) {
      const rows = st().listOpen.all({
        game: page.game,
        at: page.before?.createdAt ?? null,
        id: page.before?.id ?? null,
        limit: page.limit,
      }) as Parameters<typeof openMatchRows>[0];
      return Promise.resolve(openMatchRows(rows));
    },
    claimSeat(id, seat) {
      const s = st();
      // One transaction: the claim (once per seat) and the count of free seats.
      const took = (db as Database.Database).transaction((): boolean => {
        if (s.insertClaim.run(seat, id).changes !== 1) return false;
        s.countClaim.run(id);
        return true;
      })();
      return Promise.resolve(took);
    },
    setNames(id, names) {
      const row = st().selectMatch.get(id) as Parameters<typeof matchFromRow>[0] | undefined;
      if (row !== undefined) {
        const config = matchFromRow(row).config;
        const merged = mergeNames(config.names, names);
        st().setConfig.run(JSON.stringify({ ...config, names: merged }), id);
      }
      return Promise.resolve();
    },
    appendChat(id, line, keep) {
      const s = st();
      // One transaction: the next seq, the row, and dropping the lines past `keep`.
      const stored = (db as Database.Database).transaction(() => {
        const seq = Number((s.lastChat.get(id) as { s: number | bigint }).s) + 1;
        s.insertChat.run(id, seq, line.seat, line.name, line.text, line.at);
        s.pruneChat.run(id, chatPruneBelow(seq, keep));
        return { seq, ...line };
      })();
      return Promise.resolve(stored);
    },
    listChat(id, afterSeq, limit) {
      const rows = st().listChat.all(id, afterSeq, limit) as ChatRow[];
      return Promise.resolve(rows.map(chatFromRow));
    },
    addToken(t) {
      st().insertToken.run(t.hash, t.match, t.seat, t.expiresAt);
      return Promise.resolve();
    },
    isTokenLive(hash) {
      const row = st().selectToken.get(hash) as { revoked: number | bigint } | undefined;
      return Promise.resolve(row !== undefined && Number(row.revoked) === 0);
    },
    revokeToken(hash) {
      st().revoke.run(hash);
      return Promise.resolve();
    },
    revokeSeatTokens(id, seat, keep) {
      const s = st();
      // One transaction: the seat's live tokens read and revoked together.
      const revoked = (db as Database.Database).transaction((): string[] => {
        const hashes = (s.seatTokens.all(id, seat, keep) as { hash: string }[]).map((r) => r.hash);
        for (const hash of hashes) s.revoke.run(hash);
        return hashes;
      })();
      return Promise.resolve(revoked);
    },
    releaseSeat(id, seat, now) {
      const s = st();
      // One transaction: no live token left, the claim dropped and the free seat counted.
      const freed = (db as Database.Database).transaction((): boolean => {
        if (s.liveSeatToken.get(id, seat, now) !== undefined) return false;
        if (s.deleteClaim.run(id, seat).changes !== 1) return false;
        s.uncountClaim.run(id);
        return true;
      })();
      return Promise.resolve(freed);
    },
    subscribe: () => Promise.resolve(() => Promise.resolve()),
    close() {
      if (db !== undefined) {
        // Give the lock back now: libsql frees a closed connection only when it is garbage
        // collected, and SQLite keeps an exclusive WAL lock until WAL mode is left.
        try {
          db.pragma('journal_mode = DELETE');
          db.pragma('locking_mode = NORMAL');
          db.prepare('SELECT count(*) FROM ruleloom_schema_migrations').get();
        } catch {
          // Closing anyway: the lock then goes when the process ends.
        }
        db.close();
      }
      db = undefined;
      q = undefined;
      return Promise.resolve();
    },
  };
}
