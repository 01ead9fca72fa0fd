import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { restoreMatch, type Match, type VariantData } from '@ruleloom/core';
import { checkVariantData } from './variant/variant-file.js';
import { CliError, messageOf } from './errors.js';
import type { CliGame } from './games/cli-game.js';
import { escapeControl } from './terminal-text.js';
import { GAMES } from './games/registry.js';

/**
 * Writes a match's save (`match.toJSON()`) as pretty JSON, with the command line's own
 * `cli` field when given (who played each seat, for `play --resume`; `restoreMatch`
 * ignores it).
 * @public
 */
export async function writeSave(
  path: string,
  match: Match,
  cli?: unknown,
  variant?: VariantData,
): Promise<void> {
  const save = {
    ...match.toJSON(),
    ...(cli === undefined ? {} : { cli }),
    ...(variant === undefined ? {} : { variant }),
  };
  try {
    await writeFile(path, `${JSON.stringify(save, null, 2)}\n`, 'utf8');
  } catch (error) {
    throw new CliError(`cannot write '${path}': ${messageOf(error)}`);
  }
}

/**
 * A save read back and verified.
 * @public
 */
export interface LoadedSave {
  readonly cliGame: CliGame;
  readonly match: Match;
  /** The save as read (its `cli` field, when `ruleloom play` wrote one). */
  readonly saved: unknown;
  /**
   * True for a save of the legacy format (no hash chain), loaded only with `allowLegacy`:
   * nothing shows it was not edited, so it is unverified.
   */
  readonly legacy: boolean;
  /** The variant the save embeds (its rules are rebuilt from it). */
  readonly variant?: VariantData;
}

/**
 * Reads a save, finds its game, and restores it with `restoreMatch` (which replays every
 * action and checks the game id, the rules version, the hash chain and the hash). Throws a
 * one-line {@link CliError} (strings from the save with control characters escaped) when the
 * file cannot be read, is not JSON, is for an unknown game, or does not verify. A legacy save
 * (no hash chain) is refused unless `options.allowLegacy`.
 * @public
 */
export async function loadSave(
  path: string,
  cwd: string,
  options: { readonly allowLegacy?: boolean; readonly named?: CliGame } = {},
): Promise<LoadedSave> {
  let text: string;
  try {
    text = await readFile(resolve(cwd, path), 'utf8');
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'it is a directory'
          : messageOf(error);
    throw new CliError(`cannot read '${path}': ${why}`);
  }
  let saved: unknown;
  try {
    saved = JSON.parse(text) as unknown;
  } catch (error) {
    throw new CliError(`'${path}' is not valid JSON: ${messageOf(error)}`);
  }
  const embedded =
    typeof saved === 'object' && saved !== null
      ? (saved as { variant?: unknown }).variant
      : undefined;
  if (embedded !== undefined) {
    const checked = checkVariantData(
      embedded,
      options.named === undefined ? {} : { games: [options.named] },
    );
    if (!checked.ok)
      throw new CliError(
        `'${path}' embeds a variant that does not check: ${checked.problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`,
      );
    const restored = restoreMatch(checked.cliGame.game, saved, {
      allowLegacy: options.allowLegacy === true,
    });
    if (!restored.ok)
      throw new CliError(`'${path}' does not verify: ${escapeControl(restored.error.message)}`);
    return {
      cliGame: checked.cliGame,
      match: restored.match as Match,
      saved,
      legacy: restored.legacy,
      variant: checked.data,
    };
  }
  const gameId =
    typeof saved === 'object' && saved !== null ? (saved as { game?: unknown }).game : undefined;
  // A game named on the command line (a kit from a package or a path) is checked by restoreMatch.
  const cliGame = options.named ?? GAMES.find((g) => g.id === gameId);
  if (cliGame === undefined) {
    throw new CliError(
      typeof gameId === 'string'
        ? `'${path}' is a save of unknown game '${escapeControl(gameId.slice(0, 80))}' (known games: ${GAMES.map((g) => g.id).join(', ')}; name the game's kit: --game ./my-game.mjs)`
        : `'${path}' is not a Ruleloom save (no 'game' field)`,
    );
  }
  const restored = restoreMatch(cliGame.game, saved, {
    allowLegacy: options.allowLegacy === true,
  });
  if (!restored.ok)
    throw new CliError(`'${path}' does not verify: ${escapeControl(restored.error.message)}`);
  return { cliGame, match: restored.match as Match, saved, legacy: restored.legacy };
}
