import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isGame, isGameKit, type GameKit } from '@ruleloom/core';
import type { ExportRef } from './cli-game.js';

/**
 * A kit loaded by {@link loadKit}: the kit, and where a worker thread (or another process)
 * loads the same kit again.
 * @public
 */
export interface LoadedKit {
  readonly kit: GameKit;
  /** The module (a file URL or a package name) and the export that hold the kit. */
  readonly ref: ExportRef;
  /** Whether it is one of the games shipped with the command line. */
  readonly builtIn: boolean;
}

/**
 * Why a kit could not be loaded: `kit_not_found` (no such game, file or package),
 * `kit_load_failed` (the module threw or could not be parsed), `not_a_kit` (it loaded, but no
 * export is a kit).
 * @public
 */
export interface LoadKitError {
  readonly code: 'kit_not_found' | 'kit_load_failed' | 'not_a_kit';
  /** One paragraph: what was expected and what was found. */
  readonly message: string;
}

/**
 * The result of {@link loadKit}.
 * @public
 */
export type LoadKitResult =
  ({ readonly ok: true } & LoadedKit) | { readonly ok: false; readonly error: LoadKitError };

/**
 * The games shipped with the command line, by id: where their kits are exported.
 * @public
 */
export const BUILT_IN_KITS: Readonly<Record<string, ExportRef>> = {
  'st-augustine': { module: '@ruleloom/st-augustine/kit', export: 'stAugustineKit' },
  'colonial-florida': { module: '@ruleloom/colonial-florida/kit', export: 'colonialFloridaKit' },
  pig: { module: '@ruleloom/core/games', export: 'pigKit' },
  'liars-dice': { module: '@ruleloom/core/games', export: 'liarsDiceKit' },
};

/**
 * Options of {@link loadKit}.
 * @public
 */
export interface LoadKitOptions {
  /** Where relative paths and package names are resolved from (default: the process's). */
  readonly cwd?: string;
}

function looksLikePath(spec: string): boolean {
  return (
    spec.startsWith('.') ||
    spec.startsWith('/') ||
    spec.startsWith('file:') ||
    isAbsolute(spec) ||
    /\.(mjs|cjs|js|mts|ts)$/i.test(spec)
  );
}

/** A file URL from this package's point of view (package names resolve through its dependencies). */
function resolveFromCli(specifier: string): string | undefined {
  const meta = import.meta as { resolve?: (s: string) => string };
  try {
    return typeof meta.resolve === 'function' ? meta.resolve(specifier) : undefined;
  } catch {
    return undefined;
  }
}

/** A file URL of a package (or one of its subpaths) installed where the user is. */
function resolveFromCwd(specifier: string, cwd: string): string | undefined {
  try {
    return pathToFileURL(createRequire(join(cwd, 'package.json')).resolve(specifier)).href;
  } catch {
    return resolveFromCli(specifier);
  }
}

function describeValue(value: unknown): string {
  if (isGame(value)) return `a game ('${value.id}') made by defineGame, not a kit`;
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object that is not a kit made by defineKit';
  return `a ${typeof value}`;
}

/** The kit among a module's exports: `preferred`, else the default, `kit`, or the only kit. */
function findKit(
  mod: Readonly<Record<string, unknown>>,
  preferred: string | undefined,
): { kit: GameKit; name: string } | undefined {
  for (const name of [preferred, 'default', 'kit']) {
    if (name === undefined || !Object.hasOwn(mod, name)) continue;
    const value = mod[name];
    if (isGameKit(value)) return { kit: value, name };
  }
  const kits = Object.keys(mod).filter((name) => isGameKit(mod[name]));
  if (kits.length === 1) {
    const name = kits[0] as string;
    return { kit: mod[name] as GameKit, name };
  }
  return undefined;
}

