/**
 * Packs every public package of the workspace (not `private`: the examples are left out) into
 * one folder, as `npm install` takes them: `pnpm run pack:public [-- --pack-destination <dir>]`
 * (default `/tmp/ruleloom`). `pnpm -r pack` would pack the private examples too. The packages
 * must be built. Prints each tarball's path; exits 1 when a package does not pack.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { listPublicPackages, type PackageJson } from './workspace-packages.js';

/** The dependency lists of a manifest, every kind a registry shows. */
const DEPENDENCY_FIELDS = [
  'dependencies',
  'devDependencies',
  'peerDependencies',
  'optionalDependencies',
] as const;

/**
 * The packages a (packed) manifest names that are packages of the workspace but not
 * published (`private`): `field: name` each, in field order. A published manifest must name
 * none, not even as a devDependency (a registry lists those; `npm install` in an unpacked
 * copy would look for them).
 */
export function unpublishedDependencies(
  manifest: Pick<PackageJson, (typeof DEPENDENCY_FIELDS)[number]>,
  privateNames: readonly string[],
): string[] {
  return DEPENDENCY_FIELDS.flatMap((field) =>
    Object.keys(manifest[field] ?? {})
      .filter((name) => privateNames.includes(name))
      .map((name) => `${field}: ${name}`),
  );
}

/** The tarball name npm and pnpm give a package: `@ruleloom/core@0.1.0` → `ruleloom-core-0.1.0.tgz`. */
export function tarballName(name: string, version: string): string {
  return `${name.replace(/^@/, '').replace('/', '-')}-${version}.tgz`;
}

/**
 * How to run pnpm from a script: the pnpm running it (`npm_execpath`, when set), else the
 * clone's pinned one (`.tools/bin/pnpm`, from `npm run setup`), else the one on the PATH.
 * Returns the command and its first arguments.
 */
export function pnpmCommand(root: string): [string, string[]] {
  const execPath = process.env['npm_execpath'];
  if (execPath === undefined || !/pnpm/.test(path.basename(execPath))) {
    const pinned = path.join(root, '.tools', 'bin', 'pnpm');
    return [existsSync(pinned) ? pinned : 'pnpm', []];
  }
  return execPath.endsWith('.js') || execPath.endsWith('.cjs')
    ? [process.execPath, [execPath]]
    : [execPath, []];
}

/**
 * Packs the public packages under `root` into `destination` (see {@link pnpmCommand}); returns
 * the tarballs' paths, in folder order.
 */
export function packPublicPackages(root: string, destination: string): string[] {
  mkdirSync(destination, { recursive: true });
  const [command, prefix] = pnpmCommand(root);
  const tarballs: string[] = [];
  for (const p of listPublicPackages(root)) {
    execFileSync(command, [...prefix, 'pack', '--pack-destination', destination], {
      cwd: p.dir,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const file = path.join(destination, tarballName(p.manifest.name, p.manifest.version));
    if (!readdirSync(destination).includes(path.basename(file)))
      throw new Error(`${p.manifest.name}: pnpm pack wrote no ${path.basename(file)}`);
    tarballs.push(file);
  }
  return tarballs;
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === import.meta.filename) {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const at = args.indexOf('--pack-destination');
  const destination = path.resolve(at === -1 ? '/tmp/ruleloom' : (args[at + 1] ?? ''));
  try {
    for (const file of packPublicPackages(path.resolve(import.meta.dirname, '..'), destination))
      console.log(file);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
