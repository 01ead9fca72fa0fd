import { createHash } from 'node:crypto';
import { mkdir, open, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { didYouMean, variantFromData, type Problem, type VariantData } from '@ruleloom/core';
import { parse as parseYaml } from 'yaml';
import { CliError, messageOf } from '../errors.js';
import type { CliGame } from '../games/cli-game.js';
import { GAMES, getCliGame, resolveCliGame } from '../games/registry.js';
import { resolveRef } from '../players/bot-kinds.js';

/**
 * A variant file as read: its data, or every problem found in it.
 * @public
 */
export type CheckedVariant =
  | {
      readonly ok: true;
      /** The base game, as the command line shows it, with its game replaced by the variant. */
      readonly cliGame: CliGame;
      readonly data: VariantData;
    }
  | { readonly ok: false; readonly problems: readonly Problem[] };

/**
 * The largest variant file read, in bytes (1 MiB): larger files are refused before they are
 * parsed. The data's own bounds are `VARIANT_LIMITS` of `@ruleloom/core`.
 * @public
 */
export const MAX_VARIANT_FILE_BYTES = 1_048_576;

/** The text of a regular file of at most {@link MAX_VARIANT_FILE_BYTES}; throws a CliError. */
async function readBoundedText(path: string, cwd: string): Promise<string> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(resolve(cwd, path), 'r');
    const stats = await handle.stat();
    if (!stats.isFile()) throw new CliError(`cannot read '${path}': not a regular file`);
    if (stats.size > MAX_VARIANT_FILE_BYTES)
      throw new CliError(
        `'${path}' is ${String(stats.size)} bytes; a variant file is at most ${String(MAX_VARIANT_FILE_BYTES)} bytes (1 MiB)`,
      );
    // Read at most one byte more than allowed: a file that grew since stat is refused too.
    const buffer = Buffer.alloc(MAX_VARIANT_FILE_BYTES + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > MAX_VARIANT_FILE_BYTES)
        throw new CliError(
          `'${path}' is more than ${String(MAX_VARIANT_FILE_BYTES)} bytes; a variant file is at most ${String(MAX_VARIANT_FILE_BYTES)} bytes (1 MiB)`,
        );
    }
    return buffer.subarray(0, length).toString('utf8');
  } catch (error) {
    if (error instanceof CliError) throw error;
    const code = (error as { code?: unknown }).code;
    throw new CliError(
      `cannot read '${path}': ${code === 'ENOENT' ? 'no such file' : messageOf(error)}`,
    );
  } finally {
    await handle?.close();
  }
}

/**
 * Reads a variant file (JSON or YAML: YAML is read for any other extension, and JSON is YAML)
 * of at most {@link MAX_VARIANT_FILE_BYTES} and parses it. Throws a {@link CliError} when it
 * cannot be read or parsed, or is too large.
 * @public
 */
export async function readVariantData(path: string, cwd: string): Promise<unknown> {
  const text = await readBoundedText(path, cwd);
  try {
    return path.toLowerCase().endsWith('.json')
      ? (JSON.parse(text) as unknown)
      : (parseYaml(text, { maxAliasCount: 100 }) as unknown);
  } catch (error) {
    throw new CliError(
      `'${path}' is not valid ${path.endsWith('.json') ? 'JSON' : 'YAML'}: ${messageOf(error)}`,
    );
  }
}

/**
 * Where {@link checkVariantData} and {@link loadVariantFile} find a variant's base game besides
 * the built-in games.
 * @public
 */
export interface VariantGameOptions {
  /**
   * Games named on the command line (`--game ./my-game.mjs`): a variant whose `game:` is one of
   * their ids changes that game.
   */
  readonly games?: readonly CliGame[];
}

/** Whether a variant file's `game:` names a module rather than a game id. */
function namesModule(spec: string): boolean {
  return spec.startsWith('.') || spec.startsWith('/') || /\.(mjs|cjs|js|mts|ts)$/i.test(spec);
}

function problem(message: string): CheckedVariant {
  return { ok: false, problems: [{ path: 'game', message }] };
}

function gameNameOf(data: unknown): unknown {
  return typeof data === 'object' && data !== null ? (data as { game?: unknown }).game : undefined;
}

function checkOn(base: CliGame, data: unknown): CheckedVariant {
  // The file may name its game by the kit's module path: the variant is of the kit's game id.
  const named =
    gameNameOf(data) === base.game.id ? data : { ...(data as object), game: base.game.id };
  const result = variantFromData(base.game, named);
  if (!result.ok) return { ok: false, problems: result.problems };
  return { ok: true, cliGame: withVariant(base, result.variant, result.data), data: result.data };
}

function unknownGameMessage(id: string, games: readonly CliGame[]): string {
  const known = [...new Set([...GAMES, ...games].map((g) => g.id))];
  const hint = didYouMean(id.trim().toLowerCase(), known);
  return `unknown game '${id.slice(0, 80)}' (known games: ${known.join(', ')}).${hint} For a game kit, name its module in the file (game: ./dist/my-game.mjs, relative to the file) or on the command line (--game ./dist/my-game.mjs).`;
}

/**
 * Checks variant data against the game it names: one of `options.games` (the games named on the
 * command line) or a built-in game (from `getCliGame`). A module path in `game:` is not loaded
 * here: see {@link resolveVariantData}.
 * @public
 */
