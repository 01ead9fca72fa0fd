import {
  isGame,
  isGameKit,
  type ActionBase,
  type Game,
  type GameKit,
  type Heuristic,
} from '@ruleloom/core';
import { isCheatingBot, type AnyBot } from '../bot.js';
import { createCatalogBot, findBot, type BotSettings } from '../catalog.js';
import { cheatingMctsBot } from '../cheating-mcts-bot.js';
import { greedyBot } from '../greedy-bot.js';
import type { MctsParams, RolloutPolicy } from '../mcts/mcts-params.js';
import { auctionPolicy, type ActionPolicy } from '../policy.js';
import { mctsBot } from '../mcts-bot.js';
import { auctionPolicyBot } from '../policy-bot.js';
import { processBot } from '../process/process-bot.js';
import { randomBot } from '../random-bot.js';

/**
 * A named export of a module, loaded with `import()`: a package name (resolved from
 * `@ruleloom/bots`) or an absolute path / `file:` URL. This is how games, heuristics and
 * custom bots reach worker threads, which cannot receive functions.
 * @public
 */
export interface ModuleRef {
  readonly module: string;
  readonly export: string;
}

/**
 * MCTS settings that can cross to a worker thread: {@link MctsParams} with the heuristic
 * given as a {@link ModuleRef}, and rollout policies as `'random'`, `'heuristic'`, `'lookahead'`,
 * `'auctionPolicy'` (see {@link auctionPolicy}) or a {@link ModuleRef} to an exported
 * {@link ActionPolicy}.
 * @public
 */
export interface MctsSpecParams extends Omit<
  MctsParams,
  'heuristic' | 'rollout' | 'opponentRollout'
> {
  readonly heuristic?: ModuleRef;
  readonly rollout?: RolloutSpec;
  readonly opponentRollout?: RolloutSpec;
}

/**
 * A rollout policy as data (see {@link MctsSpecParams}).
 * @public
 */
export type RolloutSpec = 'random' | 'heuristic' | 'lookahead' | 'auctionPolicy' | ModuleRef;

async function loadRollout(spec: RolloutSpec | undefined): Promise<RolloutPolicy | undefined> {
  if (spec === undefined || spec === 'random' || spec === 'heuristic' || spec === 'lookahead')
    return spec;
  if (spec === 'auctionPolicy') return auctionPolicy();
  const policy = await loadExport(spec);
  if (typeof policy !== 'function')
    throw new Error(`'${spec.export}' of '${spec.module}' is not an action policy function`);
  return policy as ActionPolicy;
}

/**
 * A bot described as data, so that worker threads can build it:
 * a built-in kind with JSON params, or a factory `(params) => bot` exported by a module.
 * @public
 */
export type BotSpec =
  | {
      /**
       * A bot of the catalog by name (`'ismcts'`), set up for a game's kit: the kit's bot
       * settings and its heuristic factory (see `createCatalogBot`). The kit is loaded in the
       * worker from its module (a module whose default export, `kit` export or the named
       * export is a kit).
       */
      readonly kind: 'catalog';
      readonly bot: string;
      readonly kit?: ModuleRef;
      readonly settings?: BotSettings;
    }
  | { readonly kind: 'random'; readonly name?: string }
  | { readonly kind: 'auctionPolicy'; readonly name?: string; readonly passProbability?: number }
  | {
      readonly kind: 'greedy';
      readonly name?: string;
      readonly heuristic: ModuleRef;
      readonly samples?: number;
      /** See `GreedyBotParams.offersReceived`. */
      readonly offersReceived?: string;
    }
  | { readonly kind: 'mcts'; readonly params?: MctsSpecParams }
  | { readonly kind: 'cheatingMcts'; readonly params?: MctsSpecParams }
  | (ModuleRef & { readonly kind: 'module'; readonly name?: string; readonly params?: unknown })
  | {
      /** A program spoken to over stdin/stdout (`docs/guides/bot-protocol.md`), one process per game and seat. */
      readonly kind: 'process';
      /** The program and its arguments, e.g. `['python3', 'my_bot.py']` (no shell). */
      readonly command: readonly string[];
      readonly name?: string;
      /** Per-decision time limit in ms (default 5000): a process over it loses the game. */
      readonly timeLimitMs?: number;
    };

