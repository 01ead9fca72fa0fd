import { isMainThread } from 'node:worker_threads';
import { competitionDecider } from './competition/competition-decider.js';
import { localDecider, playGame } from './play-game.js';
import { loadTournamentGame } from './game-variant.js';
import { closeBots, createBot, endGames } from './specs.js';
import type { GameRecord } from './tournament-types.js';
import type { WorkerTask } from './worker-task.js';

/** A decision reporter that posts at most every 100 ms. */
function throttled(report: (decisions: number) => void): (decisions: number) => void {
  let last = -Infinity;
  return (decisions) => {
    const now = performance.now();
    if (now - last < 100) return;
    last = now;
    report(decisions);
  };
}

// In a pool thread, a bot calling process.exit would end the thread with its task unsettled:
// there it throws instead, so that the bot loses its game and the thread lives on.
if (!isMainThread) {
  process.exit = (code?: number | string | null): never => {
    throw new Error(`process.exit(${String(code ?? '')}) is not allowed in a game`);
  };
}

/** Plays one game from a worker task: loads the game (once) and fresh bots. */
export async function playWorkerTask(
  message: WorkerTask,
  onDecision?: (decisions: number) => void,
): Promise<GameRecord> {
  // Once per (module, variant) in this thread: a variant is rebuilt from its data, not per game.
  const game = await loadTournamentGame(message.game, message.variant);
  if (message.competition !== undefined) {
    const remote = competitionDecider(
      game,
      message.game,
      message.variant,
      message.bots,
      message.names,
      message.task,
      message.competition,
    );
    try {
      return await playGame(game, message.task, remote.decide, message.names, onDecision);
    } finally {
      await remote.close();
    }
  }
  const bots = await Promise.all(message.bots.map((spec) => createBot(spec)));
  try {
    const record = await playGame(
      game,
      message.task,
      localDecider(game, bots, message.task),
      message.names,
      onDecision,
    );
    // Each bot hears how the game ended (a process bot's `bye` carries the result), as in the
    // coordinator's own games.
    await endGames(bots, message.task, record);
    return record;
  } finally {
    await closeBots(bots);
  }
}

/** Worker entry (tinypool calls it by name). */
export async function playTask(message: WorkerTask): Promise<GameRecord> {
  const port = message.progress;
  if (port === undefined) return playWorkerTask(message);
  const index = message.task.index;
  try {
    return await playWorkerTask(
      message,
      throttled((decisions) => port.postMessage({ index, decisions })),
    );
  } finally {
    port.close();
  }
}

/**
 * Worker entry run once before any game is scheduled: loads the game module and builds the
 * bots, so a module that cannot load in a worker fails the tournament at once.
 */
export async function loadTask(
  message: Pick<WorkerTask, 'game' | 'bots' | 'variant'>,
): Promise<string> {
  const game = await loadTournamentGame(message.game, message.variant);
  await Promise.all(message.bots.map((spec) => createBot(spec)));
  return game.id;
}
