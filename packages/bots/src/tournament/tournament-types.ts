import type {
  ActionBase,
  CardDefinition,
  Game,
  OptionsInput,
  SavedMatch,
  Seed,
  VariantData,
} from '@ruleloom/core';
import type { BullmqBackend } from './distributed/bullmq-types.js';
import type { WorkerEnvironment } from './distributed/environment.js';
import type { BotEntry, GameEntry } from './specs.js';

/**
 * Settings of {@link runTournament}.
 * @public
 */
export interface TournamentOptions<
  TAction extends ActionBase = ActionBase,
  TState = unknown,
  TOptions = unknown,
  TCard extends CardDefinition = CardDefinition,
> {
  /** The game: its object (in-process only) or a `{ module, export }` reference (any number of workers). */
  readonly game: GameEntry | Game<TState, TAction, TOptions, TCard>;
  /**
   * A variant of `game` as data: a parsed variant file, applied with `variantFromData` of
   * `@ruleloom/core`. Unlike a variant's game object, data crosses to worker threads and to the
   * workers of the `bullmq` backend, which import `game` as usual and rebuild the variant from
   * it (once per thread). Data that does not fit the game is refused before any game is
   * played: a `RangeError` listing every problem with its path.
   */
  readonly variant?: VariantData;
  /**
   * One entry per seat (`bots.length === players`); the same bot may appear several times
   * (for example one search bot against three copies of a policy bot). Results are per entry.
   * A bot typed by the game's actions, or one that knows no game (`randomBot()`, `mctsBot()`
   * without type arguments: typed by `ActionBase`); whatever it plays is validated.
   */
  readonly bots: readonly (BotEntry<NoInfer<TAction>> | BotEntry)[];
  /**
   * Games to play, rounded up to whole deals: each deal (one game seed) is played once per
   * seat rotation, so every entry sits in every seat with the same cards and dice.
   */
  readonly games: number;
  /**
   * Tournament seed: every game seed and bot stream derives from it through HMAC-SHA-256, in
   * separate domains. Whoever knows it knows every deck and die of the tournament: for a
   * competition, leave it out and a fresh 256-bit seed is drawn (and recorded in the results).
   */
  readonly seed?: Seed;
  /** Player count (default: `bots.length`, which it must equal). */
  readonly players?: number;
  /** The game's options for every match (secret ones are hidden from honest bots). */
  readonly options?: OptionsInput<NoInfer<TOptions>>;
  /**
   * Worker threads (0: play in this thread). With workers, `game` and `bots` must be
   * references / specs. Default: the available cores when the game is a reference and every
   * bot a spec, else 0. The results are the same for any number of workers.
   */
  readonly workers?: number;
  /**
   * Competition mode: each bot runs in a worker thread of its own and receives only the
   * serialized `{ seat, view, legalActions }` of each decision (no shared memory with the
   * state); a decision over `decisionTimeLimitMs` is played as the seat's first legal action
   * and listed in {@link GameRecord.fallbacks}. Needs a game reference and bot specs; cheating
   * bots are refused.
   */
  readonly competition?: boolean;
  /**
   * Per-decision time limit in competition mode, in ms (default 5000): one for every bot, or
   * one per entry of `bots` (in its order), to give each bot its own budget.
   */
  readonly decisionTimeLimitMs?: number | readonly number[];
  /**
   * Where games are played: this machine (default) or a BullMQ queue on Redis served by
   * `ruleloom worker` processes on any number of machines (see {@link BullmqBackend}).
   */
  readonly backend?: { readonly kind: 'local' } | BullmqBackend;
  /** Decisions after which a game is stopped and reported as an error (default 100,000). */
  readonly maxDecisions?: number;
  /** Called after every finished game, in completion order (games of every worker). */
  readonly onProgress?: (progress: TournamentProgress) => void;
  /**
   * Called while games are being played (at most about 5 times a second), with the decisions
   * made so far in unfinished games, on this machine's threads or any distributed worker: a
   * progress bar can move during long games.
   */
  readonly onActivity?: (activity: TournamentActivity) => void;
}

/**
 * What is going on in a running tournament (see {@link TournamentOptions.onActivity}).
 * @public
 */
