// Finds the system programs that test suites start (PostgreSQL, Redis, Python, Chromium,
// tmux, runuser) without relying on the caller's PATH, which may lack /usr/sbin.
// The same file sits in several packages (tests may not import across packages);
// scripts/system-binary.test.ts checks that every copy is identical.
import { accessSync, constants, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Where system programs live, searched before the PATH (Debian puts runuser in /usr/sbin). */
export const SYSTEM_DIRS: readonly string[] = [
  '/usr/sbin',
  '/usr/bin',
  '/usr/local/sbin',
  '/usr/local/bin',
  '/sbin',
  '/bin',
];

function isExecutableFile(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * The absolute path of a program: searched in `dirs` first, then {@link SYSTEM_DIRS}, then
 * the PATH. Undefined when none has it.
 */
export function findSystemBinary(name: string, dirs: readonly string[] = []): string | undefined {
  const path = (process.env.PATH ?? '').split(':').filter((d) => d.startsWith('/'));
  for (const dir of [...dirs, ...SYSTEM_DIRS, ...path]) {
    const file = join(dir, name);
    if (isExecutableFile(file)) return file;
  }
  return undefined;
}

/** The folders of Debian's PostgreSQL binaries (`/usr/lib/postgresql/<major>/bin`), newest first. */
export function postgresBinDirs(): string[] {
  try {
    return readdirSync('/usr/lib/postgresql')
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a))
      .map((v) => join('/usr/lib/postgresql', v, 'bin'));
  } catch {
    return [];
  }
}

/** Whether the tests run in CI (`CI` set to anything but empty, `0` or `false`). */
export function inCI(): boolean {
  const ci = process.env.CI;
  return ci !== undefined && ci !== '' && ci !== '0' && ci.toLowerCase() !== 'false';
}

/**
 * A program a suite needs. When it is missing: in CI, throws (the suite FAILS: `.ci/run`
 * installs every service, so a missing one is a broken machine, never a reason to skip);
 * elsewhere, warns and returns undefined so the suite can skip with a message.
 */
export function requireSystemBinary(
  name: string,
  install: string,
  dirs: readonly string[] = [],
): string | undefined {
  const file = findSystemBinary(name, dirs);
  if (file !== undefined) return file;
  const where = [...dirs, ...SYSTEM_DIRS].join(':');
  if (inCI())
    throw new Error(`${name} was not found in ${where} or the PATH, and CI is set: ${install}`);
  console.warn(
    `${name} not found (searched ${where} and the PATH): its tests are skipped (${install})`,
  );
  return undefined;
}
