import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createGameServer, createPostgresStorage, type GameServer } from '../../src/index.js';
import { HOSTED_GAMES, SECRET } from './start-server.js';
import { freePort } from '../../../../test-utils/free-port.js';
import { findSystemBinary, inCI, postgresBinDirs } from '../../../../test-utils/system-binary.js';

/**
 * The folder of Debian's PostgreSQL binaries (initdb, pg_ctl, createdb), found without the
 * caller's PATH: `pg_config --bindir` (pg_config by absolute path), else the newest
 * /usr/lib/postgresql/<major>/bin, else wherever initdb is found. Undefined when missing.
 */
function findBinDir(): string | undefined {
  const has = (dir: string): boolean =>
    existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'));
  const pgConfig = findSystemBinary('pg_config');
  if (pgConfig !== undefined) {
    try {
      const dir = execFileSync(pgConfig, ['--bindir'], { encoding: 'utf8' }).trim();
      if (has(dir)) return dir;
    } catch {
      // fall through to the other places
    }
  }
  const initdb = findSystemBinary('initdb', postgresBinDirs());
  return initdb !== undefined && has(dirname(initdb)) ? dirname(initdb) : undefined;
}

const binDir = findBinDir();
const isRoot = process.getuid?.() === 0;
/** As root, initdb/pg_ctl run as the `postgres` user through runuser (Debian: /usr/sbin). */
const runuser = isRoot ? findSystemBinary('runuser') : undefined;
const idBin = findSystemBinary('id');

/**
 * Whether PostgreSQL tests can run. Missing binaries skip them locally with a message; in CI
 * (`CI` set) they fail instead, because `.ci/run` installs `postgresql`.
 */
export const postgresAvailable =
  binDir !== undefined && (!isRoot || (runuser !== undefined && idBin !== undefined));
if (!postgresAvailable) {
  const what =
    binDir === undefined
      ? 'PostgreSQL (initdb, pg_ctl) is missing'
      : 'runuser or id is missing (needed to run PostgreSQL as the postgres user)';
  if (inCI()) throw new Error(`${what} in CI: .ci/run should install postgresql`);
  console.warn(`skipping the PostgreSQL tests: ${what} (apt-get install -y postgresql)`);
}

/** A throwaway cluster on a loopback port. */
export interface PostgresCluster {
  readonly url: string;
  /** A fresh database on the cluster; returns its URL. */
  createDatabase(name: string): string;
  stop(): void;
}

function asPostgres(cmd: string, args: string[]): void {
  if (isRoot) execFileSync(runuser!, ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe' });
  else execFileSync(cmd, args, { stdio: 'pipe' });
}

/** initdb + pg_ctl start (fsync off unless `durable`: a throwaway test cluster). */
export async function startPostgres(durable = false): Promise<PostgresCluster> {
  if (binDir === undefined) throw new Error('PostgreSQL is not installed');
  const dir = mkdtempSync(join(tmpdir(), 'ruleloom-pg-'));
  if (isRoot) {
    const uid = Number(execFileSync(idBin!, ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync(idBin!, ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  asPostgres(join(binDir, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    '--no-sync',
  ]);
  const port = await freePort();
  asPostgres(join(binDir, 'pg_ctl'), [
    '-D',
    data,
    '-l',
    join(dir, 'server.log'),
    '-w',
    '-o',
    `-p ${String(port)} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200${durable ? '' : ' -c fsync=off -c synchronous_commit=off'}`,
    'start',
  ]);
  const base = `postgres://postgres@127.0.0.1:${String(port)}`;
  return {
    url: `${base}/postgres`,
    createDatabase(name) {
      execFileSync(
        join(binDir, 'createdb'),
        ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', name],
        { stdio: 'pipe' },
      );
      return `${base}/${name}`;
    },
    stop() {
      try {
        asPostgres(join(binDir, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** The throwaway cluster of one test file (see {@link usePostgres}). */
export interface SuitePostgres {
  /** A fresh database on the file's cluster; returns its URL. */
  createDatabase(name: string): string;
  /** The URL of the database named to {@link usePostgres}, once `beforeAll` has run. */
  readonly url: string;
}

/**
 * Starts a throwaway cluster before the file's tests (when PostgreSQL is available; see
 * {@link postgresAvailable}) and stops it after them. With `database`, also creates that
 * database, whose URL `url` gives.
 */
export function usePostgres(database?: string): SuitePostgres {
  let cluster: PostgresCluster | undefined;
  let url: string | undefined;
  beforeAll(async () => {
    if (!postgresAvailable) return;
    cluster = await startPostgres();
    if (database !== undefined) url = cluster.createDatabase(database);
  });
  afterAll(() => cluster?.stop());
  return {
    createDatabase(name) {
      if (cluster === undefined) throw new Error('the PostgreSQL cluster has not started');
      return cluster.createDatabase(name);
    },
    get url() {
      if (url === undefined)
        throw new Error('usePostgres was given no database, or has not started');
      return url;
    },
  };
}

/** Two in-process game servers sharing one PostgreSQL database. */
export interface TwoInstances {
  readonly a: GameServer;
  readonly b: GameServer;
  readonly urlA: string;
  readonly urlB: string;
  readonly db: string;
  close(): Promise<void>;
}

/** Starts two game servers (the test games, pools of 4) on the database at `db`, listening. */
export async function startTwoInstances(db: string): Promise<TwoInstances> {
  const a = await createGameServer({
    games: HOSTED_GAMES,
    secret: SECRET,
    storage: createPostgresStorage({ connection: db, poolSize: 4 }),
  });
  const b = await createGameServer({
    games: HOSTED_GAMES,
    secret: SECRET,
    storage: createPostgresStorage({ connection: db, poolSize: 4 }),
  });
  const [urlA, urlB] = [await a.listen(), await b.listen()];
  return {
    a,
    b,
    urlA,
    urlB,
    db,
    async close() {
      await a.close();
      await b.close();
    },
  };
}

/** The actions stored for `match` in the database at `db`, read through a storage of its own. */
export async function storedRows(db: string, match: string) {
  const check = createPostgresStorage({ connection: db, poolSize: 1 });
  try {
    return await check.listActions(match, 0);
  } finally {
    await check.close();
  }
}
