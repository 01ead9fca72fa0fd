import { createMatch, type ActionBase, type CardDefinition, type Game } from '@ruleloom/core';
import type { WorkerEnvironment } from './distributed/environment.js';
import { ActivityTracker } from './activity.js';
import { runOnBullmq } from './distributed/run-on-bullmq.js';
import { localDecider, message, playGame } from './play-game.js';
import { runOnWorkers } from './pool.js';
import type { GameTask } from './schedule.js';
import { closeBots, createBot, endGames, type BotEntry } from './specs.js';
import type { AnyBot } from '../bot.js';
import { summarize } from './summarize.js';
import { planTournament, portableProblem, type TournamentPlan } from './tournament-plan.js';
import type { GameRecord, TournamentOptions, TournamentResult } from './tournament-types.js';
import { playWorkerTask } from './worker.js';
import type { WorkerTask } from './worker-task.js';

/** The record of a game that could not be played at all (its thread or worker died). */
export function failedRecord(
  game: Game<unknown, ActionBase, unknown>,
  task: GameTask,
  error: unknown,
): GameRecord {
  const saved = createMatch(game, {
    seed: task.seed,
    players: task.players,
    options: task.options,
  }).toJSON();
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
    error: { seat: null, message: `the game crashed: ${message(error)}` },
    decisionMs: new Array<number>(task.players).fill(0),
  };
}

function workerTask(plan: TournamentPlan, task: GameTask): WorkerTask {
  const ref = plan.ref as NonNullable<TournamentPlan['ref']>;
  return {
    game: ref,
    ...(plan.variant === undefined ? {} : { variant: plan.variant }),
    bots: plan.specs ?? [],
    names: plan.names,
    task,
    ...(plan.competition === undefined ? {} : { competition: plan.competition }),
  };
}

async function playHere(
  plan: TournamentPlan,
  task: GameTask,
  onDecision: (decisions: number) => void,
): Promise<GameRecord> {
  if (plan.competition !== undefined) return playWorkerTask(workerTask(plan, task), onDecision);
  const bots = await Promise.all(plan.entries.map((entry) => createBot(entry)));
  try {
    return await playGame(
      plan.game,
      task,
      localDecider(plan.game, bots, task),
      plan.names,
      onDecision,
    );
  } finally {
    await closeBots(bots);
  }
}

/**
 * Runs a tournament: `ceil(games / players)` deals, each played once per cyclic seat
 * rotation with the same game seed (paired games), so that no entry profits from its seat or
 * its luck. Game seeds and bot streams derive from `seed` through HMAC-SHA-256 in separate
 * domains (a bot's stream says nothing about the deck); results are aggregated in schedule
 * order, so they are identical for the same seed whatever the number of workers or machines
 * (decision times aside).
 *
 * @remarks
 * A game whose bot throws, returns an illegal action, or never ends, is recorded with an
 * `error` and left out of the statistics; the tournament goes on. With `workers > 0`,
 * `competition: true` or the `bullmq` backend, `game` and `bots` must be references and
 * specs (functions cannot cross threads or machines); a variant crosses as data (`variant`).
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
  // Bots are typed by the game's actions for callers; inside, any action goes through the match's validation.
  const plan = await planTournament(options as unknown as TournamentOptions);
  const { tasks, game } = plan;
  const records = new Array<GameRecord>(tasks.length);
  let completed = 0;
  const activity = new ActivityTracker(tasks.length, options.onActivity);
  const done = (record: GameRecord): void => {
    records[record.index] = record;
    activity.finished(record);
    completed++;
    options.onProgress?.({ completed, total: tasks.length, game: record });
  };
  const backend = options.backend ?? { kind: 'local' };
  let id: string | undefined;
  const environments = new Map<string, WorkerEnvironment>();

  if (backend.kind === 'bullmq') {
    const problem = portableProblem(plan, 'with the bullmq backend');
    if (problem !== undefined) throw new TypeError(problem);
    ({ id } = await runOnBullmq(
      plan,
      backend,
      (outcome) => {
        if (outcome.ok) {
          environments.set(outcome.environment.id, outcome.environment);
          done(outcome.record);
        } else done(failedRecord(game, tasks[outcome.index] as GameTask, outcome.reason));
      },
      (index, decisions) => activity.decision(index, decisions),
    ));
  } else if (plan.workers === 0) {
    if (plan.competition !== undefined) {
      const problem = portableProblem(plan, 'in competition mode');
      if (problem !== undefined) throw new TypeError(problem);
    }
    if (plan.competition === undefined) {
      // Process bots are kept for every game: a program serves many games when it says so
      // (`"games": "many"`), and each game's `bye` carries its result. Other bots are made
      // per game, as in workers.
      const kept = new Map<number, AnyBot>();
      const keep = (entry: BotEntry): boolean =>
        (typeof entry === 'object' && 'kind' in entry && entry.kind === 'process') ||
        typeof (entry as { endGame?: unknown }).endGame === 'function';
      try {
        for (const task of tasks) {
          let bots: AnyBot[] | undefined;
          try {
            bots = await Promise.all(
              plan.entries.map(async (entry, i) => {
                if (!keep(entry)) return createBot(entry);
                const bot = kept.get(i) ?? (await createBot(entry));
                kept.set(i, bot);
                return bot;
              }),
            );
            const record = await playGame(
              plan.game,
              task,
              localDecider(plan.game, bots, task),
              plan.names,
              (d) => activity.decision(task.index, d),
            );
            await endGames(bots, task, record);
            done(record);
          } catch (error) {
            const record = failedRecord(game, task, error);
            if (bots !== undefined) await endGames(bots, task, record);
            done(record);
          } finally {
            const kepts = [...kept.values()];
            if (bots !== undefined) await closeBots(bots.filter((b) => !kepts.includes(b)));
          }
        }
      } finally {
        await closeBots([...kept.values()]);
      }
    } else
      for (const task of tasks) {
        try {
          done(await playHere(plan, task, (d) => activity.decision(task.index, d)));
        } catch (error) {
          done(failedRecord(game, task, error));
        }
      }
  } else {
    const problem = portableProblem(plan, 'with workers > 0');
    if (problem !== undefined) throw new TypeError(`${problem}, or use workers: 0`);
    const messages = tasks.map((task) => workerTask(plan, task));
    await runOnWorkers(
      messages,
      plan.workers,
      (index, outcome) => {
        done(
          outcome.ok ? outcome.record : failedRecord(game, tasks[index] as GameTask, outcome.error),
        );
      },
      options.onActivity === undefined
        ? undefined
        : (index, decisions) => activity.decision(index, decisions),
    );
  }

  return {
    game: game.id,
    seed: plan.seed,
    ...(id === undefined ? {} : { id }),
    players: plan.players,
    options: plan.options,
    gamesPlayed: records.length,
    failed: records.filter((r) => r.error !== undefined).length,
    bots: summarize(plan.names, records),
    games: records,
    ...(backend.kind === 'bullmq' ? { workers: [...environments.values()] } : {}),
  };
}
