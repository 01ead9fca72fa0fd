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

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0] as number;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j] as number;
      row[j] = Math.min(
        (row[j] as number) + 1,
        (row[j - 1] as number) + 1,
        prev + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      prev = tmp;
    }
  }
  return row[b.length] as number;
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
  const near = GAMES.map((g) => ({ id: g.id, d: distance(wanted, g.id) })).sort(
    (a, b) => a.d - b.d,
  )[0];
  const hint = near !== undefined && near.d <= 3 ? ` Did you mean '${near.id}'?` : '';
  throw usageError(`unknown game '${id}' (known games: ${listGameIds().join(', ')}).${hint}`);
}
