/**
 * The worker thread that plays bot decisions off the server's event loop. It answers core's
 * decision-port requests (`serveDecisions`, the other side of the server's `messagePort`) and
 * sees only what a request holds: the seat's view, its legal actions, the public setup and a
 * seed. The request's `player` names the bot of the catalog.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { createCatalogBot, randomBot, type Bot, type BotKit, type ModuleRef } from '@ruleloom/bots';
import {
  canonicalJson,
  createEngine,
  isGame,
  isGameKit,
  Rng,
  type AnyGame,
  type Engine,
  type Heuristic,
} from '@ruleloom/core';
import {
  serveDecisions,
  type DecisionEndpoint,
  type DecisionRequest,
} from '@ruleloom/core/session';

/** A game the workers play: where they import it (or its kit) and its heuristic from. */
export interface BotGameEntry {
  readonly id: string;
  readonly rulesVersion: number;
  readonly module: ModuleRef;
  readonly heuristic: ModuleRef | null;
}

/** What each worker starts with. */
export interface BotWorkerData {
  /** Marks the server's bot workers (a test runner's own worker threads are left alone). */
  readonly ruleloomBotWorker: true;
  readonly games: readonly BotGameEntry[];
  /** The decision budget (ms): searching bots stop well before it. */
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

/** Engines kept per game, player count and public options (the most recent {@link ENGINES_KEPT}). */
const engines = new Map<string, Engine<unknown, never, unknown>>();
/** How many engines a worker keeps: a server hosts few setups; each engine keeps its packed model. */
export const ENGINES_KEPT = 32;

/**
 * The rules for a decision, built once per game, player count and options and then reused
 * by every decision of every match with that setup (building an engine, and the packed
 * forward model it makes on first use, costs far more than a fast bot's decision).
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

/** Bots kept per game and bot name (a catalog bot builds its heuristic once per engine). */
/**
 * A decision request for the pool: core's decision-port request, plus how long the bot may
 * think (set by the scheduler's budget; searching bots stop within it).
 */
export type BotRequest = DecisionRequest & { readonly thinkMs?: number };

const bots = new Map<string, Promise<Bot>>();

/** The catalog's bot for a game: the kit's settings and heuristic, or the hosted heuristic. */
async function botFor(
  entry: BotGameEntry,
  loaded: unknown,
  name: string,
  timeMs: number,
): Promise<Bot> {
  let kit: BotKit;
  if (isGameKit(loaded)) kit = loaded;
  else {
    const heuristic =
      entry.heuristic === null ? undefined : ((await load(entry.heuristic)) as Heuristic);
    kit = {
      game: { id: entry.id },
      ...(heuristic === undefined ? {} : { heuristic: () => heuristic }),
    };
  }
  // Searching bots stop well within the decision budget.
  const settings =
    name === 'mcts' || name === 'ismcts' ? { timeMs: Math.max(1, timeMs * 0.6) } : {};
  try {
    return createCatalogBot(name, kit, settings) as Bot;
  } catch {
    // A bot the game cannot support (greedy without a heuristic) plays at random.
    return randomBot();
  }
}

/** The games of a worker, by id and rules version (the first hosted entry of each). */
function tableOf(data: BotWorkerData): Map<string, BotGameEntry> {
  const table = new Map<string, BotGameEntry>();
  for (const entry of data.games) {
    const key = `${entry.id}@${String(entry.rulesVersion)}`;
    if (!table.has(key)) table.set(key, entry);
  }
  return table;
}

/**
 * Plays one decision request with the workers' games: returns the chosen action. Throws for
 * a game the server does not host with a module, or a player that is no bot of the catalog.
 */
export async function decide(request: DecisionRequest, data: BotWorkerData): Promise<unknown> {
  const entry = tableOf(data).get(`${request.game.id}@${String(request.game.rulesVersion)}`);
  if (entry === undefined)
    throw new Error(`no bots for the game '${request.game.id.slice(0, 60)}'`);
  const loaded = await load(entry.module);
  const game = isGameKit(loaded) ? loaded.game : loaded;
  if (!isGame(game))
    throw new Error(
      `'${entry.module.export}' of '${entry.module.module}' is not a game or game kit`,
    );
  const rules = engineFor(entry.module, game, request.setup.players, request.setup.options);
  const name = request.player ?? 'random';
  // The scheduler's think time for this decision (the pool's default without one).
  const thinkMs = (request as BotRequest).thinkMs ?? data.timeMs;
  const key = `${entry.module.module}#${entry.module.export}\u0000${name}\u0000${String(thinkMs)}`;
  let bot = bots.get(key);
  if (bot === undefined) {
    bot = botFor(entry, loaded, name, thinkMs);
    bots.set(key, bot);
  }
  return (await bot).act({
    seat: request.seat,
    view: request.view,
    legalActions: request.legalActions,
    rng: Rng.fromSeed(request.seed),
    rules: rules as never,
  });
}

function isBotWorkerData(data: unknown): data is BotWorkerData {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { ruleloomBotWorker?: unknown }).ruleloomBotWorker === true
  );
}

const data: unknown = workerData;
if (!isMainThread && parentPort !== null && isBotWorkerData(data)) {
  const port = parentPort;
  const endpoint: DecisionEndpoint = {
    onmessage: null,
    postMessage: (message) => port.postMessage(message),
  };
  port.on('message', (message: unknown) => {
    const handler = endpoint.onmessage as ((event: { data: unknown }) => unknown) | null;
    handler?.({ data: message });
  });
  serveDecisions(endpoint, (request) => decide(request, data));
}
