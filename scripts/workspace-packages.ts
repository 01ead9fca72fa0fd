import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The parts of a package.json the checks read. */
export interface PackageJson {
  readonly name: string;
  readonly version: string;
  readonly private?: boolean;
  readonly description?: string;
  readonly bin?: string | Readonly<Record<string, string>>;
  readonly exports?: unknown;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly devDependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
  readonly peerDependenciesMeta?: Readonly<Record<string, { readonly optional?: boolean }>>;
  readonly optionalDependencies?: Readonly<Record<string, string>>;
  readonly scripts?: Readonly<Record<string, string>>;
}

/** A package of the workspace: its folder and manifest. */
export interface WorkspacePackage {
  /** Absolute folder. */
  readonly dir: string;
  /** Folder relative to the repository root, e.g. `packages/core`. */
  readonly relDir: string;
  readonly manifest: PackageJson;
}

/**
 * Every package under the workspace globs of `pnpm-workspace.yaml` (one-level `folder/*`
 * globs, as this repository uses), sorted by folder. New packages are picked up without
 * any list to edit.
 */
export function listWorkspacePackages(root: string): WorkspacePackage[] {
  const yaml = readFileSync(path.join(root, 'pnpm-workspace.yaml'), 'utf8');
  const globs = [...yaml.matchAll(/^\s*-\s*['"]?([^'"\s]+)\/\*['"]?\s*$/gm)].map((m) => m[1]!);
  const found: WorkspacePackage[] = [];
  for (const base of globs) {
    const baseDir = path.join(root, base);
    if (!existsSync(baseDir)) continue;
    for (const name of readdirSync(baseDir).sort()) {
      const file = path.join(baseDir, name, 'package.json');
      if (!existsSync(file)) continue;
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as PackageJson;
      found.push({ dir: path.dirname(file), relDir: `${base}/${name}`, manifest });
    }
  }
  return found;
}

/** The packages that get published (not `private`). */
export function listPublicPackages(root: string): WorkspacePackage[] {
  return listWorkspacePackages(root).filter((p) => p.manifest.private !== true);
}
