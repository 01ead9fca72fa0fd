import {
  gameObservation,
  type ActionBase,
  type GameObservation,
  type GameView,
} from '@ruleloom/core';
import type { Bot, BotInput } from '../bot.js';
import { decisionFeatures, decisionJson } from './decision-features.js';
import { LineChannel } from './line-channel.js';

/**
 * The version of the JSON-lines protocol spoken with process bots (see
 * `docs/guides/bot-protocol.md`).
 * @public
 */
export const BOT_PROTOCOL = 'ruleloom.bot/1';

/**
 * Settings of {@link processBot}.
 * @public
 */
export interface ProcessBotParams {
  /** The program and its arguments, e.g. `['python3', 'my_bot.py']` (no shell). */
  readonly command: readonly string[];
  /** Display name (default: the last word of the command). */
  readonly name?: string;
  /** Time the process has for each decision, in ms (default 5000); over it, it loses the game. */
  readonly timeLimitMs?: number;
  /** Time the process has to start and answer the hello, in ms (default 10000). */
  readonly startTimeoutMs?: number;
}

/**
 * How a game ended for a process bot, sent to it in the `bye`: the result (null when the game
 * was stopped by a fault) and, after a fault, what it was.
 * @public
 */
export interface ProcessBotGameEnd {
  /** The seat the bot played. */
  readonly seat: number;
  /** Winners, scores and ranks, or null when the game stopped before its end. */
  readonly result: {
    readonly winners: readonly number[];
    readonly scores: readonly number[];
    readonly ranks: readonly number[];
  } | null;
  /** Why the game stopped (a bot's fault), when it did. */
  readonly error?: string;
}

/**
 * A {@link processBot}: a bot with a program behind it, which it tells how each game ended
 * (`endGame`) and stops when done (`close`).
 * @public
 */
export interface ProcessBot<TAction extends ActionBase = ActionBase> extends Bot<TAction> {
  /**
   * Ends the current game for the program: a `bye` with the result. A program that said
   * `"games": "many"` in its ready then stays for the next game (a new `hello`); any other
   * program, or one that failed in this game, is stopped (a new one starts for the next game).
   */
  endGame(end: ProcessBotGameEnd): Promise<void>;
  /** Stops the program (a `bye` first when a game is still open). */
  close(): Promise<void>;
}

/** Bounded text of an untrusted value, for messages. */
function describe(text: string): string {
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}

interface Answer {
  readonly type?: unknown;
  readonly index?: unknown;
  readonly actionIndex?: unknown;
  readonly features?: unknown;
  readonly action?: unknown;
  readonly samples?: unknown;
  readonly games?: unknown;
}

