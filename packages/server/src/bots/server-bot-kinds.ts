import { BOT_CATALOG } from '@ruleloom/bots';

/**
 * The bots a match creator may put in a seat: the honest bots of the one bot catalog of
 * `@ruleloom/bots` (`BOT_CATALOG`), by the names the command line, the web app and
 * tournaments use: `random`, `policy`, `greedy`, `mcts` and `ismcts`. A bot that reads the
 * true state (`cheating-mcts`) is never offered.
 * @public
 */
export const SERVER_BOT_KINDS: readonly string[] = Object.freeze(
  BOT_CATALOG.filter((bot) => !bot.cheats).map((bot) => bot.name),
);

/**
 * One of {@link SERVER_BOT_KINDS}.
 * @public
 */
export type ServerBotKind = string;

/**
 * Former server bot names still found in matches an earlier server stored, and the catalog
 * name each one plays as. A request naming one is refused like any unknown name.
 */
const STORED_BOT_ALIASES: Readonly<Record<string, string>> = Object.freeze({
  'auction-policy': 'policy',
});

/** Whether a value names a server bot (a catalog name; former names are refused). */
export function isServerBotKind(value: unknown): value is ServerBotKind {
  return typeof value === 'string' && SERVER_BOT_KINDS.includes(value);
}

/** Why a bot name is refused: the name and every valid one. */
export function unknownBotMessage(name: unknown): string {
  const shown = typeof name === 'string' ? `'${name.slice(0, 40)}'` : 'this value';
  return `${shown} is not a server bot (the server's bots: ${SERVER_BOT_KINDS.join(', ')})`;
}

/**
 * The catalog name of a bot stored with a match: itself, or the name a former one maps to;
 * undefined for a name no server ever had.
 */
export function storedBotKind(name: string): ServerBotKind | undefined {
  if (isServerBotKind(name)) return name;
  const alias = Object.hasOwn(STORED_BOT_ALIASES, name) ? STORED_BOT_ALIASES[name] : undefined;
  return alias;
}
