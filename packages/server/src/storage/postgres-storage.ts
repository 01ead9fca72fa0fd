import pg from 'pg';
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
  type GameStorage,
  type StorageEvent,
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
import { migrationsTable, pendingMigrations, POSTGRES_DIALECT } from './migrations.js';

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
  /**
   * Keep a state snapshot every this many actions (and at the end of a match), so a match
   * loads without replaying its history. Default {@link DEFAULT_SNAPSHOT_EVERY} (100).
   */
  readonly snapshotEvery?: number;
}

/**
 * Notification payloads: `a:<version>:<match>`, `r:<token hash>`, `q:<match>`, `n:<match>`,
 * `c:<chat seq>:<match>`.
 */
function parseEvent(payload: string): StorageEvent | undefined {
  const kind = payload.slice(0, 2);
  const rest = payload.slice(2);
  if (kind === 'r:' && rest !== '') return { type: 'revoked', hash: rest };
  if (kind === 'q:' && rest !== '') return { type: 'quarantined', match: rest };
  if (kind === 'n:' && rest !== '') return { type: 'names', match: rest };
  if (kind === 'a:' || kind === 'c:') {
    const at = rest.indexOf(':');
    const n = Number(rest.slice(0, at));
    if (at > 0 && Number.isSafeInteger(n))
      return kind === 'a:'
        ? { type: 'action', match: rest.slice(at + 1), version: n }
        : { type: 'chat', match: rest.slice(at + 1), seq: n };
  }
  return undefined;
}

