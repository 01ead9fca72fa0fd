import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { arch, hostname, platform } from 'node:os';
import { bytesToHex } from '@noble/hashes/utils.js';

/**
 * Where a distributed game was played: enough to audit a result.
 * @public
 */
export interface WorkerEnvironment {
  /** `<host>/<pid>/<random>`: unique per worker process. */
  readonly id: string;
  readonly host: string;
  readonly pid: number;
  /** `process.version`. */
  readonly node: string;
  readonly platform: string;
  readonly arch: string;
  /** Versions of the packages that played: `@ruleloom/core`, `@ruleloom/bots`, `bullmq`, games. */
  readonly packages: Readonly<Record<string, string>>;
}

/** The version of an installed package, seen from this package (undefined when not found). */
export function packageVersion(name: string): string | undefined {
  return versionOf(createRequire(import.meta.url), name);
}

function versionOf(require: NodeJS.Require, name: string): string | undefined {
  try {
    const pkg = require(`${name}/package.json`) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : undefined;
  } catch {
    return undefined;
  }
}

/** The environment of this process; `extra` names more packages to report (game packages). */
export function workerEnvironment(extra: readonly string[] = []): WorkerEnvironment {
  const require = createRequire(import.meta.url);
  const packages: Record<string, string> = {};
  for (const name of ['@ruleloom/core', '@ruleloom/bots', 'bullmq', 'ioredis', ...extra]) {
    const version = versionOf(require, name);
    if (version !== undefined) packages[name] = version;
  }
  const random = new Uint8Array(4);
  globalThis.crypto.getRandomValues(random);
  const host = hostname();
  return {
    id: `${host}/${String(process.pid)}/${bytesToHex(random)}`,
    host,
    pid: process.pid,
    node: process.version,
    platform: platform(),
    arch: arch(),
    packages,
  };
}

/** The version in the nearest package.json above a module's `file:` URL (undefined when none). */
export function versionNear(url: string): string | undefined {
  if (!url.startsWith('file:')) return undefined;
  let dir = dirname(fileURLToPath(url));
  for (let i = 0; i < 8; i++) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        version?: unknown;
      };
      if (typeof pkg.version === 'string') return pkg.version;
    } catch {
      // no package.json here: go up
    }
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
  return undefined;
}
