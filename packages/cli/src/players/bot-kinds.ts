import {
  processBot,
  auctionPolicyBot,
  greedyBot,
  ismctsPreset,
  mctsBot,
  randomBot,
  type Bot,
  type BotSpec,
  type ModuleRef,
} from '@ruleloom/bots';
import type { Heuristic } from '@ruleloom/core';
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

/** Rollout decisions before the `mcts` bot scores a position with the heuristic. */
const MCTS_ROLLOUT_DEPTH = 40;

/** Determinized samples per decision of the `greedy` bot. */
const GREEDY_SAMPLES = 4;

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

function heuristicOf(cliGame: CliGame): Heuristic {
  if (cliGame.heuristic === undefined)
    throw usageError(`'${cliGame.id}' has no heuristic for this bot`);
  return cliGame.heuristic;
}

function heuristicRefOf(cliGame: CliGame): ModuleRef {
  if (cliGame.heuristicRef === undefined)
    throw usageError(`'${cliGame.id}' has no heuristic for this bot`);
  return resolveRef(cliGame.heuristicRef);
}

/**
 * The bots the command line can seat, by name.
 * @public
 */
export const BOT_KINDS: readonly BotKind[] = [
  {
    name: 'random',
    description: 'chooses uniformly among the legal actions',
    needsHeuristic: false,
    create: () => randomBot(),
    spec: () => ({ kind: 'random' }),
  },
  {
    name: 'policy',
    description:
      'auction rule of thumb: passes half the time, else bids the minimum (random elsewhere)',
    needsHeuristic: false,
    create: () => auctionPolicyBot({ name: 'policy' }),
    spec: () => ({ kind: 'auctionPolicy', name: 'policy' }),
  },
  {
    name: 'greedy',
    description: `one-ply lookahead scored by the game's heuristic (${String(GREEDY_SAMPLES)} samples)`,
    needsHeuristic: true,
    create: (g) => greedyBot({ heuristic: heuristicOf(g), samples: GREEDY_SAMPLES }),
    spec: (g) => ({ kind: 'greedy', heuristic: heuristicRefOf(g), samples: GREEDY_SAMPLES }),
  },
  {
    name: 'mcts',
    description: `information-set MCTS, ${String(MCTS_ITERATIONS)} iterations per decision, heuristic cut-off`,
    needsHeuristic: true,
    create: (g) =>
      mctsBot({
        iterations: MCTS_ITERATIONS,
        heuristic: heuristicOf(g),
        rolloutDepth: MCTS_ROLLOUT_DEPTH,
      }),
    spec: (g) => ({
      kind: 'mcts',
      params: {
        iterations: MCTS_ITERATIONS,
        heuristic: heuristicRefOf(g),
        rolloutDepth: MCTS_ROLLOUT_DEPTH,
      },
    }),
  },
  {
    name: 'ismcts',
    description:
      'the strongest honest bot measured, tuned per game: St. Augustine 100-iteration MCTS with an opponent model, value-aware lookahead rollouts and a trade-space search; Colonial Florida 600 iterations with short random rollouts scored by the heuristic',
    needsHeuristic: true,
    create: (g) => mctsBot({ ...ismctsPreset(g.id), heuristic: heuristicOf(g) }),
    spec: (g) => ({
      kind: 'mcts',
      params: { ...ismctsPreset(g.id), heuristic: heuristicRefOf(g) },
    }),
  },
];

/**
 * Finds a bot kind by name, checking that the game supports it. Throws a usage error naming
 * the known bots otherwise.
 * @public
 */
export function getBotKind(name: string, cliGame?: CliGame): BotKind {
  const kind = BOT_KINDS.find((k) => k.name === name.trim().toLowerCase());
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
  const groups: string[][] = [];
  for (const n of names) {
    const last = groups[groups.length - 1];
    if (last?.[0]?.startsWith('process:') === true && !known.has(n) && !n.startsWith('process:'))
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
