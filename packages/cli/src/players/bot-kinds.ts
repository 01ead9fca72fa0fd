import {
  BOT_CATALOG,
  botSettings,
  createCatalogBot,
  findBot,
  processBot,
  type Bot,
  type BotSpec,
  type CatalogBot,
  type ModuleRef,
} from '@ruleloom/bots';
import { usageError } from '../errors.js';
import type { CliGame, ExportRef } from '../games/cli-game.js';

/**
 * A bot name usable on the command line (`--bots mcts,random`).
 * @public
 */
export interface BotKind {
  /** The name typed on the command line. */
  readonly name: string;
  /** One line for `--help` and the docs. */
  readonly description: string;
  /** Whether the bot needs the game's heuristic. */
  readonly needsHeuristic: boolean;
  /** Builds a fresh bot for a game (in-process play). */
  readonly create: (cliGame: CliGame) => Bot;
  /** The same bot as data, for tournaments on worker threads. */
  readonly spec: (cliGame: CliGame) => BotSpec;
}

/**
 * MCTS iterations per decision of the `mcts` bot: small, so that it answers in a blink.
 * @public
 */
export const MCTS_ITERATIONS = 200;

/**
 * A module reference that worker threads can import from anywhere: package names are
 * resolved to file URLs from this package (when the runtime supports `import.meta.resolve`).
 * @public
 */
export function resolveRef(ref: ExportRef): ModuleRef {
  const meta = import.meta as { resolve?: (specifier: string) => string };
  if (typeof meta.resolve !== 'function' || ref.module.startsWith('file:')) return ref;
  try {
    return { module: meta.resolve(ref.module), export: ref.export };
  } catch {
    return ref;
  }
}

function created(bot: CatalogBot, cliGame: CliGame): Bot {
  try {
    return createCatalogBot(bot.name, cliGame.kit) as Bot;
  } catch (error) {
    throw usageError(error instanceof Error ? error.message : String(error));
  }
}

/** The bot as data: the catalog's name and the kit's module, which workers load. */
function specOf(bot: CatalogBot, cliGame: CliGame): BotSpec {
  if (cliGame.kitRef !== undefined)
    return { kind: 'catalog', bot: bot.name, kit: resolveRef(cliGame.kitRef) };
  // A game made by `cliGameOf` from an entry: its heuristic crosses by reference.
  const ref = cliGame.heuristicRef === undefined ? undefined : resolveRef(cliGame.heuristicRef);
  const settings = botSettings(bot.name, cliGame.kit);
  if (bot.heuristic === 'none' || ref === undefined) {
    if (bot.heuristic === 'required')
      throw usageError(`'${cliGame.id}' has no heuristic for bot '${bot.name}'`);
    return { kind: 'catalog', bot: bot.name };
  }
  if (bot.name === 'greedy')
    return {
      kind: 'greedy',
      heuristic: ref,
      samples: settings.samples as number,
      ...(typeof settings.offersReceived === 'string'
        ? { offersReceived: settings.offersReceived }
        : {}),
    };
  return {
    kind: 'mcts',
    params: { name: bot.name, ...settings, heuristic: ref },
  };
}

/**
 * The bots the command line can seat, by name: the honest bots of the bots package's catalog
 * (`random`, `policy`, `greedy`, `mcts`, `ismcts`), each set up by the game's kit.
 * @public
 */
export const BOT_KINDS: readonly BotKind[] = BOT_CATALOG.filter((b) => !b.cheats).map((bot) => ({
  name: bot.name,
  description: bot.description,
  needsHeuristic: bot.heuristic === 'required',
  create: (g: CliGame) => created(bot, g),
  spec: (g: CliGame) => specOf(bot, g),
}));

/**
 * Finds a bot kind by name, checking that the game supports it. Throws a usage error naming
 * the known bots otherwise.
 * @public
 */
export function getBotKind(name: string, cliGame?: CliGame): BotKind {
  const canonical = findBot(name)?.name;
  const kind = BOT_KINDS.find((k) => k.name === canonical);
  if (kind === undefined) {
    throw usageError(
      `unknown bot '${name}' (known bots: ${BOT_KINDS.map((k) => k.name).join(', ')})`,
    );
  }
  if (kind.needsHeuristic && cliGame !== undefined && cliGame.heuristic === undefined) {
    throw usageError(
      `bot '${kind.name}' needs a heuristic, and '${cliGame.id}' has none (use random or policy)`,
    );
  }
  return kind;
}

/**
 * Splits a `--bots` list (`mcts,random`) into bot kinds.
 * @public
 */
export function parseBotList(text: string, cliGame?: CliGame): BotKind[] {
  const names = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (names.length === 0) throw usageError(`--bots needs at least one bot name, got '${text}'`);
  // `process:<command>,<arg>...`: the items after it that are not bot names are its arguments.
  const known = new Set(BOT_KINDS.map((k) => k.name));
  const isKnown = (n: string): boolean => known.has(findBot(n)?.name ?? n);
  const groups: string[][] = [];
  for (const n of names) {
    const last = groups[groups.length - 1];
    if (last?.[0]?.startsWith('process:') === true && !isKnown(n) && !n.startsWith('process:'))
      last.push(n);
    else groups.push([n]);
  }
  return groups.map((g) =>
    g[0]?.startsWith('process:') === true
      ? processBotKind([g[0].slice('process:'.length), ...g.slice(1)])
      : getBotKind(g[0] as string, cliGame),
  );
}

/**
 * A bot played by another program (`--bots process:python3,my_bot.py`), spoken to over
 * stdin/stdout with the bot protocol (docs/guides/bot-protocol.md).
 * @public
 */
export function processBotKind(command: readonly string[]): BotKind {
  if (command.length === 0 || command[0] === '')
    throw usageError('a process bot needs a command: --bots process:python3,my_bot.py');
  // Named after its last word that is not a flag, without folders: `my_bot.py`.
  const word = [...command].reverse().find((w) => !w.startsWith('-')) ?? command[0] ?? 'process';
  const name = word.split(/[\\/]/).pop() ?? word;
  return {
    name: `process:${command.join(',')}`,
    description: `the program ${command.join(' ')}`,
    needsHeuristic: false,
    create: () => processBot({ command, name }),
    spec: () => ({ kind: 'process', command, name }),
  };
}