/**
 * A bot as a tournament takes it: a bot object (in-process runs only) or a {@link BotSpec}.
 * @public
 */
export type BotEntry<TAction extends ActionBase = ActionBase> = AnyBot<TAction> | BotSpec;

/**
 * A game as a tournament takes it: the game object or its kit (in-process runs only), or a
 * {@link ModuleRef} to an export that is the game or its kit (any number of workers).
 * @public
 */
export type GameEntry = Game<unknown, ActionBase, unknown> | GameKit | ModuleRef;

/** Whether an entry is a spec (data) rather than a bot object. */
export function isBotSpec(entry: BotEntry): entry is BotSpec {
  return typeof (entry as { kind?: unknown }).kind === 'string';
}

/** Loads a named export of a module. */
export async function loadExport(ref: ModuleRef): Promise<unknown> {
  const mod = (await import(ref.module)) as Readonly<Record<string, unknown>>;
  if (!(ref.export in mod)) throw new Error(`module '${ref.module}' has no export '${ref.export}'`);
  return mod[ref.export];
}

/** Resolves a game entry (a game, a kit or a reference to either) to the game object. */
export async function resolveGame(entry: GameEntry): Promise<Game<unknown, ActionBase, unknown>> {
  if (isGame(entry)) return entry as Game<unknown, ActionBase, unknown>;
  if (isGameKit(entry)) return entry.game as Game<unknown, ActionBase, unknown>;
  const loaded = await loadExport(entry as ModuleRef);
  const game = isGameKit(loaded) ? loaded.game : loaded;
  if (!isGame(game))
    throw new Error(
      `'${(entry as ModuleRef).export}' of '${(entry as ModuleRef).module}' is not a Ruleloom game or game kit`,
    );
  return game as Game<unknown, ActionBase, unknown>;
}

/** Loads a kit from a module reference (its export, else its default or `kit` export). */
export async function loadKitRef(ref: ModuleRef): Promise<GameKit> {
  const mod = (await import(ref.module)) as Readonly<Record<string, unknown>>;
  for (const key of [ref.export, 'default', 'kit']) {
    const value = Object.hasOwn(mod, key) ? mod[key] : undefined;
    if (isGameKit(value)) return value;
  }
  throw new Error(`'${ref.export}' of '${ref.module}' is not a game kit (made by defineKit)`);
}

async function loadHeuristic(ref: ModuleRef | undefined): Promise<Heuristic | undefined> {
  if (ref === undefined) return undefined;
  const h = await loadExport(ref);
  if (typeof h !== 'function')
    throw new Error(`'${ref.export}' of '${ref.module}' is not a heuristic function`);
  return h as Heuristic;
}

async function mctsParams(spec: MctsSpecParams | undefined): Promise<MctsParams> {
  const { heuristic, rollout, opponentRollout, ...rest } = spec ?? {};
  const h = await loadHeuristic(heuristic);
  const own = await loadRollout(rollout);
  const opponents = await loadRollout(opponentRollout);
  return {
    ...rest,
    ...(h === undefined ? {} : { heuristic: h }),
    ...(own === undefined ? {} : { rollout: own }),
    ...(opponents === undefined ? {} : { opponentRollout: opponents }),
  };
}