export function checkVariantData(data: unknown, options: VariantGameOptions = {}): CheckedVariant {
  const gameId = gameNameOf(data);
  if (typeof gameId !== 'string')
    return problem(
      'a variant names the game it changes: "game": "<id>" or "game": "./my-game.mjs"',
    );
  const games = options.games ?? [];
  const named = games.find((g) => g.id === gameId || g.game.id === gameId);
  if (named !== undefined) return checkOn(named, data);
  let base: CliGame;
  try {
    base = getCliGame(gameId);
  } catch {
    return problem(unknownGameMessage(gameId, games));
  }
  return checkOn(base, data);
}

/**
 * Checks variant data as {@link checkVariantData} does, and also loads a game kit that its
 * `game:` names by module path (`./dist/my-game.mjs`, resolved against `folder`, the variant
 * file's folder) or by installed package name. Never throws: a module that cannot be loaded is
 * a problem at `game`.
 * @public
 */
export async function resolveVariantData(
  data: unknown,
  folder: string,
  options: VariantGameOptions = {},
): Promise<CheckedVariant> {
  const gameId = gameNameOf(data);
  const checked = checkVariantData(data, options);
  if (checked.ok || typeof gameId !== 'string') return checked;
  const games = options.games ?? [];
  const known =
    games.some((g) => g.id === gameId || g.game.id === gameId) ||
    GAMES.some((g) => g.id === gameId.trim().toLowerCase());
  if (known) return checked;
  let base: CliGame;
  try {
    base = await resolveCliGame(gameId, { cwd: folder });
  } catch (error) {
    return problem(namesModule(gameId) ? messageOf(error) : unknownGameMessage(gameId, games));
  }
  // The same kit as a game named on the command line is that game (its id, its module).
  return checkOn(games.find((g) => g.id === base.id) ?? base, data);
}

/**
 * Reads and checks a variant file; throws a {@link CliError} listing every problem. Its `game:`
 * may be a built-in game's id, the id of a game in `options.games`, or the path of a kit module
 * relative to the file's folder.
 * @public
 */
export async function loadVariantFile(
  path: string,
  cwd: string,
  options: VariantGameOptions = {},
): Promise<CheckedVariant & { ok: true }> {
  const checked = await resolveVariantData(
    await readVariantData(path, cwd),
    dirname(resolve(cwd, path)),
    options,
  );
  if (!checked.ok)
    throw new CliError(
      `'${path}' is not a valid variant:\n${checked.problems.map((p) => `  ${p.path || '(file)'}: ${p.message}`).join('\n')}`,
    );
  return checked;
}

/**
 * The command line's game with its rules replaced by a variant. Worker threads load the variant
 * from a small generated module that rebuilds it from the same data.
 * @public
 */
export function withVariant(base: CliGame, variant: CliGame['game'], data: VariantData): CliGame {
  return {
    ...base,
    game: variant,
    gameRef: { module: variantModuleUrl(base, data), export: 'variant' },
  };
}

/**
 * Where a host's worker threads load a variant from as a kit (the base game's kit with its game
 * replaced by the variant; the variant itself when the base game has no kit): the same
 * generated module as {@link withVariant}'s game, its `kit` export.
 * @public
 */
export function variantKitRef(variantGame: CliGame): { module: string; export: string } {
  return { module: variantGame.gameRef.module, export: 'kit' };
}

/** Where the generated module for this variant lives (written by {@link writeVariantModule}). */
function variantModulePath(source: string): string {
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 16);
  return join(tmpdir(), 'ruleloom-variants', `variant-${hash}.mjs`);
}

function variantModuleSource(base: CliGame, data: VariantData): string {
  const core = resolveRef({ module: '@ruleloom/core', export: 'variantFromData' });
  const game = resolveRef(base.gameRef);
  return [
    '// Generated by ruleloom: rebuilds a variant from its data file, for worker threads.',
    `import { defineKit, isGameKit, variantFromData } from ${JSON.stringify(core.module)};`,
    `import { ${game.export} as loaded } from ${JSON.stringify(game.module)};`,
    // The game's module reference may name its kit (the built-in games are loaded from kits).
    'const base = isGameKit(loaded) ? loaded.game : loaded;',
    `const result = variantFromData(base, ${JSON.stringify(data)});`,
    "if (!result.ok) throw new Error(result.problems.map((p) => `${p.path}: ${p.message}`).join('; '));",
    'export const variant = result.variant;',
    // The base kit with its game replaced: hosts (the server's bots) take its settings and heuristic.
    // (A kit whose setups the variant's rules refuse gives way to the variant alone.)
    'let kitOfVariant = variant;',
    'try { if (isGameKit(loaded)) kitOfVariant = defineKit({ ...loaded, game: variant }); } catch {}',
    'export const kit = kitOfVariant;',
    '',
  ].join('\n');
}

const written = new Map<string, Promise<void>>();

function variantModuleUrl(base: CliGame, data: VariantData): string {
  const source = variantModuleSource(base, data);
  const path = variantModulePath(source);
  if (!written.has(path)) written.set(path, writeVariantModule(path, source));
  return pathToFileURL(path).href;
}

async function writeVariantModule(path: string, source: string): Promise<void> {
  await mkdir(join(tmpdir(), 'ruleloom-variants'), { recursive: true });
  await writeFile(path, source, 'utf8');
}

/**
 * Waits until the generated modules of every variant used so far are on disk (before workers
 * import them).
 * @public
 */
export async function variantModulesReady(): Promise<void> {
  await Promise.all(written.values());
}
