import { createHash } from 'node:crypto';
import { mkdir, open, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { variantFromData, type Problem, type VariantData } from '@ruleloom/core';
import { parse as parseYaml } from 'yaml';
import { CliError, messageOf } from '../errors.js';
import type { CliGame } from '../games/cli-game.js';
import { getCliGame } from '../games/registry.js';
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
 * Checks variant data against the game it names (the game comes from `getCliGame`).
 * @public
 */
export function checkVariantData(data: unknown): CheckedVariant {
  const gameId =
    typeof data === 'object' && data !== null ? (data as { game?: unknown }).game : undefined;
  if (typeof gameId !== 'string')
    return {
      ok: false,
      problems: [{ path: 'game', message: 'a variant names the game it changes: "game": "<id>"' }],
    };
  let base: CliGame;
  try {
    base = getCliGame(gameId);
  } catch (error) {
    return { ok: false, problems: [{ path: 'game', message: messageOf(error) }] };
  }
  const result = variantFromData(base.game, data);
  if (!result.ok) return { ok: false, problems: result.problems };
  return { ok: true, cliGame: withVariant(base, result.variant, result.data), data: result.data };
}

/**
 * Reads and checks a variant file; throws a {@link CliError} listing every problem.
 * @public
 */
export async function loadVariantFile(
  path: string,
  cwd: string,
): Promise<CheckedVariant & { ok: true }> {
  const checked = checkVariantData(await readVariantData(path, cwd));
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
