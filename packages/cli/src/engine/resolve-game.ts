import type { CliGame } from '../games/cli-game.js';
import { getCliGame } from '../games/registry.js';

/**
 * How the engine (`ruleloom engine --stdio`) and its worker threads find a game from the
 * text a Python environment names it by: the one place to change when games come from
 * elsewhere (an installed package, a kit module path). Today: a built-in id
 * (`st-augustine`, `colonial-florida`, `pig`). Throws a usage error naming the known games.
 * @public
 */
export function resolveEngineGame(spec: string): Promise<CliGame> {
  return Promise.resolve(getCliGame(spec));
}