/** Builds a fresh bot from an entry (specs build a new bot every call). */
export async function createBot(entry: BotEntry): Promise<AnyBot> {
  if (!isBotSpec(entry)) return entry;
  switch (entry.kind) {
    case 'catalog':
      return createCatalogBot(
        entry.bot,
        entry.kit === undefined ? undefined : await loadKitRef(entry.kit),
        entry.settings,
      );
    case 'random':
      return randomBot(entry.name);
    case 'auctionPolicy':
      return auctionPolicyBot({
        ...(entry.name === undefined ? {} : { name: entry.name }),
        ...(entry.passProbability === undefined ? {} : { passProbability: entry.passProbability }),
      });
    case 'greedy': {
      const heuristic = (await loadHeuristic(entry.heuristic)) as Heuristic;
      return greedyBot({
        heuristic,
        ...(entry.name === undefined ? {} : { name: entry.name }),
        ...(entry.samples === undefined ? {} : { samples: entry.samples }),
        ...(entry.offersReceived === undefined ? {} : { offersReceived: entry.offersReceived }),
      });
    }
    case 'mcts':
      return mctsBot(await mctsParams(entry.params));
    case 'cheatingMcts':
      return cheatingMctsBot(await mctsParams(entry.params));
    case 'process':
      return processBot({
        command: entry.command,
        ...(entry.name === undefined ? {} : { name: entry.name }),
        ...(entry.timeLimitMs === undefined ? {} : { timeLimitMs: entry.timeLimitMs }),
      });
    case 'module': {
      const factory = await loadExport(entry);
      if (typeof factory !== 'function')
        throw new Error(`'${entry.export}' of '${entry.module}' is not a bot factory function`);
      const made = (factory as (params: unknown) => unknown)(entry.params) as AnyBot;
      const bot =
        entry.name === undefined || typeof made !== 'object' || made === null
          ? made
          : { ...made, name: entry.name };
      if (
        typeof bot !== 'object' ||
        bot === null ||
        typeof bot.name !== 'string' ||
        (isCheatingBot(bot)
          ? typeof bot.actWithState !== 'function'
          : typeof bot.act !== 'function')
      ) {
        throw new Error(
          `the factory '${entry.export}' of '${entry.module}' did not return a bot ({ name, act })`,
        );
      }
      return bot;
    }
  }
}

/** The display name of an entry without building it. */
export function entryName(entry: BotEntry): string {
  if (!isBotSpec(entry)) return entry.name;
  switch (entry.kind) {
    case 'catalog': {
      const name = entry.settings?.name;
      return typeof name === 'string' ? name : (findBot(entry.bot)?.name ?? entry.bot);
    }
    case 'random':
      return entry.name ?? 'random';
    case 'auctionPolicy':
      return entry.name ?? 'auction-policy';
    case 'greedy':
      return entry.name ?? 'greedy';
    case 'mcts':
      return entry.params?.name ?? 'mcts';
    case 'cheatingMcts':
      return entry.params?.name ?? 'CHEATING-mcts';
    case 'module':
      return entry.name ?? entry.export;
    case 'process':
      return entry.name ?? entry.command[entry.command.length - 1] ?? 'process';
  }
}

/**
 * Tells the bots of a finished game how it ended (a process bot's `bye` carries the result;
 * a program that plays many games stays for the next one).
 */
export async function endGames(
  bots: readonly AnyBot[],
  task: { readonly seats: readonly number[] },
  record: {
    readonly winners: readonly number[];
    readonly scores: readonly number[];
    readonly ranks: readonly number[];
    readonly error?: { readonly message: string };
  },
): Promise<void> {
  const result =
    record.error === undefined
      ? { winners: record.winners, scores: record.scores, ranks: record.ranks }
      : null;
  for (let seat = 0; seat < task.seats.length; seat++) {
    const bot = bots[task.seats[seat] as number];
    const endGame = (bot as { endGame?: unknown } | undefined)?.endGame;
    if (typeof endGame === 'function')
      await (endGame as (end: unknown) => Promise<void>).call(bot, {
        seat,
        result,
        ...(record.error === undefined ? {} : { error: record.error.message }),
      });
  }
}

/** Releases what bots hold after a game (a process bot's program). */
export async function closeBots(bots: readonly AnyBot[]): Promise<void> {
  await Promise.all(
    bots.map(async (bot) => {
      const close = (bot as { close?: unknown }).close;
      if (typeof close === 'function') await (close as () => Promise<void>).call(bot);
    }),
  );
}
