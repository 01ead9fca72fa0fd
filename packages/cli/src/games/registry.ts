import { colonialFloridaKit } from '@ruleloom/colonial-florida/kit';
import { didYouMean } from '@ruleloom/core';
import { liarsDiceKit, pigKit } from '@ruleloom/core/games';
import { stAugustineKit } from '@ruleloom/st-augustine/kit';
import { usageError } from '../errors.js';
import type { CliGame } from './cli-game.js';
import { cliGameOfKit } from './cli-game-of.js';
import { BUILT_IN_KITS, loadKit, type LoadKitOptions } from './load-kit.js';

/**
 * St. Augustine Shopkeepers as the command line shows it (from its kit).
 * @public
 */
export const stAugustineCli: CliGame = cliGameOfKit(stAugustineKit, BUILT_IN_KITS['st-augustine']!);

/**
 * Colonial Florida as the command line shows it (from its kit).
 * @public
 */
export const colonialFloridaCli: CliGame = cliGameOfKit(
  colonialFloridaKit,
  BUILT_IN_KITS['colonial-florida']!,
);

/**
 * Pig, the tiny dice game from `@ruleloom/core/games`, as the command line shows it (from its
 * kit).
 * @public
 */
export const pigCli: CliGame = cliGameOfKit(pigKit, BUILT_IN_KITS.pig!);

/**
 * Liar's Dice, the private-dice reference game from `@ruleloom/core/games`, as the command line
 * shows it (from its kit).
 * @public
 */
export const liarsDiceCli: CliGame = cliGameOfKit(liarsDiceKit, BUILT_IN_KITS['liars-dice']!);

/**
 * The games shipped with the command line, each from its kit. Any other kit plays too:
 * see {@link resolveCliGame}.
 * @public
 */
export const GAMES: readonly CliGame[] = [stAugustineCli, colonialFloridaCli, pigCli, liarsDiceCli];

/**
 * The ids of the built-in games (the keys of `BUILT_IN_KITS`).
 * @public
 */
export function listGameIds(): string[] {
  return Object.keys(BUILT_IN_KITS);
}

/**
 * Finds a built-in game by id (case-insensitive; `st-augustine`, `colonial-florida`, `pig`).
 * Throws a usage error naming the known games, with a suggestion when the id is close to one.
 * @public
 */
export function getCliGame(id: string): CliGame {
  const wanted = id.trim().toLowerCase();
  const found = GAMES.find((g) => g.id === wanted);
  if (found !== undefined) return found;
  const hint = didYouMean(wanted, listGameIds());
  throw usageError(`unknown game '${id}' (known games: ${listGameIds().join(', ')}).${hint}`);
}

/**
 * A game from a built-in id, an installed package name or a path to a module whose default
 * export is a kit (`./my-game.mjs`), as the command line shows it. Throws a usage error with
 * one clear message (what was expected, what was found) when it cannot.
 * @public
 */
export async function resolveCliGame(spec: string, options: LoadKitOptions = {}): Promise<CliGame> {
  const wanted = spec.trim().toLowerCase();
  const builtIn = GAMES.find((g) => g.id === wanted);
  if (builtIn !== undefined) return builtIn;
  const loaded = await loadKit(spec, options);
  if (!loaded.ok) {
    const hint = loaded.error.code === 'kit_not_found' ? didYouMean(wanted, listGameIds()) : '';
    throw usageError(`${loaded.error.message}${hint}`);
  }
  return cliGameOfKit(loaded.kit, loaded.ref);
}

/**
 * How a `<game>` argument reads in help texts: the built-in ids, a package or a path.
 * @public
 */
export function gameArgumentHelp(): string {
  return `the game: ${listGameIds().join(', ')}, an installed package whose default or 'kit' export is a game kit, or a path to a kit module (./my-game.mjs)`;
}