function notAKit(shown: string, mod: Readonly<Record<string, unknown>>): LoadKitResult {
  const names = Object.keys(mod).sort((a, b) => (a === 'default' ? -1 : b === 'default' ? 1 : 0));
  const found =
    names.length === 0
      ? 'it has no exports'
      : `found ${names
          .slice(0, 6)
          .map(
            (n) => `${n === 'default' ? 'a default export' : `'${n}'`}: ${describeValue(mod[n])}`,
          )
          .join('; ')}${names.length > 6 ? `; and ${String(names.length - 6)} more` : ''}`;
  const game = names.map((n) => mod[n]).find((v) => isGame(v));
  const hint =
    game === undefined
      ? ''
      : ' Wrap the game in a kit: `export default defineKit({ game, defaultSetup: { players: 2 } })` (defineKit from @ruleloom/core).';
  return {
    ok: false,
    error: {
      code: 'not_a_kit',
      message: `'${shown}' is not a game kit: expected a module whose default export (or 'kit' export) is a kit made by defineKit; ${found}.${hint}`,
    },
  };
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (text.split('\n')[0] ?? '').slice(0, 300);
}

async function importKit(
  url: string,
  shown: string,
  preferred: string | undefined,
  builtIn: boolean,
): Promise<LoadKitResult> {
  let mod: Readonly<Record<string, unknown>>;
  try {
    mod = (await import(url)) as Readonly<Record<string, unknown>>;
  } catch (error) {
    return {
      ok: false,
      error: {
        code: 'kit_load_failed',
        message: `'${shown}' could not be loaded as an ES module whose default export is a game kit: ${firstLine(error)}`,
      },
    };
  }
  const found = findKit(mod, preferred);
  if (found === undefined) return notAKit(shown, mod);
  return { ok: true, kit: found.kit, ref: { module: url, export: found.name }, builtIn };
}

/**
 * Loads a game kit from a built-in game id (`st-augustine`, `colonial-florida`, `pig`), an
 * installed package name (its main entry or its `/kit` subpath; the default export, a `kit`
 * export or its only kit export), or a path to an ES module whose default export is a kit
 * (`./my-game.mjs`). Never throws: a bad specifier or module gives one error saying what was
 * expected and what was found. The returned `ref` loads the same kit again in a worker thread
 * or another process (`import(ref.module)[ref.export]`).
 *
 * @example
 * ```ts
 * const loaded = await loadKit('./liars-dice.mjs');
 * if (loaded.ok) console.log(loaded.kit.game.name);
 * ```
 * @public
 */
export async function loadKit(spec: string, options: LoadKitOptions = {}): Promise<LoadKitResult> {
  const cwd = options.cwd ?? process.cwd();
  const text = spec.trim();
  if (text === '')
    return {
      ok: false,
      error: {
        code: 'kit_not_found',
        message: 'no game given: expected a game id, package or path',
      },
    };
  const builtIn = BUILT_IN_KITS[text.toLowerCase()];
  if (builtIn !== undefined && Object.hasOwn(BUILT_IN_KITS, text.toLowerCase())) {
    const url = resolveFromCli(builtIn.module) ?? builtIn.module;
    return importKit(url, text, builtIn.export, true);
  }
  if (looksLikePath(text)) {
    const path = text.startsWith('file:') ? new URL(text) : resolve(cwd, text);
    const url = typeof path === 'string' ? pathToFileURL(path).href : path.href;
    if (typeof path === 'string' && !existsSync(path))
      return {
        ok: false,
        error: {
          code: 'kit_not_found',
          message: `no file '${text}' (looked for ${path}): expected a path to an ES module whose default export is a game kit`,
        },
      };
    return importKit(url, text, undefined, false);
  }
  if (!/^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(\/[\w.-]+)*$/i.test(text))
    return {
      ok: false,
      error: {
        code: 'kit_not_found',
        message: `unknown game '${text.slice(0, 80)}': expected a built-in game (${Object.keys(BUILT_IN_KITS).join(', ')}), an installed package or a path to a module (./my-game.mjs)`,
      },
    };
  let lastFailure: LoadKitResult | undefined;
  for (const candidate of [text, `${text}/kit`]) {
    const url = resolveFromCwd(candidate, cwd);
    if (url === undefined) continue;
    const loaded = await importKit(url, text, undefined, false);
    if (loaded.ok) return loaded;
    lastFailure ??= loaded;
  }
  return (
    lastFailure ?? {
      ok: false,
      error: {
        code: 'kit_not_found',
        message: `unknown game '${text.slice(0, 80)}': not a built-in game (${Object.keys(BUILT_IN_KITS).join(', ')}) nor an installed package; expected a game id, a package whose default or 'kit' export is a game kit, or a path to a module (./my-game.mjs)`,
      },
    }
  );
}
