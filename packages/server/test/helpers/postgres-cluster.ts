import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SYSTEM_DIRS = ['/usr/sbin', '/usr/bin', '/usr/local/sbin', '/usr/local/bin', '/sbin', '/bin'];

/** A system binary by absolute path (CI and users may run with a PATH without /usr/sbin). */
function systemBinary(name: string): string {
  for (const dir of SYSTEM_DIRS) if (existsSync(join(dir, name))) return join(dir, name);
  return name;
}

/** The folder of Debian's PostgreSQL binaries (initdb, pg_ctl), or undefined when missing. */
function findBinDir(): string | undefined {
  try {
    const dir = execFileSync(systemBinary('pg_config'), ['--bindir'], {
      encoding: 'utf8',
    }).trim();
    return existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')) ? dir : undefined;
  } catch {
    return undefined;
  }
}

const binDir = findBinDir();

/**
 * Whether PostgreSQL tests can run. Missing binaries skip them locally with a message; in CI
 * (`CI` set) they fail instead, because `.ci/run` installs `postgresql`.
 */
export const postgresAvailable = binDir !== undefined;
if (!postgresAvailable) {
  if (process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false')
    throw new Error(
      'PostgreSQL (initdb, pg_ctl) is missing in CI: .ci/run should install postgresql',
    );
  console.warn(
    'skipping the PostgreSQL tests: initdb/pg_ctl not found (apt-get install -y postgresql)',
  );
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** A throwaway cluster on a loopback port. */
export interface PostgresCluster {
  readonly url: string;
  /** A fresh database on the cluster; returns its URL. */
  createDatabase(name: string): string;
  stop(): void;
}

function asPostgres(cmd: string, args: string[]): void {
  const root = process.getuid?.() === 0;
  if (root)
    execFileSync(systemBinary('runuser'), ['-u', 'postgres', '--', cmd, ...args], {
      stdio: 'pipe',
    });
  else execFileSync(cmd, args, { stdio: 'pipe' });
}

/** initdb + pg_ctl start (fsync off unless `durable`: a throwaway test cluster). */
export async function startPostgres(durable = false): Promise<PostgresCluster> {
  if (binDir === undefined) throw new Error('PostgreSQL is not installed');
  const dir = mkdtempSync(join(tmpdir(), 'ruleloom-pg-'));
  if (process.getuid?.() === 0) {
    const id = systemBinary('id');
    const uid = Number(execFileSync(id, ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync(id, ['-g', 'postgres'], { encoding: 'utf8' }).trim());
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
