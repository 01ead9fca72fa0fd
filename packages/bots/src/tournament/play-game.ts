import {
  ACTION_LIMITS,
  checkJsonLimits,
  createMatch,
  describeValue,
  Engine,
  publicOptions,
  Rng,
  type ActionBase,
  type Game,
  type MatchState,
} from '@ruleloom/core';
import { isCheatingBot, type AnyBot, type BotRules } from '../bot.js';
import { createBotInput } from './bot-input.js';
import type { GameTask } from './schedule.js';
import type { GameRecord, SeatFallback } from './tournament-types.js';

/** A bounded description of an error (names and messages come from bot code). */
export function message(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > 500 ? `${text.slice(0, 500)}…` : text;
}

/** What a seat's controller answers for one decision. */
export type SeatChoice =
  | { readonly kind: 'action'; readonly action: unknown }
  /** Over the time limit: the first legal action is played for the seat. */
  | { readonly kind: 'timeout'; readonly ms: number }
  | { readonly kind: 'error'; readonly message: string };

/** Chooses for a seat; `engine` and `state` are the match's own (trusted code only). */
export type SeatDecider = (
  seat: number,
  engine: BotRules,
  state: MatchState,
) => Promise<SeatChoice>;

/** Each seat's bot stream, from the task's bot seeds (never from the game seed). */
export function seatStreams(task: GameTask): Rng[] {
  return task.botSeeds.map((seed) => Rng.fromSeed(seed));
}

/** The decider for in-process bots: builds each seat's `BotInput` and calls the bot. */
export function localDecider(
  game: Game<unknown, ActionBase, unknown>,
  entries: readonly AnyBot[],
  task: GameTask,
): SeatDecider {
  const rules = new Engine(game, {
    players: task.players,
    options: publicOptions(game, task.options),
  }) as unknown as BotRules;
  const rngs = seatStreams(task);
  return async (seat, engine, state) => {
    const bot = entries[task.seats[seat] as number] as AnyBot;
    try {
      const input = createBotInput(engine, state, seat, rules, rngs[seat] as Rng);
      const action = isCheatingBot(bot)
        ? await bot.actWithState({ ...input, state: engine.clone(state), engine })
        : await bot.act(input);
      return { kind: 'action', action };
    } catch (e) {
      return { kind: 'error', message: `bot '${bot.name}' threw: ${message(e)}` };
    }
  };
}

/** A bot's answer for an error message: its JSON when small and plain, else a bounded description. */
function describeAction(action: unknown): string {
  if (checkJsonLimits(action, ACTION_LIMITS) !== undefined) return describeValue(action);
  const text = JSON.stringify(action) ?? 'undefined';
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/**
 * Plays one scheduled game, asking `decide` for every decision. Never throws for a bot's
 * fault: a bot that throws or returns an illegal action ends the game with an `error` in the
 * record; a decision over the time limit is played as the first legal action and listed in
 * `fallbacks`.
 */
export async function playGame(
  game: Game<unknown, ActionBase, unknown>,
  task: GameTask,
  decide: SeatDecider,
  names: readonly string[],
  onDecision?: (decisions: number) => void,
): Promise<GameRecord> {
  const { players, options, seed } = task;
  const match = createMatch(game, { seed, players, options });
  const engine = match.engine as unknown as BotRules;
  const decisionMs = new Array<number>(players).fill(0);
  const seatDecisions = new Array<number>(players).fill(0);
  const fallbacks: SeatFallback[] = [];
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
    const name = names[task.seats[seat] as number] ?? 'bot';
    const t0 = performance.now();
    const choice = await decide(seat, engine, match.state);
    decisionMs[seat] = (decisionMs[seat] as number) + (performance.now() - t0);
    if (choice.kind === 'error') {
      error = { seat, message: choice.message };
      break;
    }
    let action = choice.kind === 'action' ? choice.action : undefined;
    if (choice.kind === 'timeout') {
      action = match.legalActions(seat)[0];
      fallbacks.push({ decision: decisions, seat, reason: 'time_limit', ms: choice.ms });
    }
    decisions++;
    onDecision?.(decisions);
    seatDecisions[seat] = (seatDecisions[seat] as number) + 1;
    const r = match.applyInput(seat, action);
    if (!r.ok) {
      error = {
        seat,
        message: `bot '${name}' chose an illegal action ${describeAction(action)} (${r.error.code}: ${r.error.message})`,
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
    ...(fallbacks.length === 0 ? {} : { fallbacks }),
    decisionMs,
  };
}
