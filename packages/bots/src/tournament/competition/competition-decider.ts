import { publicOptions, Rng, type ActionBase, type Game } from '@ruleloom/core';
import type { SeatDecider } from '../play-game.js';
import type { GameTask } from '../schedule.js';
import type { BotSpec, ModuleRef } from '../specs.js';
import { RemoteSeat } from './remote-seat.js';

/** Default per-decision time limit of a competition game, in ms. */
export const DEFAULT_DECISION_TIME_LIMIT_MS = 5000;

/**
 * Competition settings of a game: each bot in its own thread, a time limit per decision (one
 * for every bot, or one per bot entry of the tournament).
 */
export interface CompetitionSettings {
  readonly timeLimitMs: number | readonly number[];
}

/**
 * A decider whose bots each run in a worker thread of their own: they receive the JSON text
 * of `{ seat, view, legalActions }` and rebuild their rules from the public options, so no
 * bot shares memory with the match state or with another bot.
 */
export function competitionDecider(
  game: Game<unknown, ActionBase, unknown>,
  ref: ModuleRef,
  variant: unknown,
  specs: readonly BotSpec[],
  names: readonly string[],
  task: GameTask,
  settings: CompetitionSettings,
): { decide: SeatDecider; close: () => Promise<void> } {
  const options = publicOptions(game, task.options);
  const seats = task.seats.map((entry, seat) => {
    const spec = specs[entry] as BotSpec;
    return new RemoteSeat(
      {
        type: 'init',
        game: { module: ref.module, export: ref.export },
        ...(variant === undefined ? {} : { variant }),
        spec,
        players: task.players,
        options,
        rngState: Rng.fromSeed(task.botSeeds[seat] as string).state(),
      },
      names[entry] ?? 'bot',
    );
  });
  return {
    decide: async (seat, engine, state) => {
      const input = JSON.stringify({
        seat,
        view: engine.view(state, seat),
        legalActions: engine.legalActions(state, seat),
      });
      const limit = settings.timeLimitMs;
      const ms = typeof limit === 'number' ? limit : (limit[task.seats[seat] as number] as number);
      return (seats[seat] as RemoteSeat).decide(input, ms);
    },
    close: async () => {
      await Promise.all(seats.map((s) => s.close()));
    },
  };
}