/**
 * Storage in PostgreSQL through `pg`. Several server processes may share one database: an
 * action is stored only if the history is at the version before it and its (match, seat,
 * client seq) is new, in one statement; every append, revocation and quarantine notifies the
 * other processes (`LISTEN/NOTIFY`, in the same transaction) so they act on it at once.
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
  const snapshotEvery = snapshotEveryOf(options.snapshotEvery);

  /** Runs `work` on one pooled connection inside BEGIN/COMMIT (ROLLBACK when it throws). */
  async function inTransaction(work: (client: pg.PoolClient) => Promise<void>): Promise<void> {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await work(client);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  return {
    shared: true,
    async init() {
      // Two processes starting together: one migrates, the other waits for the lock.
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock(72031)');
        await client.query(migrationsTable(POSTGRES_DIALECT));
        const r = await client.query('SELECT version FROM ruleloom_schema_migrations');
        const applied = (r.rows as { version: number | string }[]).map((row) =>
          Number(row.version),
        );
        for (const m of pendingMigrations(applied)) {
          await client.query('BEGIN');
          try {
            for (const sql of m.up(POSTGRES_DIALECT)) await client.query(sql);
            await client.query(
              'INSERT INTO ruleloom_schema_migrations (version, name, applied_at) VALUES ($1, $2, extract(epoch from now())::bigint * 1000)',
              [m.version, m.name],
            );
            await client.query('COMMIT');
          } catch (error) {
            await client.query('ROLLBACK').catch(() => undefined);
            throw error;
          }
        }
      } finally {
        await client.query('SELECT pg_advisory_unlock(72031)').catch(() => undefined);
        client.release();
      }
    },
    async createMatch(match: StoredMatch, tokens: readonly StoredToken[]) {
      await inTransaction(async (client) => {
        await client.query(
          'INSERT INTO ruleloom_matches (id, game, rules_version, setup, config, creator, created_at, status, problem, bot_secret, free_seats) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)',
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
            match.botSecret,
            freeSeatsAtCreation(match),
          ],
        );
        for (const seat of heldSeats(match))
          await client.query('INSERT INTO ruleloom_seat_claims (match_id, seat) VALUES ($1, $2)', [
            match.id,
            seat,
          ]);
        for (const t of tokens)
          await client.query(
            'INSERT INTO ruleloom_tokens (hash, match_id, seat, expires_at) VALUES ($1, $2, $3, $4)',
            [t.hash, t.match, t.seat, t.expiresAt],
          );
      });
    },
    async getMatch(id) {
      const r = await pool.query('SELECT * FROM ruleloom_matches WHERE id = $1', [id]);
      const row = r.rows[0] as Parameters<typeof matchFromRow>[0] | undefined;
      return row === undefined ? undefined : matchFromRow(row);
    },
    async listActions(id, afterVersion, limit) {
      const r = await pool.query(
        'SELECT version, seat, action, hash, chain, client_seq, events FROM ruleloom_actions WHERE match_id = $1 AND version > $2 ORDER BY version LIMIT $3',
        [id, afterVersion, limit ?? null],
      );
      return (r.rows as Parameters<typeof actionFromRow>[0][]).map(actionFromRow);
    },
    async appendAction(id, a, snapshot) {
      // One statement, one transaction: the compare-and-set on the version (the history
      // must end at version - 1; the primary key settles a tie), the unique (match, seat,
      // client seq), the row, the snapshot (if one is due) and the notification commit
      // together or not at all.
      const snap = keepsSnapshot(a.version, snapshotEvery, snapshot)
        ? JSON.stringify(snapshot.state)
        : null;
      const r = await pool.query(
        `WITH ins AS (
           INSERT INTO ruleloom_actions (match_id, version, seat, action, hash, chain, client_seq, events)
           SELECT $1::text, $2::int, $3::int, $4::text, $5::text, $6::text, $7::bigint, $9::text
           WHERE (SELECT coalesce(max(version), 0) FROM ruleloom_actions WHERE match_id = $1::text) = $2::int - 1
           ON CONFLICT DO NOTHING RETURNING version
         ), snap AS (
           INSERT INTO ruleloom_snapshots (match_id, version, state, hash, chain)
           SELECT $1::text, version, $10::text, $5::text, $6::text FROM ins WHERE $10::text IS NOT NULL
           ON CONFLICT (match_id, version) DO UPDATE SET state = excluded.state, hash = excluded.hash, chain = excluded.chain
           RETURNING version
         )
         SELECT pg_notify($8::text, 'a:' || version || ':' || $1::text) FROM ins`,
        [
          id,
          a.version,
          a.seat,
          JSON.stringify(a.action),
          a.hash,
          a.chain,
          a.clientSeq,
          channel,
          a.events === undefined ? null : JSON.stringify(a.events),
          snap,
        ],
      );
      if (r.rowCount === 1 && snap !== null)
        // Older snapshots go after the commit (a failure here only leaves one more row).
        await pool.query(pruneSnapshotsSql('$1', '$1'), [id]).catch(() => undefined);
      if (r.rowCount === 1) return { status: 'ok' };
      if (a.clientSeq !== null) {
        // Read after the statement: a concurrent insert it waited for is committed by now.
        const d = await pool.query(
          'SELECT version FROM ruleloom_actions WHERE match_id = $1 AND seat = $2 AND client_seq = $3',
          [id, a.seat, a.clientSeq],
        );
        const row = d.rows[0] as { version: number | string } | undefined;
        if (row !== undefined) return { status: 'duplicate', version: Number(row.version) };
      }
      return { status: 'conflict' };
    },
    async lastClientSeq(id, seat) {
      const r = await pool.query(
        'SELECT coalesce(max(client_seq), 0) AS s FROM ruleloom_actions WHERE match_id = $1 AND seat = $2 AND client_seq IS NOT NULL',
        [id, seat],
      );
      return Number((r.rows[0] as { s: string | number }).s);
    },
    async clientSeqVersion(id, seat, seq) {
      const r = await pool.query(
        'SELECT version FROM ruleloom_actions WHERE match_id = $1 AND seat = $2 AND client_seq = $3',
        [id, seat, seq],
      );
      const row = r.rows[0] as { version: string | number } | undefined;
      return row === undefined ? undefined : Number(row.version);
    },
    async latestSnapshot(id, atMost) {
      const r = await pool.query(
        'SELECT version, state, hash, chain FROM ruleloom_snapshots WHERE match_id = $1 AND version <= $2 ORDER BY version DESC LIMIT 1',
        [id, atMost ?? 2_147_483_647],
      );
      const row = r.rows[0] as Parameters<typeof snapshotFromRow>[0] | undefined;
      return row === undefined ? undefined : snapshotFromRow(row);
    },
    async setStatus(id, status, problem) {
      await pool.query(
        `WITH upd AS (UPDATE ruleloom_matches SET status = $1::text, problem = $2::text WHERE id = $3::text RETURNING id)
         SELECT pg_notify($4::text, 'q:' || id) FROM upd WHERE $1::text = 'quarantined'`,
        [status, problem === null ? null : JSON.stringify(problem), id, channel],
      );
    },
    async countActiveMatches(creator) {
      const r = await pool.query(
        "SELECT count(*)::int AS n FROM ruleloom_matches WHERE creator = $1 AND status = 'active'",
        [creator],
      );
      return (r.rows[0] as { n: number }).n;
    },
    async listMatches(creator, limit) {
      const r = await pool.query(
        'SELECT * FROM ruleloom_matches WHERE creator = $1 ORDER BY created_at DESC, id LIMIT $2',
        [creator, limit],
      );
      return listedMatches(r.rows as Parameters<typeof matchFromRow>[0][]);
    },
    async listOpenMatches(page) {
      const r = await pool.query(
        `SELECT m.*, (SELECT string_agg(seat::text, ',') FROM ruleloom_seat_claims c WHERE c.match_id = m.id) AS claimed
         FROM ruleloom_matches m
         WHERE m.free_seats > 0 AND m.status = 'active' AND ($1::text IS NULL OR m.game = $1::text)
           AND ($2::bigint IS NULL OR m.created_at < $2::bigint OR (m.created_at = $2::bigint AND m.id < $3::text))
         ORDER BY m.created_at DESC, m.id DESC LIMIT $4`,
        [page.game, page.before?.createdAt ?? null, page.before?.id ?? null, page.limit],
      );
      return openMatchRows(r.rows as Parameters<typeof openMatchRows>[0]);
    },
    async claimSeat(id, seat) {
      // One statement: the claim (the primary key takes a seat once across every process)
      // and the count of free seats.
      const r = await pool.query(
        `WITH ins AS (
           INSERT INTO ruleloom_seat_claims (match_id, seat)
           SELECT id, $2::int FROM ruleloom_matches WHERE id = $1::text AND free_seats > 0
           ON CONFLICT DO NOTHING RETURNING match_id
         )
         UPDATE ruleloom_matches SET free_seats = free_seats - 1
         WHERE id IN (SELECT match_id FROM ins) RETURNING id`,
        [id, seat],
      );
      return r.rowCount === 1;
    },
    async setNames(id, names) {
      // One transaction: the row locked, the names merged, other processes told at commit.
      await inTransaction(async (client) => {
        const r = await client.query(
          'SELECT config FROM ruleloom_matches WHERE id = $1 FOR UPDATE',
          [id],
        );
        const row = r.rows[0] as { config: string } | undefined;
        if (row !== undefined) {
          const config = JSON.parse(row.config) as StoredMatch['config'];
          const merged = mergeNames(config.names, names);
          await client.query('UPDATE ruleloom_matches SET config = $1 WHERE id = $2', [
            JSON.stringify({ ...config, names: merged }),
            id,
          ]);
          await client.query('SELECT pg_notify($1::text, $2::text)', [channel, `n:${id}`]);
        }
      });
    },
    async appendChat(id, line, keep) {
      // The next seq is one above the newest line; two processes taking the same one at once
      // meet at the primary key: the later insert does nothing and takes the next seq.
      for (let attempt = 0; ; attempt++) {
        const r = await pool.query(
          `WITH ins AS (
             INSERT INTO ruleloom_chat (match_id, seq, seat, name, text, at)
             SELECT $1::text, coalesce(max(seq), 0) + 1, $2::int, $3::text, $4::text, $5::bigint
             FROM ruleloom_chat WHERE match_id = $1::text
             ON CONFLICT DO NOTHING RETURNING seq
           )
           SELECT seq, pg_notify($6::text, 'c:' || seq || ':' || $1::text) FROM ins`,
          [id, line.seat, line.name, line.text, line.at, channel],
        );
        const row = r.rows[0] as { seq: number | string } | undefined;
        if (row !== undefined) {
          const seq = Number(row.seq);
          // Older lines go after the commit (a failure here only leaves a few more rows).
          await pool
            .query(pruneChatSql('$1', '$2'), [id, chatPruneBelow(seq, keep)])
            .catch(() => undefined);
          return { seq, ...line };
        }
        // Each lost attempt means another line was stored meanwhile (progress), so this ends
        // unless a flood never pauses; the bound keeps even that from spinning forever.
        if (attempt >= 1_000) throw new Error('storing a chat line kept meeting other lines');
      }
    },
    async listChat(id, afterSeq, limit) {
      const r = await pool.query(listChatSql('$1', '$2', '$3'), [id, afterSeq, limit]);
      return (r.rows as ChatRow[]).map(chatFromRow);
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
      await pool.query(
        `WITH upd AS (UPDATE ruleloom_tokens SET revoked = true WHERE hash = $1 RETURNING hash)
         SELECT pg_notify($2::text, 'r:' || hash) FROM upd`,
        [hash, channel],
      );
    },
    async revokeSeatTokens(id, seat, keep) {
      // One statement: the seat's other live tokens revoked, every process told at commit.
      const r = await pool.query(
        `WITH upd AS (
           UPDATE ruleloom_tokens SET revoked = true
           WHERE match_id = $1 AND seat = $2 AND hash <> $3 AND NOT revoked RETURNING hash
         )
         SELECT hash, pg_notify($4::text, 'r:' || hash) FROM upd`,
        [id, seat, keep, channel],
      );
      return (r.rows as { hash: string }[]).map((row) => row.hash);
    },
    async releaseSeat(id, seat, now) {
      // One statement: the claim dropped only while no live token holds the seat, and the
      // free seat counted (a concurrent claim of the seat waits on the claim row).
      const r = await pool.query(
        `WITH gone AS (
           DELETE FROM ruleloom_seat_claims
           WHERE match_id = $1 AND seat = $2 AND NOT EXISTS (
             SELECT 1 FROM ruleloom_tokens
             WHERE match_id = $1 AND seat = $2 AND NOT revoked AND expires_at > $3
           )
           RETURNING match_id
         )
         UPDATE ruleloom_matches SET free_seats = free_seats + 1
         WHERE id IN (SELECT match_id FROM gone) AND free_seats IS NOT NULL RETURNING id`,
        [id, seat, now],
      );
      return r.rowCount === 1;
    },
    async subscribe(listener) {
      // LISTEN needs a dedicated connection, not a pooled one.
      const client = new pg.Client(config);
      client.on('error', () => undefined);
      await client.connect();
      client.on('notification', (n) => {
        if (n.channel !== channel || n.payload === undefined) return;
        const event = parseEvent(n.payload);
        if (event !== undefined) listener(event);
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
