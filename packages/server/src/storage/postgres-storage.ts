import pg from 'pg';
import {
  actionFromRow,
  matchFromRow,
  type GameStorage,
  type StoredMatch,
  type StoredToken,
} from './game-storage.js';

/**
 * Settings of {@link createPostgresStorage}.
 * @public
 */
export interface PostgresStorageOptions {
  /** A connection string (`postgres://user@host:port/db`) or `pg` pool settings. */
  readonly connection: string | pg.PoolConfig;
  /** Pooled connections (default 10). */
  readonly poolSize?: number;
  /** The NOTIFY channel shared by every process of one deployment (default `ruleloom_actions`). */
  readonly channel?: string;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS ruleloom_matches (
  id TEXT PRIMARY KEY, game TEXT NOT NULL, rules_version TEXT NOT NULL, setup TEXT NOT NULL,
  config TEXT NOT NULL, creator TEXT NOT NULL, created_at BIGINT NOT NULL,
  status TEXT NOT NULL, problem TEXT
);
CREATE INDEX IF NOT EXISTS ruleloom_matches_creator ON ruleloom_matches (creator, status);
CREATE TABLE IF NOT EXISTS ruleloom_actions (
  match_id TEXT NOT NULL, version INTEGER NOT NULL, seat INTEGER NOT NULL, action TEXT NOT NULL,
  hash TEXT NOT NULL, chain TEXT, client_seq BIGINT,
  PRIMARY KEY (match_id, version)
);
CREATE TABLE IF NOT EXISTS ruleloom_tokens (
  hash TEXT PRIMARY KEY, match_id TEXT NOT NULL, seat INTEGER NOT NULL,
  expires_at BIGINT NOT NULL, revoked BOOLEAN NOT NULL DEFAULT false
);
`;

/**
 * Storage in PostgreSQL through `pg`. Several server processes may share one database:
 * the primary key (match, version) lets only one of them store an action at a version,
 * and every append notifies the others (`LISTEN/NOTIFY`) so they push it to their clients.
 * @public
 */
export function createPostgresStorage(options: PostgresStorageOptions): GameStorage {
  const config: pg.PoolConfig =
    typeof options.connection === 'string'
      ? { connectionString: options.connection }
      : options.connection;
  const pool = new pg.Pool({ ...config, max: options.poolSize ?? 10 });
  // An idle client that loses its server must not crash the process.
  pool.on('error', () => undefined);
  const channel = options.channel ?? 'ruleloom_actions';
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel))
    throw new RangeError('the channel must be a lower-case SQL identifier');
  const listeners: pg.Client[] = [];

  return {
    shared: true,
    async init() {
      // Two processes starting together may both create the tables: serialize with a lock.
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock(72031)');
        await client.query(SCHEMA);
      } finally {
        await client.query('SELECT pg_advisory_unlock(72031)').catch(() => undefined);
        client.release();
      }
    },
    async createMatch(match: StoredMatch, tokens: readonly StoredToken[]) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(
          'INSERT INTO ruleloom_matches (id, game, rules_version, setup, config, creator, created_at, status, problem) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
          [
            match.id,
            match.game,
            match.rulesVersion,
            JSON.stringify(match.setup),
            JSON.stringify(match.config),
            match.creator,
            match.createdAt,
            match.status,
            match.problem === null ? null : JSON.stringify(match.problem),
          ],
        );
        for (const t of tokens)
          await client.query(
            'INSERT INTO ruleloom_tokens (hash, match_id, seat, expires_at) VALUES ($1, $2, $3, $4)',
            [t.hash, t.match, t.seat, t.expiresAt],
          );
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async getMatch(id) {
      const r = await pool.query('SELECT * FROM ruleloom_matches WHERE id = $1', [id]);
      const row = r.rows[0] as Parameters<typeof matchFromRow>[0] | undefined;
      return row === undefined ? undefined : matchFromRow(row);
    },
    async listActions(id, afterVersion) {
      const r = await pool.query(
        'SELECT version, seat, action, hash, chain, client_seq FROM ruleloom_actions WHERE match_id = $1 AND version > $2 ORDER BY version',
        [id, afterVersion],
      );
      return (r.rows as Parameters<typeof actionFromRow>[0][]).map(actionFromRow);
    },
    async appendAction(id, a) {
      // One statement, one transaction: the row and the notification commit together.
      const r = await pool.query(
        `WITH ins AS (
           INSERT INTO ruleloom_actions (match_id, version, seat, action, hash, chain, client_seq)
           VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING version
         )
         SELECT pg_notify($8, $1 || ':' || version) FROM ins`,
        [id, a.version, a.seat, JSON.stringify(a.action), a.hash, a.chain, a.clientSeq, channel],
      );
      return r.rowCount === 1 ? 'ok' : 'conflict';
    },
    async setStatus(id, status, problem) {
      await pool.query('UPDATE ruleloom_matches SET status = $1, problem = $2 WHERE id = $3', [
        status,
        problem === null ? null : JSON.stringify(problem),
        id,
      ]);
    },
    async countActiveMatches(creator) {
      const r = await pool.query(
        "SELECT count(*)::int AS n FROM ruleloom_matches WHERE creator = $1 AND status = 'active'",
        [creator],
      );
      return (r.rows[0] as { n: number }).n;
    },
    async addToken(t) {
      await pool.query(
        'INSERT INTO ruleloom_tokens (hash, match_id, seat, expires_at) VALUES ($1, $2, $3, $4)',
        [t.hash, t.match, t.seat, t.expiresAt],
      );
    },
    async isTokenLive(hash) {
      const r = await pool.query('SELECT revoked FROM ruleloom_tokens WHERE hash = $1', [hash]);
      const row = r.rows[0] as { revoked: boolean } | undefined;
      return row !== undefined && !row.revoked;
    },
    async revokeToken(hash) {
      await pool.query('UPDATE ruleloom_tokens SET revoked = true WHERE hash = $1', [hash]);
    },
    async subscribe(listener) {
      // LISTEN needs a dedicated connection, not a pooled one.
      const client = new pg.Client(config);
      client.on('error', () => undefined);
      await client.connect();
      client.on('notification', (n) => {
        if (n.channel !== channel || n.payload === undefined) return;
        const at = n.payload.lastIndexOf(':');
        const version = Number(n.payload.slice(at + 1));
        if (at > 0 && Number.isSafeInteger(version)) listener(n.payload.slice(0, at), version);
      });
      await client.query(`LISTEN ${channel}`);
      listeners.push(client);
      return async () => {
        listeners.splice(listeners.indexOf(client), 1);
        await client.end().catch(() => undefined);
      };
    },
    async close() {
      await Promise.all(listeners.splice(0).map((c) => c.end().catch(() => undefined)));
      await pool.end();
    },
  };
}
