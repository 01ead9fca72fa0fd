import type { OptionSpec } from '../options/options.js';
import type { AnyGame } from '../define/game.js';

/**
 * The options of a setup with every `secret` option (for example a fixed deck order) left
 * out, so they take their defaults: what a player, or a bot, may know of the setup.
 * @public
 */
export function publicOptions(
  game: AnyGame,
  options: Readonly<Record<string, unknown>> | undefined,
): Readonly<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options ?? {})) {
    const spec = (game.options as Readonly<Record<string, OptionSpec | undefined>>)[key];
    if (spec?.secret !== true) out[key] = value;
  }
  return out;
}