export interface TournamentActivity {
  /** Games finished. */
  readonly completed: number;
  readonly total: number;
  /** Decisions made so far in the games being played. */
  readonly decisionsInProgress: number;
  /** Mean decisions of the finished games (0 before the first one): an estimate of a game's length. */
  readonly meanDecisionsPerGame: number;
}

/**
 * Progress of a running tournament.
 * @public
 */
export interface TournamentProgress {
  readonly completed: number;
  readonly total: number;
  /** The game just finished. */
  readonly game: GameRecord;
}

/**
 * One game of a tournament, with everything needed to replay it.
 * @public
 */
export interface GameRecord {
  /** Position in the schedule: `deal * players + rotation`. */
  readonly index: number;
  /** The deal (shared game seed) this game belongs to. */
  readonly deal: number;
  /** The seat rotation: seat `s` is played by entry `(s + rotation) % players`. */
  readonly rotation: number;
  /** The match seed. */
  readonly seed: string;
  /** The entry index of the bot in each seat. */
  readonly seats: readonly number[];
  /** Final scores per seat (empty if the game failed). */
  readonly scores: readonly number[];
  /** Winning seats (empty if the game failed). */
  readonly winners: readonly number[];
  /** Competition ranks per seat (empty if the game failed). */
  readonly ranks: readonly number[];
  /** Decisions made by bots. */
  readonly decisions: number;
  /** Decisions per seat. */
  readonly seatDecisions: readonly number[];
  /** The saved match (`restoreMatch` replays it), also for failed games up to the failure. */
  readonly saved: SavedMatch;
  /** Set when the game could not finish: a bot threw, returned an illegal action, or the game ran too long. */
  readonly error?: { readonly seat: number | null; readonly message: string };
  /** Time spent in each seat's decisions, in ms. Measured, so not reproducible. */
  readonly decisionMs: readonly number[];
  /** Competition mode: decisions over the time limit, played as the first legal action. */
  readonly fallbacks?: readonly SeatFallback[];
  /** Distributed runs: the id of the worker environment that played it (see {@link TournamentResult.workers}). */
  readonly worker?: string;
}

/**
 * A decision a bot did not make in time (competition mode): the seat's first legal action
 * was played instead.
 * @public
 */
export interface SeatFallback {
  /** The decision's number in the game (0-based, over all seats). */
  readonly decision: number;
  readonly seat: number;
  readonly reason: 'time_limit';
  /** How long the engine waited, in ms. */
  readonly ms: number;
}

/**
 * The results of one entry.
 * @public
 */
export interface BotResult {
  /** Entry index in `bots`. */
  readonly entry: number;
  readonly name: string;
  /** Games completed (failed games are left out). */
  readonly games: number;
  /** Wins; a win shared by k tied winners counts 1/k. */
  readonly wins: number;
  /** `wins / games`. */
  readonly winRate: number;
  /** 95% Wilson score interval of the win rate. */
  readonly winRateCi95: readonly [number, number];
  /** Mean final score. */
  readonly meanScore: number;
  /** Elo rating from a Bradley–Terry fit of every pairwise finish (mean 1500). */
  readonly elo: number;
  /** Failed games this entry took part in (and that it caused). */
  readonly errors: number;
  readonly errorsCaused: number;
  /** Mean time per decision in ms. Measured, so not reproducible. */
  readonly meanDecisionMs: number;
}

/**
 * The results of a tournament: per-entry table and per-game records, in schedule order.
 * Everything but `meanDecisionMs` / `decisionMs` is the same for the same seed and settings,
 * whatever the number of workers.
 * @public
 */
export interface TournamentResult {
  readonly game: string;
  /** The tournament seed (the one drawn, when none was given): it reproduces every game. */
  readonly seed: Seed;
  /** Distributed runs: the tournament id (`--resume` / `--status` take it). */
  readonly id?: string;
  /** Distributed runs: every worker environment that played a game, by id. */
  readonly workers?: readonly WorkerEnvironment[];
  readonly players: number;
  readonly options: Readonly<Record<string, unknown>>;
  /** Games played (deals × players). */
  readonly gamesPlayed: number;
  /** Games that failed (see {@link GameRecord.error}). */
  readonly failed: number;
  readonly bots: readonly BotResult[];
  readonly games: readonly GameRecord[];
}
