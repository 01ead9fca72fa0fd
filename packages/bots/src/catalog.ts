import type { GameKit, Heuristic, RulesContext } from '@ruleloom/core';
import type { AnyBot, Bot, CheatingBot } from './bot.js';
import { cheatingMctsBot } from './cheating-mcts-bot.js';
import { greedyBot } from './greedy-bot.js';
import type { MctsParams } from './mcts/mcts-params.js';
import { mctsBot } from './mcts-bot.js';
import { auctionPolicy } from './policy.js';
import { auctionPolicyBot } from './policy-bot.js';
import { randomBot } from './random-bot.js';

/**
 * A bot's settings as plain JSON data: the catalog's defaults, merged with a kit's `bots`
 * entry for the bot, merged with the caller's.
 * @public
 */
export type BotSettings = Readonly<Record<string, unknown>>;

/**
 * What the catalog reads of a kit: its game's id, its heuristic factory and its bot settings
 * (any game's kit made by `defineKit` is one).
 * @public
 */
export interface BotKit {
  readonly game: { readonly id: string };
  /** Builds the game's evaluation from a match's rules (see `GameKit.heuristic`). */
  readonly heuristic?: unknown;
  readonly bots?: GameKit['bots'];
}

/**
 * One bot of the catalog, under one name.
 * @public
 */
export interface CatalogBot {
  /** The bot's one name (`'ismcts'`). */
  readonly name: string;
  /** Former names still accepted, deprecated (`'auction-policy'` for `'policy'`). */
  readonly aliases: readonly string[];
  /** One line for help texts. */
  readonly description: string;
  /**
   * Whether the bot needs the game's heuristic (`'required'`), plays better with one and
   * without it falls back to random rollouts (`'optional'`), or never reads one (`'none'`).
   */
  readonly heuristic: 'required' | 'optional' | 'none';
  /** Its settings for a game that says nothing about it (generic: no game's preset). */
  readonly defaults: BotSettings;
  /** Whether it reads the true state of a match (research only). */
  readonly cheats: boolean;
}

interface CatalogEntry extends CatalogBot {
  readonly build: (settings: BotSettings, heuristic: Heuristic | undefined) => AnyBot;
}

/** MCTS settings that need a heuristic, left out when the game has none. */
const NEEDS_HEURISTIC = ['rolloutDepth', 'wideActions', 'valueChecked'] as const;

/** MCTS params from JSON settings: `'auctionPolicy'` rollouts made into the policy. */
function mctsParamsOf(settings: BotSettings, heuristic: Heuristic | undefined): MctsParams {
  const params: Record<string, unknown> = { ...settings };
  for (const key of ['rollout', 'opponentRollout'] as const) {
    const value = params[key];
    if (value === 'auctionPolicy') params[key] = auctionPolicy();
    else if (heuristic === undefined && (value === 'heuristic' || value === 'lookahead'))
      delete params[key];
  }
  if (heuristic === undefined) for (const key of NEEDS_HEURISTIC) delete params[key];
  else params.heuristic = heuristic;
  return params;
}

function nameOf(settings: BotSettings, fallback: string): string {
  return typeof settings.name === 'string' ? settings.name : fallback;
}

const ENTRIES: readonly CatalogEntry[] = [
  {
    name: 'random',
    aliases: [],
    description: 'chooses uniformly among the legal actions',
    heuristic: 'none',
    defaults: {},
    cheats: false,
    build: (s) => randomBot(nameOf(s, 'random')),
  },
  {
    name: 'policy',
    aliases: ['auction-policy', 'auctionPolicy'],
    description:
      "a rule of thumb read from the game's declared traits: passes half the time, else takes the lowest amount (random elsewhere)",
    heuristic: 'none',
    defaults: { passProbability: 0.5 },
    cheats: false,
    build: (s) =>
      auctionPolicyBot({
        name: nameOf(s, 'policy'),
        ...(typeof s.passProbability === 'number' ? { passProbability: s.passProbability } : {}),
      }),
  },
  {
    name: 'greedy',
    aliases: [],
    description: "one-ply lookahead scored by the game's heuristic (4 samples)",
    heuristic: 'required',
    defaults: { samples: 4 },
    cheats: false,
    build: (s, heuristic) =>
      greedyBot({
        heuristic: heuristic as Heuristic,
        name: nameOf(s, 'greedy'),
        ...(typeof s.samples === 'number' ? { samples: s.samples } : {}),
        ...(typeof s.offersReceived === 'string' ? { offersReceived: s.offersReceived } : {}),
      }),
  },
  {
    name: 'mcts',
    aliases: [],
    description:
      "information-set MCTS, 200 iterations per decision, rollouts cut at 40 decisions and scored by the game's heuristic (full random rollouts without one)",
    heuristic: 'optional',
    defaults: { iterations: 200, rolloutDepth: 40 },
    cheats: false,
    build: (s, heuristic) => mctsBot({ name: 'mcts', ...mctsParamsOf(s, heuristic) }),
  },
  {
    name: 'ismcts',
    aliases: [],
    description:
      "the strongest honest bot measured, with the settings the game's kit gives it (generic: 400-iteration information-set MCTS, rollouts cut at 8 decisions and scored by the heuristic)",
    heuristic: 'optional',
    defaults: { iterations: 400, opponentsInTree: 'uct', rolloutDepth: 8 },
    cheats: false,
    build: (s, heuristic) => mctsBot({ name: 'ismcts', ...mctsParamsOf(s, heuristic) }),
  },
  {
    name: 'cheating-mcts',
    aliases: ['cheatingMcts'],
    description: 'MCTS that reads the true state, hidden information included (research only)',
    heuristic: 'optional',
    defaults: { iterations: 200, rolloutDepth: 40 },
    cheats: true,
    build: (s, heuristic) =>
      cheatingMctsBot({ name: 'CHEATING-mcts', ...mctsParamsOf(s, heuristic) }),
  },
];

