/**
 * The worker thread that plays bot decisions off the server's event loop (tinypool calls
 * `decide` by name). It sees only what the seat may see: its view, its legal actions and
 * the rules built from the public options.
 */
import {
  auctionPolicyBot,
  createCatalogBot,
  greedyBot,
  mctsBot,
  randomBot,
  type Bot,
  type ModuleRef,
} from '@ruleloom/bots';
import {
  canonicalJson,
  createEngine,
  isGame,
  isGameKit,
  Rng,
  type AnyGame,
  type Engine,
  type GameKit,
  type GameView,
  type Heuristic,
} from '@ruleloom/core';
import type { ServerBotKind } from './server-bot-kinds.js';

/** One decision for a worker. */
export interface BotTask {
  readonly game: ModuleRef;
  readonly heuristic: ModuleRef | null;
  readonly bot: ServerBotKind;
  readonly players: number;
  readonly options: Readonly<Record<string, unknown>>;
  readonly seat: number;
  readonly view: GameView;
  readonly legalActions: readonly unknown[];
  readonly seed: string;
  readonly timeMs: number;
}

const modules = new Map<string, Promise<unknown>>();

function load(ref: ModuleRef): Promise<unknown> {
  const key = `${ref.module}#${ref.export}`;
  let found = modules.get(key);
  if (found === undefined) {
    found = import(ref.module).then((mod: Readonly<Record<string, unknown>>) => {
      if (!Object.hasOwn(mod, ref.export))
        throw new Error(`module '${ref.module}' has no export '${ref.export}'`);
      return mod[ref.export];
    });
    modules.set(key, found);
  }
  return found;
}

/** A bot of the catalog for a game served from its kit: the kit's settings and heuristic. */
function kitBot(task: BotTask, kit: GameKit): Bot {
  const settings =
    task.bot === 'mcts' ? { iterations: 400, timeMs: Math.max(1, task.timeMs * 0.6) } : {};
  try {
    return createCatalogBot(task.bot, kit, settings) as Bot;
  } catch {
    // A bot the kit cannot support (greedy without a heuristic) plays at random.
    return randomBot();
  }
}

/** Engines kept per game, player count and public options (the most recent {@link ENGINES_KEPT}). */
const engines = new Map<string, Engine<unknown, never, unknown>>();
/** How many engines a worker keeps: a server hosts few setups; each engine keeps its packed model. */
export const ENGINES_KEPT = 32;

/**
 * The rules for a decision, built once per game, player count and options and then reused
 * (building an engine, and the packed forward model it makes on first use, costs far more than
 * a fast bot's decision).
 */
export function engineFor(
  ref: ModuleRef,
  game: AnyGame,
  players: number,
  options: Readonly<Record<string, unknown>>,
): Engine<unknown, never, unknown> {
  const key = `${ref.module}#${ref.export}\u0000${String(players)}\u0000${canonicalJson(options)}`;
  let engine = engines.get(key);
  if (engine === undefined) {
    engine = createEngine(game, { players, options }) as unknown as Engine<unknown, never, unknown>;
    if (engines.size >= ENGINES_KEPT) engines.delete(engines.keys().next().value as string);
  } else engines.delete(key);
  engines.set(key, engine); // most recently used last
  return engine;
}

async function makeBot(task: BotTask): Promise<Bot> {
  switch (task.bot) {
    case 'random':
      return randomBot();
    case 'auction-policy':
      return auctionPolicyBot();
    case 'greedy': {
      if (task.heuristic === null) return randomBot();
      return greedyBot({ heuristic: (await load(task.heuristic)) as Heuristic, samples: 4 });
    }
    case 'mcts':
      return mctsBot({ iterations: 400, timeMs: Math.max(1, task.timeMs * 0.6) });
  }
}

/** Plays one decision: returns the chosen action. */
export async function decide(task: BotTask): Promise<unknown> {
  const loaded = await load(task.game);
  const game = isGameKit(loaded) ? loaded.game : loaded;
  if (!isGame(game))
    throw new Error(`'${task.game.export}' of '${task.game.module}' is not a game or game kit`);
  const rules = engineFor(task.game, game, task.players, task.options);
  const bot = isGameKit(loaded) ? kitBot(task, loaded) : await makeBot(task);
  return bot.act({
    seat: task.seat,
    view: task.view,
    legalActions: task.legalActions as never,
    rng: Rng.fromSeed(task.seed),
    rules: rules as never,
  });
}
