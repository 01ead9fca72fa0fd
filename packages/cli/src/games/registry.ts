import { didYouMean } from '@ruleloom/core';
import { usageError } from '../errors.js';
import type { CliGame } from './cli-game.js';
import { colonialFloridaCli } from './colonial-florida.js';
import { pigCli } from './pig.js';
import { stAugustineCli } from './st-augustine.js';

/**
 * The games the command line knows, by id.
 * @public
 */
export const GAMES: readonly CliGame[] = [stAugustineCli, colonialFloridaCli, pigCli];

/**
 * The ids of every known game.
 * @public
 */
export function listGameIds(): string[] {
  return GAMES.map((g) => g.id);
}

/**
 * Finds a game by id (case-insensitive; `st-augustine`, `colonial-florida`, `pig`). Throws a
 * usage error naming the known games, with a suggestion when the id is close to one.
 * @public
 */
export function getCliGame(id: string): CliGame {
  const wanted = id.trim().toLowerCase();
  const found = GAMES.find((g) => g.id === wanted);
  if (found !== undefined) return found;
  const hint = didYouMean(wanted, listGameIds());
  throw usageError(`unknown game '${id}' (known games: ${listGameIds().join(', ')}).${hint}`);
}
