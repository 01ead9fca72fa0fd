import {
  createMatch,
  isGame,
  type ActionBase,
  type CardDefinition,
  type Game,
} from '@ruleloom/core';
import { playGame } from './play-game.js';
import { runOnWorkers } from './pool.js';
import { scheduleGames, type GameTask } from './schedule.js';
import {
  createBot,
  entryName,
  isBotSpec,
  resolveGame,
  type BotEntry,
  type ModuleRef,
} from './specs.js';
import { summarize } from './summarize.js';
import type { GameRecord, TournamentOptions, TournamentResult } from './tournament-types.js';
import type { WorkerTask } from './worker.js';

function failedRecord(
  game: Game<unknown, ActionBase, unknown>,
  task: GameTask,
  error: unknown,
): GameRecord {
  const saved = createMatch(game, {
    seed: task.seed,
    players: task.players,
    options: task.options,
  }).toJSON();
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return {
    index: task.index,
    deal: task.deal,
    rotation: task.rotation,
    seed: task.seed,
    seats: task.seats,
    scores: [],
    winners: [],
    ranks: [],
    decisions: 0,
    seatDecisions: new Array<number>(task.players).fill(0),
    saved,
    error: { seat: null, message: `the game crashed: ${message}` },
    decisionMs: new Array<number>(task.players).fill(0),
  };
}

/**
 * Runs a tournament: `ceil(games / players)` deals, each played once per cyclic seat
 * rotation with the same game seed (paired games), so that no entry profits from its seat or
 * its luck. Game seeds derive from `seed` and the deal; each bot's stream from the game seed
 * and its seat; results are aggregated in schedule order, so they are identical for the same
 * seed whatever the number of workers (decision times aside).
 *
 * @remarks
 * A game whose bot throws, returns an illegal action, or never ends, is recorded with an
 * `error` and left out of the statistics; the tournament goes on. With `workers > 0` the
 * games run on a tinypool worker-thread pool, and `game` and `bots` must be references and
 * specs (functions cannot cross threads).
 *
 * @example
 * ```ts
 * const result = await runTournament({
 *   game: { module: '@ruleloom/st-augustine', export: 'stAugustine' },
 *   bots: [{ kind: 'mcts', params: { iterations: 300 } }, { kind: 'random' }, { kind: 'random' }, { kind: 'random' }],
 *   games: 40, seed: 1, players: 4, options: { trading: 'off' }, workers: 2,
 * });
 * console.log(formatTournamentTable(result));
 * ```
 * @public
 */
export async function runTournament<
  TAction extends ActionBase = ActionBase,
  TState = unknown,
  TOptions = unknown,
  TCard extends CardDefinition = CardDefinition,
>(options: TournamentOptions<TAction, TState, TOptions, TCard>): Promise<TournamentResult> {
  // Bots are typed by the game's actions for callers; inside, any action is passed through the match's validation.
  const entries = options.bots as readonly BotEntry[];
  const players = options.players ?? entries.length;
  if (entries.length !== players) {
    throw new RangeError(
      `runTournament needs one bot entry per seat: ${String(players)} players but ${String(entries.length)} bots (repeat an entry to seat the same bot twice)`,
    );
  }
  const workers = options.workers ?? 0;
  if (!Number.isInteger(workers) || workers < 0)
    throw new RangeError(`workers must be a whole number >= 0, got ${String(workers)}`);
  const gameOptions = options.options ?? {};
  const game = await resolveGame(options.game as Game<unknown, ActionBase, unknown> | ModuleRef);
  // Checks the setup once, up front (throws a SetupError listing every problem).
  createMatch(game, { seed: 0, players, options: gameOptions });
  const tasks = scheduleGames(
    options.seed,
    options.games,
    players,
    gameOptions,
    options.maxDecisions ?? 100_000,
  );
  const names = entries.map((entry) => entryName(entry));
  const records = new Array<GameRecord>(tasks.length);
  let completed = 0;
  const done = (record: GameRecord): void => {
    records[record.index] = record;
    completed++;
    options.onProgress?.({ completed, total: tasks.length, game: record });
  };

  if (workers === 0) {
    for (const task of tasks) {
      try {
        const bots = await Promise.all(entries.map((entry) => createBot(entry)));
        done(await playGame(game, bots, task));
      } catch (error) {
        done(failedRecord(game, task, error));
      }
    }
  } else {
    if (isGame(options.game))
      throw new TypeError(
        'with workers > 0, pass the game as a reference { module, export } (functions cannot cross threads), or use workers: 0',
      );
    const specs = entries.map((entry, i) => {
      if (!isBotSpec(entry))
        throw new TypeError(
          `with workers > 0, bot ${String(i)} ('${entry.name}') must be a spec such as { kind: 'mcts', params } or { kind: 'module', module, export }, or use workers: 0`,
        );
      return entry;
    });
    const ref = options.game as ModuleRef;
    const messages: WorkerTask[] = tasks.map((task) => ({
      game: { module: ref.module, export: ref.export },
      bots: specs,
      task,
    }));
    await runOnWorkers(messages, workers, (index, outcome) => {
      done(
        outcome.ok ? outcome.record : failedRecord(game, tasks[index] as GameTask, outcome.error),
      );
    });
  }

  return {
    game: game.id,
    seed: options.seed,
    players,
    options: gameOptions,
    gamesPlayed: records.length,
    failed: records.filter((r) => r.error !== undefined).length,
    bots: summarize(names, records),
    games: records,
  };
}
