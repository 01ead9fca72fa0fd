import { colonialFlorida, colonialFloridaHeuristic } from '@ruleloom/colonial-florida';
import { colonialFloridaPresenter } from '@ruleloom/colonial-florida/present';
import { didYouMean } from '@ruleloom/core';
import { pig, pigPresenter } from '@ruleloom/core/games';
import { stAugustine, stAugustineHeuristic } from '@ruleloom/st-augustine';
import { stAugustinePresenter } from '@ruleloom/st-augustine/present';
import { usageError } from '../errors.js';
import { askStAugustine } from '../players/st-augustine-prompts.js';
import type { CliGame } from './cli-game.js';
import { cliGameOf } from './cli-game-of.js';

/**
 * St. Augustine Shopkeepers as the command line shows it.
 * @public
 */
export const stAugustineCli: CliGame = cliGameOf('st-augustine', {
  game: stAugustine,
  present: stAugustinePresenter,
  gameRef: { module: '@ruleloom/st-augustine', export: 'stAugustine' },
  rulesDoc: 'docs/rules/st-augustine.md',
  defaultPlayers: 3,
  quickOptions: { turns: 6, trading: 'off' },
  heuristic: stAugustineHeuristic,
  heuristicRef: { module: '@ruleloom/st-augustine', export: 'stAugustineHeuristic' },
  askHuman: askStAugustine,
});

/**
 * Colonial Florida as the command line shows it.
 * @public
 */
export const colonialFloridaCli: CliGame = cliGameOf('colonial-florida', {
  game: colonialFlorida,
  present: colonialFloridaPresenter,
  gameRef: { module: '@ruleloom/colonial-florida', export: 'colonialFlorida' },
  rulesDoc: 'docs/rules/colonial-florida.md',
  defaultPlayers: 2,
  quickOptions: { goldToWin: 15, maxTurns: 30 },
  heuristic: colonialFloridaHeuristic,
  heuristicRef: { module: '@ruleloom/colonial-florida', export: 'colonialFloridaHeuristic' },
});

/**
 * Pig, the tiny dice game from `@ruleloom/core/games`, as the command line shows it.
 * @public
 */
export const pigCli: CliGame = cliGameOf('pig', {
  game: pig,
  present: pigPresenter,
  gameRef: { module: '@ruleloom/core/games', export: 'pig' },
  defaultPlayers: 2,
  quickOptions: { target: 30 },
});

/**
 * The games the command line knows, by id: each game with its presenter from its own
 * package (narration, board, wording) and what only the command line needs.
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