/**
 * The bots every host offers (the command line, the server, the web app, tournaments), one
 * name per bot: `random`, `policy`, `greedy`, `mcts`, `ismcts` and `cheating-mcts`.
 * @public
 */
export const BOT_CATALOG: readonly CatalogBot[] = ENTRIES.map(({ build: _build, ...bot }) => bot);

/**
 * The names of {@link BOT_CATALOG}, without the deprecated aliases.
 * @public
 */
export function listBotNames(): string[] {
  return ENTRIES.map((e) => e.name);
}

function entryOf(name: string): CatalogEntry | undefined {
  const wanted = name.trim();
  return (
    ENTRIES.find((e) => e.name === wanted.toLowerCase()) ??
    ENTRIES.find((e) => e.aliases.includes(wanted) || e.aliases.includes(wanted.toLowerCase()))
  );
}

/**
 * Finds a bot of the catalog by its name or a deprecated alias (`'auction-policy'` finds
 * `policy`); undefined when none has it.
 * @public
 */
export function findBot(name: string): CatalogBot | undefined {
  const entry = entryOf(name);
  return entry === undefined ? undefined : BOT_CATALOG[ENTRIES.indexOf(entry)];
}

/**
 * A bot's settings for a game: the catalog's generic defaults, then the kit's `bots` entry
 * for that bot (under its name or an alias), then `overrides`.
 * @public
 */
export function botSettings(
  name: string,
  kit: BotKit | undefined,
  overrides: BotSettings = {},
): BotSettings {
  const entry = entryOf(name);
  if (entry === undefined) throw unknownBot(name);
  const own = kit?.bots;
  const fromKit =
    own === undefined
      ? {}
      : [entry.name, ...entry.aliases].reduce<BotSettings>(
          (acc, key) => (Object.hasOwn(own, key) ? { ...own[key], ...acc } : acc),
          {},
        );
  return { ...entry.defaults, ...fromKit, ...overrides };
}

function unknownBot(name: string): RangeError {
  return new RangeError(
    `unknown bot '${name.slice(0, 60)}' (known bots: ${listBotNames().join(', ')})`,
  );
}

/**
 * Builds a fresh bot of the catalog for a game's kit: its settings by {@link botSettings}, and
 * the game's heuristic built by the kit's factory from the rules of each match the bot plays
 * (a custom map, a variant's cards), once per match. A game without a kit, or a kit without
 * a heuristic, gets the generic settings without the parts that need one. Throws a
 * `RangeError` for an unknown name, or for a bot that needs a heuristic when the kit has none.
 *
 * @example
 * ```ts
 * const bot = createCatalogBot('ismcts', colonialFloridaKit);
 * ```
 * @public
 */
export function createCatalogBot(name: string, kit?: BotKit, overrides: BotSettings = {}): AnyBot {
  const entry = entryOf(name);
  if (entry === undefined) throw unknownBot(name);
  const settings = botSettings(name, kit, overrides);
  const factory =
    typeof kit?.heuristic === 'function'
      ? (kit.heuristic as (rules: RulesContext<unknown>) => Heuristic)
      : undefined;
  if (factory === undefined) {
    if (entry.heuristic === 'required')
      throw new RangeError(
        `bot '${entry.name}' needs a heuristic, and '${kit?.game.id ?? 'this game'}' has none (use ${ENTRIES.filter(
          (e) => e.heuristic !== 'required' && !e.cheats,
        )
          .map((e) => e.name)
          .join(', ')})`,
      );
    return entry.build(settings, undefined);
  }
  // One bot per match's rules: the heuristic is built from them the first time they are seen.
  const made = new WeakMap<object, AnyBot>();
  const botFor = (rules: RulesContext<unknown>): AnyBot => {
    let bot = made.get(rules);
    if (bot === undefined) {
      bot = entry.build(settings, factory(rules));
      made.set(rules, bot);
    }
    return bot;
  };
  const label = nameOf(settings, entry.cheats ? 'CHEATING-mcts' : entry.name);
  if (entry.cheats) {
    const cheating: CheatingBot = {
      name: label,
      cheats: true,
      actWithState: (input) => (botFor(input.engine) as CheatingBot).actWithState(input),
    };
    return cheating;
  }
  const honest: Bot = { name: label, act: (input) => (botFor(input.rules) as Bot).act(input) };
  return honest;
}

/**
 * The catalog's `ismcts` bot for a game's kit: the strongest honest bot measured, with the
 * kit's settings and its heuristic built from each match's rules (see
 * {@link createCatalogBot}). Browser-safe: a web page imports it from `@ruleloom/bots`.
 *
 * @example
 * ```ts
 * import { ismctsBot } from '@ruleloom/bots';
 * const bot = ismctsBot(stAugustineKit, { iterations: 50 });
 * ```
 * @public
 */
export function ismctsBot(kit?: BotKit, overrides: BotSettings = {}): Bot {
  return createCatalogBot('ismcts', kit, overrides) as Bot;
}