function parse(line: string, label: string): Answer {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new Error(`${label} sent a line that is not JSON: ${describe(line)}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new Error(`${label} sent a line that is not a JSON object: ${describe(line)}`);
  return value;
}

/**
 * A bot played by another program over standard input and output: a hello with the game and
 * its public setup, then for each decision the seat, the view, the legal actions (each with
 * its index) and the time budget; the program answers an index or an action. It receives
 * exactly an honest `BotInput`: no state, no game seed (its own random seed is drawn from its
 * stream). A process that crashes, hangs, answers late, or sends anything but a valid answer
 * loses the game with a clear error.
 *
 * @example
 * ```ts
 * const bot = processBot({ command: ['python3', 'random_bot.py'] });
 * ```
 * @public
 */
export function processBot<TAction extends ActionBase = ActionBase>(
  params: ProcessBotParams,
): ProcessBot<TAction> {
  if (params.command.length === 0 || params.command.some((c) => typeof c !== 'string'))
    throw new TypeError('a process bot needs a command: a non-empty list of strings');
  const name = params.name ?? params.command[params.command.length - 1] ?? 'process';
  const label = `process bot '${name}'`;
  const timeLimitMs = params.timeLimitMs ?? 5000;
  let channel: LineChannel | undefined;
  let decision = 0;
  /** The game's observation features, once the bot asked for them in its ready. */
  let features: GameObservation<TAction> | undefined;
  /** Whether the program said it plays many games (`"games": "many"` in its ready). */
  let many = false;
  /** Whether the current game is open (a hello was answered and no bye sent yet). */
  let open = false;
  /** Whether the program failed in the current game (then it is not kept for the next). */
  let failed = false;

  async function start(input: BotInput<TAction>): Promise<LineChannel> {
    const c = channel ?? new LineChannel(params.command, label);
    channel = c;
    decision = 0;
    failed = false;
    features = undefined;
    const game = input.rules.game;
    const observation = gameObservation<TAction>(game);
    c.send({
      type: 'hello',
      protocol: BOT_PROTOCOL,
      game: game.id,
      rulesVersion: game.rulesVersion,
      players: input.rules.players,
      seat: input.seat,
      options: input.rules.options,
      seed: input.rng.int(0, 0x7fffffff),
      // Offered only when the game declares observation features.
      ...(observation === undefined
        ? {}
        : {
            features: {
              observationSize: observation.size,
              actionSize: observation.actions.size,
            },
          }),
    });
    const ready = parse(await c.next(params.startTimeoutMs ?? 10_000, 'the hello'), label);
    if (ready.type !== 'ready')
      throw new Error(
        `${label} answered the hello with type ${describe(String(ready.type))}, not 'ready'`,
      );
    if (ready.features === true) features = observation;
    many = ready.games === 'many';
    open = true;
    return c;
  }

  async function stop(): Promise<void> {
    const c = channel;
    channel = undefined;
    open = false;
    if (c !== undefined) await c.close();
  }

  async function act(input: BotInput<TAction>): Promise<TAction> {
    try {
      return await decide(input);
    } catch (error) {
      failed = true; // an invalid or late answer loses the game: this program is not reused
      throw error;
    }
  }

  async function decide(input: BotInput<TAction>): Promise<TAction> {
    {
      const c = open && channel !== undefined ? channel : await start(input);
      const legal = input.legalActions;
      const extra =
        features === undefined
          ? undefined
          : decisionFeatures(features, input.view, input.seat, legal);
      const message = {
        type: 'decide',
        decision: decision++,
        seat: input.seat,
        view: input.view,
        legalActions:
          extra === undefined
            ? legal.map((action, index) => ({ index, action }))
            : legal.map((action, index) => ({
                index,
                action,
                actionIndex: extra.indices[index],
              })),
        timeLimitMs,
      };
      if (extra === undefined) c.send(message);
      else c.sendText(decisionJson(message, extra));
      const deadline = performance.now() + timeLimitMs;
      for (;;) {
        const left = Math.max(1, Math.round(deadline - performance.now()));
        const answer = parse(await c.next(left, `decision ${String(decision - 1)}`), label);
        if (answer.type === 'preview') {
          c.send({ type: 'previews', views: preview(input, answer.samples) });
          continue;
        }
        if (answer.type !== 'action')
          throw new Error(
            `${label} answered with type ${describe(String(answer.type))}, not 'action'`,
          );
        if (answer.actionIndex !== undefined && extra !== undefined) {
          const at = answer.actionIndex;
          const i = Number.isInteger(at) ? extra.indices.indexOf(at as number) : -1;
          if (i < 0)
            throw new Error(
              `${label} chose action index ${describe(JSON.stringify(at))}, which the mask does not allow`,
            );
          return legal[i] as TAction;
        }
        if (answer.index !== undefined) {
          if (
            !Number.isInteger(answer.index) ||
            (answer.index as number) < 0 ||
            (answer.index as number) >= legal.length
          )
            throw new Error(
              `${label} chose index ${describe(JSON.stringify(answer.index))}, but the legal actions are numbered 0 to ${String(legal.length - 1)}`,
            );
          return legal[answer.index as number] as TAction;
        }
        if (answer.action === undefined)
          throw new Error(`${label} sent an action message with neither 'index' nor 'action'`);
        return answer.action as TAction; // checked by the match like any bot's action
      }
    }
  }

  return {
    name,
    act,
    async endGame(end) {
      const c = channel;
      if (c === undefined || !open) return;
      open = false;
      try {
        c.send({
          type: 'bye',
          seat: end.seat,
          result: end.result,
          ...(end.error === undefined ? {} : { error: end.error }),
        });
      } catch {
        // already gone
      }
      if (!many || failed) await stop();
    },
    async close() {
      const c = channel;
      if (c === undefined) return;
      if (open)
        try {
          c.send({ type: 'bye', result: null });
        } catch {
          // already gone
        }
      await stop();
    },
  };
}

/** The views after each legal action, in `samples` determinized states (at most 8). */
function preview<TAction extends ActionBase>(
  input: BotInput<TAction>,
  samples: unknown,
): GameView[][] {
  const n = Number.isInteger(samples) ? Math.min(8, Math.max(1, samples as number)) : 1;
  const { rules, seat, view, rng, legalActions } = input;
  return legalActions
    .map(() => [] as GameView[])
    .map((_, i) => {
      const out: GameView[] = [];
      for (let s = 0; s < n; s++) {
        const next = rules.determinize(view, rng, seat);
        rules.step(next, seat, legalActions[i], false);
        out.push(rules.view(next, seat));
      }
      return out;
    });
}
