import type { CliGame } from '../games/cli-game.js';
import { resolveCliGame } from '../games/registry.js';

/**
 * How the engine (`ruleloom engine --stdio`) and its worker threads find a game from the
 * text a Python environment names it by, as every CLI command does: a built-in id
 * (`st-augustine`, `colonial-florida`, `pig`, `liars-dice`), an installed package whose
 * default or `kit` export is a game kit, or a path to a module whose default export is one
 * (relative paths from the engine process's working directory). Throws a usage error saying
 * what was expected and what was found.
 * @public
 */
export function resolveEngineGame(spec: string): Promise<CliGame> {
  return resolveCliGame(spec);
}
