import type {
  ActionBase,
  CardDefinition,
  Game,
  OptionsInput,
  SavedMatch,
  Seed,
} from '@ruleloom/core';
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
  /** Tournament seed: every game seed and bot stream derives from it. */
  readonly seed: Seed;
  /** Player count (default: `bots.length`, which it must equal). */
  readonly players?: number;
  /** The game's options for every match (secret ones are hidden from honest bots). */
  readonly options?: OptionsInput<NoInfer<TOptions>>;
  /**
   * Worker threads (default 0: play in this thread). With workers, `game` and `bots` must be
   * references / specs. The results are the same for any number of workers.
   */
  readonly workers?: number;
  /** Decisions after which a game is stopped and reported as an error (default 100,000). */
  readonly maxDecisions?: number;
  /** Called after every finished game, in completion order. */
  readonly onProgress?: (progress: TournamentProgress) => void;
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
  readonly seed: Seed;
  readonly players: number;
  readonly options: Readonly<Record<string, unknown>>;
  /** Games played (deals × players). */
  readonly gamesPlayed: number;
  /** Games that failed (see {@link GameRecord.error}). */
  readonly failed: number;
  readonly bots: readonly BotResult[];
  readonly games: readonly GameRecord[];
}
