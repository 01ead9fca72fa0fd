/**
 * The one schema of both storage adapters, as numbered migrations. Each migration is
 * written once; the few words SQLite and PostgreSQL spell differently come from the
 * dialect. A database records the migrations it has in `ruleloom_schema_migrations`, and a
 * database migrated by a newer server is refused rather than guessed at.
 */

/** The spellings that differ between the two databases. */
export interface SqlDialect {
  readonly name: 'sqlite' | 'postgres';
  /** A 64-bit integer column type. */
  readonly bigint: string;
  /** A boolean column type and its false literal. */
  readonly bool: string;
  readonly false: string;
}

export const SQLITE_DIALECT: SqlDialect = {
  name: 'sqlite',
  bigint: 'INTEGER',
  bool: 'INTEGER',
  false: '0',
};

export const POSTGRES_DIALECT: SqlDialect = {
  name: 'postgres',
  bigint: 'BIGINT',
  bool: 'BOOLEAN',
  false: 'false',
};

/** One schema step: its number, a name, and its statements. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  up(d: SqlDialect): readonly string[];
}

/**
 * Every migration, in order. Never edit a released one: add the next number.
 * (Migration 1 uses `IF NOT EXISTS` so databases made before migrations existed adopt it.)
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'matches, actions, tokens',
    up: (d) => [
      `CREATE TABLE IF NOT EXISTS ruleloom_matches (
        id TEXT PRIMARY KEY, game TEXT NOT NULL, rules_version TEXT NOT NULL, setup TEXT NOT NULL,
        config TEXT NOT NULL, creator TEXT NOT NULL, created_at ${d.bigint} NOT NULL,
        status TEXT NOT NULL, problem TEXT
      )`,
      'CREATE INDEX IF NOT EXISTS ruleloom_matches_creator ON ruleloom_matches (creator, status)',
      `CREATE TABLE IF NOT EXISTS ruleloom_actions (
        match_id TEXT NOT NULL, version INTEGER NOT NULL, seat INTEGER NOT NULL, action TEXT NOT NULL,
        hash TEXT NOT NULL, chain TEXT, client_seq ${d.bigint},
        PRIMARY KEY (match_id, version)
      )`,
      `CREATE TABLE IF NOT EXISTS ruleloom_tokens (
        hash TEXT PRIMARY KEY, match_id TEXT NOT NULL, seat INTEGER NOT NULL,
        expires_at ${d.bigint} NOT NULL, revoked ${d.bool} NOT NULL DEFAULT ${d.false}
      )`,
    ],
  },
  {
    version: 2,
    name: 'one stored action per (match, seat, client seq)',
    up: () => [
      `CREATE UNIQUE INDEX ruleloom_actions_client_seq
         ON ruleloom_actions (match_id, seat, client_seq) WHERE client_seq IS NOT NULL`,
    ],
  },
  {
    version: 3,
    name: 'per-match server secret (bot randomness)',
    up: () => ['ALTER TABLE ruleloom_matches ADD COLUMN bot_secret TEXT'],
  },
  {
    version: 4,
    name: 'state snapshots; events with each action',
    up: () => [
      `CREATE TABLE ruleloom_snapshots (
        match_id TEXT NOT NULL, version INTEGER NOT NULL, state TEXT NOT NULL,
        hash TEXT NOT NULL, chain TEXT, PRIMARY KEY (match_id, version)
      )`,
      'ALTER TABLE ruleloom_actions ADD COLUMN events TEXT',
    ],
  },
  {
    version: 5,
    name: 'public listing of open matches: free seats and seat claims',
    up: () => [
      // The free seats of a listed match (null: not listed), counted down by each claim.
      'ALTER TABLE ruleloom_matches ADD COLUMN free_seats INTEGER',
      `CREATE TABLE ruleloom_seat_claims (
        match_id TEXT NOT NULL, seat INTEGER NOT NULL, PRIMARY KEY (match_id, seat)
      )`,
      `CREATE INDEX ruleloom_matches_open ON ruleloom_matches (status, created_at)
         WHERE free_seats IS NOT NULL`,
    ],
  },
  {
    version: 6,
    name: 'chat lines of a match',
    up: (d) => [
      `CREATE TABLE ruleloom_chat (
        match_id TEXT NOT NULL, seq INTEGER NOT NULL, seat INTEGER NOT NULL, name TEXT,
        text TEXT NOT NULL, at ${d.bigint} NOT NULL, PRIMARY KEY (match_id, seq)
      )`,
    ],
  },
  {
    version: 7,
    name: 'seat tokens by match and seat (a claim revokes the earlier tokens of its seat)',
    up: () => ['CREATE INDEX ruleloom_tokens_seat ON ruleloom_tokens (match_id, seat)'],
  },
];

/** The statements that create the migrations table. */
export function migrationsTable(d: SqlDialect): string {
  return `CREATE TABLE IF NOT EXISTS ruleloom_schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at ${d.bigint} NOT NULL
  )`;
}

/** The migrations a database at `applied` still needs; throws on a newer database. */
export function pendingMigrations(applied: readonly number[]): readonly Migration[] {
  const newest = MIGRATIONS.at(-1)?.version ?? 0;
  const beyond = applied.filter((v) => v > newest);
  if (beyond.length > 0)
    throw new Error(
      `the database has schema migration ${String(Math.max(...beyond))}, newer than this server knows (${String(newest)}): run a newer @ruleloom/server`,
    );
  const have = new Set(applied);
  return MIGRATIONS.filter((m) => !have.has(m.version));
}
