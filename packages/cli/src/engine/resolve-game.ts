import type { EngineGame, EngineHost } from '@ruleloom/engine-bridge';
import type { CliGame } from '../games/cli-game.js';
import { listGameIds, resolveCliGame } from '../games/registry.js';
import { createPalette } from '../output/palette.js';
import { BOT_KINDS, getBotKind } from '../players/bot-kinds.js';
import { VERSION } from '../version.js';

/**
 * A command-line game as the engine bridge hosts it: its board as plain text (no colours),
 * its seat labels and scores as the game's presenter writes them, and the command line's
 * bots (`random`, `policy`, `greedy`, `mcts`, `ismcts`) set up by the game's kit.
 * @public
 */
export function engineGameOf(cliGame: CliGame): EngineGame {
  const palette = createPalette(false);
  return {
    id: cliGame.id,
    game: cliGame.game,
    defaultPlayers: cliGame.defaultPlayers,
    seatLabel: (seat) => cliGame.present.seatLabel(seat),
    render: (view, context) => cliGame.renderBoard(view, { ...context, palette }),
    formatScore: (score) => cliGame.formatScore(score),
    createBot: (name) => getBotKind(name, cliGame).create(cliGame),
  };
}

/**
 * How the engine (`ruleloom engine --stdio`) and its worker threads find a game from the
 * text a Python environment names it by, as every CLI command does: a built-in id
 * (`st-augustine`, `colonial-florida`, `pig`, `liars-dice`), an installed package whose
 * default or `kit` export is a game kit, or a path to a module whose default export is one
 * (relative paths from the engine process's working directory). Throws a usage error saying
 * what was expected and what was found.
 * @public
 */
export async function resolveEngineGame(spec: string): Promise<EngineGame> {
  return engineGameOf(await resolveCliGame(spec));
}

/**
 * The command line as the engine bridge's host: games found by {@link resolveEngineGame},
 * the built-in games' ids and the command line's bot names in the `hello` reply, and this
 * package's version.
 * @public
 */
export const cliEngineHost: EngineHost = {
  resolveGame: resolveEngineGame,
  games: listGameIds,
  bots: BOT_KINDS.map((k) => k.name),
  version: VERSION,
};
