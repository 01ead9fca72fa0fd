import {
  createMatch,
  Engine,
  publicOptions,
  Rng,
  type ActionBase,
  type Game,
} from '@ruleloom/core';
import { isCheatingBot, type AnyBot, type BotRules } from '../bot.js';
import { createBotInput } from './bot-input.js';
import { botSeed, type GameTask } from './schedule.js';
import type { GameRecord } from './tournament-types.js';

function message(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * Plays one scheduled game with one bot per entry. Never throws for a bot's fault: a bot
 * that throws or returns an illegal action ends the game with an `error` in the record.
 */
export async function playGame(
  game: Game<unknown, ActionBase, unknown>,
  entries: readonly AnyBot[],
  task: GameTask,
): Promise<GameRecord> {
  const { players, options, seed } = task;
  const match = createMatch(game, { seed, players, options });
  const engine = match.engine as unknown as BotRules;
  const rules = new Engine(game, {
    players,
    options: publicOptions(game, options),
  }) as unknown as BotRules;
  const rngs = Array.from({ length: players }, (_, seat) => Rng.fromSeed(botSeed(seed, seat)));
  const decisionMs = new Array<number>(players).fill(0);
  const seatDecisions = new Array<number>(players).fill(0);
  let decisions = 0;
  let error: { seat: number | null; message: string } | undefined;
  while (!match.isOver) {
    if (decisions >= task.maxDecisions) {
      error = {
        seat: null,
        message: `the game did not end within ${String(task.maxDecisions)} decisions`,
      };
      break;
    }
    const seat = match.toAct[0] as number;
    const bot = entries[task.seats[seat] as number] as AnyBot;
    const rng = rngs[seat] as Rng;
    let action: unknown;
    const t0 = performance.now();
    try {
      const input = createBotInput(engine, match.state, seat, rules, rng);
      action = isCheatingBot(bot)
        ? await bot.actWithState({ ...input, state: engine.clone(match.state), engine })
        : await bot.act(input);
    } catch (e) {
      error = { seat, message: `bot '${bot.name}' threw: ${message(e)}` };
      break;
    } finally {
      decisionMs[seat] = (decisionMs[seat] as number) + (performance.now() - t0);
    }
    decisions++;
    seatDecisions[seat] = (seatDecisions[seat] as number) + 1;
    const r = match.apply(seat, action);
    if (!r.ok) {
      error = {
        seat,
        message: `bot '${bot.name}' chose an illegal action ${JSON.stringify(action) ?? 'undefined'} (${r.error.code}: ${r.error.message})`,
      };
      break;
    }
  }
  const result = error === undefined ? match.result : null;
  return {
    index: task.index,
    deal: task.deal,
    rotation: task.rotation,
    seed,
    seats: task.seats,
    scores: result?.scores ?? [],
    winners: result?.winners ?? [],
    ranks: result?.ranks ?? [],
    decisions,
    seatDecisions,
    saved: match.toJSON(),
    ...(error === undefined ? {} : { error }),
    decisionMs,
  };
}
