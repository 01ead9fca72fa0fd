import { availableParallelism } from 'node:os';
import {
  createMatch,
  isGame,
  isGameKit,
  type ActionBase,
  type Game,
  type Seed,
} from '@ruleloom/core';
import {
  DEFAULT_DECISION_TIME_LIMIT_MS,
  type CompetitionSettings,
} from './competition/competition-decider.js';
import { applyVariant } from './game-variant.js';
import { scheduleGames, type GameTask } from './schedule.js';
import { freshSeed } from './seeds.js';
import {
  entryName,
  isBotSpec,
  resolveGame,
  type BotEntry,
  type BotSpec,
  type GameEntry,
  type ModuleRef,
} from './specs.js';
import type { TournamentOptions } from './tournament-types.js';

/** A tournament checked and scheduled, ready to be played by any backend. */
export interface TournamentPlan {
  readonly game: Game<unknown, ActionBase, unknown>;
  /** The game as a reference, when it was given as one (the base game of a variant). */
  readonly ref: ModuleRef | undefined;
  /** The variant's data, when the game is a variant of `ref` rebuilt from it. */
  readonly variant: unknown;
  readonly entries: readonly BotEntry[];
  /** The entries as specs, when every one is a spec. */
  readonly specs: readonly BotSpec[] | undefined;
  readonly names: readonly string[];
  readonly seed: Seed;
  readonly players: number;
  readonly games: number;
  readonly options: Readonly<Record<string, unknown>>;
  readonly maxDecisions: number;
  readonly workers: number;
  readonly competition: CompetitionSettings | undefined;
  readonly tasks: readonly GameTask[];
}

/** Why an entry cannot leave this thread, or undefined when all can. */
export function portableProblem(plan: TournamentPlan, why: string): string | undefined {
  if (plan.ref === undefined)
    return `${why}, pass the game as a reference { module, export } (functions cannot cross threads)`;
  const i = plan.entries.findIndex((entry) => !isBotSpec(entry));
  if (i >= 0)
    return `${why}, bot ${String(i)} ('${entryName(plan.entries[i] as BotEntry)}') must be a spec such as { kind: 'mcts', params } or { kind: 'module', module, export }`;
  return undefined;
}

/** Checks the options, resolves the game and schedules every game (throws on bad settings). */
export async function planTournament<TAction extends ActionBase>(
  options: TournamentOptions<TAction>,
): Promise<TournamentPlan> {
  // Bots are typed by the game's actions for callers; inside, any action goes through the match's validation.
  const entries = options.bots as readonly BotEntry[];
  const players = options.players ?? entries.length;
  if (entries.length !== players) {
    throw new RangeError(
      `runTournament needs one bot entry per seat: ${String(players)} players but ${String(entries.length)} bots (repeat an entry to seat the same bot twice)`,
    );
  }
  const inProcess = isGame(options.game) || isGameKit(options.game);
  const portable = !inProcess && entries.every((entry) => isBotSpec(entry));
  const workers = options.workers ?? (portable ? availableParallelism() : 0);
  if (!Number.isInteger(workers) || workers < 0)
    throw new RangeError(`workers must be a whole number >= 0, got ${String(workers)}`);
  const limit = options.decisionTimeLimitMs ?? DEFAULT_DECISION_TIME_LIMIT_MS;
  const limits = typeof limit === 'number' ? [limit] : limit;
  if (typeof limit !== 'number' && limit.length !== entries.length)
    throw new RangeError(
      `decisionTimeLimitMs needs one limit per bot entry: ${String(entries.length)} bots but ${String(limit.length)} limits`,
    );
  for (const ms of limits)
    if (typeof ms !== 'number' || !Number.isFinite(ms) || ms <= 0)
      throw new RangeError(`decisionTimeLimitMs must be a number > 0, got ${String(ms)}`);
  const gameOptions = options.options ?? {};
  const base = await resolveGame(options.game as GameEntry);
  let game = base;
  if (options.variant !== undefined) {
    try {
      game = applyVariant(base, options.variant);
    } catch (error) {
      throw new RangeError(error instanceof Error ? error.message : String(error), {
        cause: error,
      });
    }
  }
  // Checks the setup once, up front (throws a SetupError listing every problem).
  createMatch(game, { seed: 0, players, options: gameOptions });
  const seed = options.seed ?? freshSeed();
  const maxDecisions = options.maxDecisions ?? 100_000;
  const ref = inProcess ? undefined : (options.game as ModuleRef);
  return {
    game,
    ref: ref === undefined ? undefined : { module: ref.module, export: ref.export },
    variant: options.variant,
    entries,
    specs: entries.every((entry) => isBotSpec(entry)) ? entries : undefined,
    names: entries.map((entry) => entryName(entry)),
    seed,
    players,
    games: options.games,
    options: gameOptions,
    maxDecisions,
    workers,
    competition: options.competition === true ? { timeLimitMs: limit } : undefined,
    tasks: scheduleGames(seed, options.games, players, gameOptions, maxDecisions),
  };
}
