import {
  createEngine,
  Rng,
  type ActionBase,
  type AnyGame,
  type Engine,
  type GameView,
} from '@ruleloom/core';

/**
 * One bot decision, as plain JSON (so it can cross to a Web Worker): everything the seat
 * may know, never the match state or its seed.
 * @public
 */
export interface BotDecision {
  /** The bot's name in the runner. */
  readonly bot: string;
  /** The game id. */
  readonly game: string;
  /** The number of seats. */
  readonly players: number;
  /** The public options of the match (secret ones left out). */
  readonly options: Readonly<Record<string, unknown>>;
  /** The seat the bot plays. */
  readonly seat: number;
  /** That seat's view. */
  readonly view: GameView;
  /** The seat's legal actions (never empty). */
  readonly legalActions: readonly unknown[];
  /** The seed of the bot's random stream for this decision (not derived from the match seed). */
  readonly seed: string;
}

/**
 * Runs bot decisions for a local client, ideally off the main thread:
 * {@link createWorkerBotRunner} (a Web Worker, or any message port) or
 * {@link createInlineBotRunner} (same thread, for tests and tiny bots).
 * @public
 */
export interface BotRunner {
  /** Resolves with the chosen action; rejects when the bot fails. */
  decide(decision: BotDecision): Promise<unknown>;
  /** Stops the runner (terminates a worker). */
  close(): void;
}

/**
 * What a bot receives: the shape of `BotInput` from `@ruleloom/bots`.
 * @public
 */
export interface LocalBotInput {
  /** The seat the bot plays. */
  readonly seat: number;
  /** What that seat can see. */
  readonly view: GameView;
  /** Every legal action of the seat now. */
  readonly legalActions: readonly ActionBase[];
  /** The bot's seeded stream for this decision. */
  readonly rng: Rng;
  /** The rules built from the public setup, for search. */
  readonly rules: Engine<unknown, ActionBase, unknown>;
}

/**
 * A bot: any honest `Bot` from `@ruleloom/bots` (`randomBot()`, `greedyBot(...)`,
 * `mctsBot(...)`) or your own object with `act`.
 * @public
 */
export interface LocalBot {
  /** A display name. */
  readonly name: string;
  /** Chooses one of `input.legalActions`. */
  act(input: LocalBotInput): unknown;
}

/**
 * The games and bots a runner knows, by id and by name.
 * @public
 */
export interface BotCatalog {
  /** The games bots may play (by their `id`). */
  readonly games: readonly AnyGame[];
  /** The bots, by the name a local client's `bots` option uses. */
  readonly bots: Readonly<Record<string, LocalBot>>;
}

/** Plays one decision with the catalog (used by the inline runner and by {@link serveBots}). */
export function makeDecider(catalog: BotCatalog): (decision: BotDecision) => Promise<unknown> {
  const engines = new Map<string, Engine<unknown, ActionBase, unknown>>();
  return async (d) => {
    const game = catalog.games.find((g) => g.id === d.game);
    if (game === undefined) throw new Error(`the bot runner has no game '${d.game.slice(0, 60)}'`);
    const bot = Object.hasOwn(catalog.bots, d.bot) ? catalog.bots[d.bot] : undefined;
    if (bot === undefined) throw new Error(`the bot runner has no bot '${d.bot.slice(0, 60)}'`);
    const key = `${d.game}\u0000${String(d.players)}\u0000${JSON.stringify(d.options)}`;
    let rules = engines.get(key);
    if (rules === undefined) {
      rules = createEngine(game, { players: d.players, options: d.options });
      engines.set(key, rules);
    }
    return await bot.act({
      seat: d.seat,
      view: d.view,
      legalActions: d.legalActions as readonly ActionBase[],
      rng: Rng.fromSeed(d.seed),
      rules,
    });
  };
}

/**
 * A runner that plays bots on the calling thread (a resolved promise per decision): for
 * tests, Node scripts and bots that decide in microseconds. In a page, prefer
 * {@link createWorkerBotRunner}.
 * @public
 */
export function createInlineBotRunner(catalog: BotCatalog): BotRunner {
  const decide = makeDecider(catalog);
  return { decide, close: () => undefined };
}
