import type { ActionBase, Game } from '@ruleloom/core';
import { playGame } from './play-game.js';
import type { GameTask } from './schedule.js';
import { createBot, resolveGame, type BotSpec, type ModuleRef } from './specs.js';
import type { GameRecord } from './tournament-types.js';

/** What the pool sends a worker for one game. */
export interface WorkerTask {
  readonly game: ModuleRef;
  readonly bots: readonly BotSpec[];
  readonly task: GameTask;
}

const games = new Map<string, Promise<Game<unknown, ActionBase, unknown>>>();

/** Worker entry (tinypool calls it by name): loads the game and fresh bots, plays one game. */
export async function playTask(message: WorkerTask): Promise<GameRecord> {
  const key = `${message.game.module}#${message.game.export}`;
  let game = games.get(key);
  if (game === undefined) {
    game = resolveGame(message.game);
    games.set(key, game);
  }
  const bots = await Promise.all(message.bots.map((spec) => createBot(spec)));
  return playGame(await game, bots, message.task);
}

/**
 * Worker entry run once before any game is scheduled: loads the game module and builds the
 * bots, so a module that cannot load in a worker fails the tournament at once.
 */
export async function loadTask(message: Pick<WorkerTask, 'game' | 'bots'>): Promise<string> {
  const game = await resolveGame(message.game);
  await Promise.all(message.bots.map((spec) => createBot(spec)));
  return game.id;
}
