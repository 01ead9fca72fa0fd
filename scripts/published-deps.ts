import { build, type Plugin } from 'esbuild';
import { existsSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { listPublicPackages, type WorkspacePackage } from './workspace-packages.js';

/** One entry point of a published package: a JavaScript file its manifest points at. */
export interface EntryPoint {
  /** `.`, `./testing`, ... or `bin:ruleloom`. */
  readonly subpath: string;
  /** `import`, `require` or `default`: the condition that led to the file. */
  readonly condition: string;
  readonly file: string;
}

/** Something reachable from a published entry point that a consumer would not have. */
export interface DependencyProblem {
  readonly packageName: string;
  readonly entry: string;
  readonly importer: string;
  readonly specifier: string;
  readonly reason: string;
}

/**
 * Entry points meant only for test code, which may need the package's declared peer
 * dependencies (optional ones too): the `./testing` subpaths. Every other entry point is
 * runtime code and may need only `dependencies` (and required peers), plus optional peers
 * loaded lazily with `await import()`.
 */
export function isTestOnlySubpath(subpath: string): boolean {
  return subpath === './testing' || subpath.endsWith('/testing');
}

function collectTargets(value: unknown, condition: string, out: [string, string][]): void {
  if (typeof value === 'string') out.push([condition, value]);
  else if (Array.isArray(value)) for (const v of value) collectTargets(v, condition, out);
  else if (value !== null && typeof value === 'object')
    for (const [key, v] of Object.entries(value)) {
      if (key === 'types') continue;
      collectTargets(v, key === 'import' || key === 'require' ? key : condition, out);
    }
}

/** The JavaScript files a package's `exports` and `bin` point at. */
export function listEntryPoints(pkg: WorkspacePackage): EntryPoint[] {
  const entries: EntryPoint[] = [];
  const { exports, bin } = pkg.manifest;
  const map: Record<string, unknown> =
    typeof exports === 'object' && exports !== null && !Array.isArray(exports)
      ? Object.keys(exports).every((k) => k.startsWith('.'))
        ? (exports as Record<string, unknown>)
        : { '.': exports }
      : exports === undefined
        ? {}
        : { '.': exports };
  for (const [subpath, target] of Object.entries(map)) {
    const targets: [string, string][] = [];
    collectTargets(target, 'default', targets);
    for (const [condition, file] of targets)
      if (/\.(c|m)?js$/.test(file))
        entries.push({ subpath, condition, file: path.join(pkg.dir, file) });
  }
  const bins = typeof bin === 'string' ? { [pkg.manifest.name]: bin } : (bin ?? {});
  for (const [name, file] of Object.entries(bins))
    entries.push({ subpath: `bin:${name}`, condition: 'import', file: path.join(pkg.dir, file) });
  return entries;
}

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
export function packageNameOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** The file a workspace package's `exports` give for a subpath and condition, if any. */
function resolveExport(pkg: WorkspacePackage, specifier: string, kind: string): string | undefined {
  const sub = `.${specifier.slice(pkg.manifest.name.length)}`;
  const entries = listEntryPoints(pkg).filter((e) => e.subpath === sub);
  const wanted = kind === 'require-call' || kind === 'require-resolve' ? 'require' : 'import';
  return (entries.find((e) => e.condition === wanted) ?? entries[0])?.file;
}

interface BareImport {
  readonly specifier: string;
  readonly importer: string;
  readonly kind: string;
}

/** The bare (package) imports reachable from a file through its relative imports. */
async function bareImportsOf(file: string): Promise<BareImport[]> {
  const found: BareImport[] = [];
  const record: Plugin = {
    name: 'record-bare-imports',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (!isBuiltin(args.path))
          found.push({ specifier: args.path, importer: args.importer, kind: args.kind });
        return { path: args.path, external: true };
      });
    },
  };
  await build({
    entryPoints: [file],
    bundle: true,
    write: false,
    platform: 'node',
    // Only the graph matters; ESM output accepts top-level await (the bin has one).
    format: 'esm',
    logLevel: 'silent',
    plugins: [record],
  });
  return found;
}

/**
 * Walks the published import graph of every public workspace package, from the files its
 * `exports` and `bin` name in `dist`, across packages of the workspace, and reports each
 * package import a consumer would not get by installing it: a dev dependency, an optional
 * peer reached from runtime code, an undeclared package, or a subpath the target package
 * does not export. The packages must be built.
 */
export async function checkPublishedDeps(root: string): Promise<DependencyProblem[]> {
  const packages = listPublicPackages(root);
  const byName = new Map(packages.map((p) => [p.manifest.name, p]));
  const problems: DependencyProblem[] = [];
  const seen = new Set<string>();

  const walk = async (
    pkg: WorkspacePackage,
    file: string,
    entry: string,
    allowPeers: 'all' | 'required',
  ): Promise<void> => {
    const key = `${file}\0${allowPeers}`;
    if (seen.has(key)) return;
    seen.add(key);
    const { name } = pkg.manifest;
    if (!existsSync(file)) {
      problems.push({
        packageName: name,
        entry,
        importer: path.relative(root, file),
        specifier: '',
        reason: 'entry file missing (run `pnpm run build` first)',
      });
      return;
    }
    for (const imp of await bareImportsOf(file)) {
      const dep = packageNameOf(imp.specifier);
      const m = pkg.manifest;
      const problem = (reason: string): void => {
        problems.push({
          packageName: name,
          entry,
          importer: path.relative(root, imp.importer),
          specifier: imp.specifier,
          reason,
        });
      };
      if (dep === name) {
        const target = resolveExport(pkg, imp.specifier, imp.kind);
        if (target === undefined) problem(`${name} does not export ${imp.specifier}`);
        else await walk(pkg, target, entry, allowPeers);
        continue;
      }
      const optionalPeer =
        m.peerDependencies?.[dep] !== undefined && m.peerDependenciesMeta?.[dep]?.optional === true;
      if (m.dependencies?.[dep] === undefined && m.peerDependencies?.[dep] === undefined) {
        problem(
          m.devDependencies?.[dep] !== undefined
            ? `${dep} is only a devDependency of ${name}`
            : `${dep} is not a dependency of ${name}`,
        );
        continue;
      }
      // An optional peer may be loaded lazily (`await import()`, failing with a clear message
      // when it is not installed), never imported statically by runtime code.
      if (optionalPeer && allowPeers !== 'all' && imp.kind !== 'dynamic-import') {
        problem(`${dep} is only an optional peer of ${name}, but runtime code needs it`);
        continue;
      }
      const target = byName.get(dep);
      if (target !== undefined) {
        const file2 = resolveExport(target, imp.specifier, imp.kind);
        if (file2 === undefined) problem(`${dep} does not export ${imp.specifier}`);
        // Across a dependency edge the consumer opted into nothing: runtime rules apply.
        else await walk(target, file2, `${entry} → ${imp.specifier}`, 'required');
      }
    }
  };

  for (const pkg of packages)
    for (const e of listEntryPoints(pkg))
      await walk(
        pkg,
        e.file,
        `${pkg.manifest.name} ${e.subpath} (${e.condition})`,
        isTestOnlySubpath(e.subpath) ? 'all' : 'required',
      );
  return problems;
}
