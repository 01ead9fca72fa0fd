import { Worker } from 'node:worker_threads';
import type { CliGame, ExportRef } from '../games/cli-game.js';
import { resolveRef, type BotKind } from './bot-kinds.js';
import type { SeatController } from './controller.js';

/**
 * What a bot's worker thread is started with (plain data).
 * @public
 */
export interface BotThreadData {
  /** Where the thread imports the game's kit from. */
  readonly kitRef: ExportRef;
  /** The bot's name in the catalog (`mcts`). */
  readonly bot: string;
  readonly seat: number;
  readonly seed: number | string;
  readonly players: number;
  readonly options: Readonly<Record<string, unknown>>;
}

/**
 * One decision asked of a bot's thread: what the seat sees and may do.
 * @public
 */
export interface BotThreadRequest {
  readonly id: number;
  readonly seat: number;
  readonly view: unknown;
  readonly legalActions: readonly unknown[];
}

/**
 * A bot thread's answer: the action, or why there is none.
 * @public
 */
export type BotThreadReply =
  | { readonly id: number; readonly ok: true; readonly action: unknown }
  | { readonly id: number; readonly ok: false; readonly message: string };

/** The thread's script, next to the running executable (`dist/bot-thread.js`). */
function threadFile(): URL {
  return new URL('./bot-thread.js', import.meta.url);
}

/**
 * Settings of {@link createThreadedBotController}.
 * @public
 */
export interface ThreadedBotParams {
  readonly cliGame: CliGame;
  readonly kind: BotKind;
  readonly seat: number;
  readonly seed: number | string;
  readonly players: number;
  readonly options: Readonly<Record<string, unknown>>;
}

/**
 * Seats a bot in a worker thread of its own, so a search that takes seconds never blocks
 * the terminal (the "thinking…" line keeps counting). The bot plays exactly as it would in
 * this thread: the same seeded stream and the same public rules. Undefined when the game
 * cannot be loaded in a thread (a kit without a module reference, such as a variant).
 * @public
 */
export function createThreadedBotController(params: ThreadedBotParams): SeatController | undefined {
  const kitRef = params.cliGame.kitRef;
  if (kitRef === undefined) return undefined;
  const data: BotThreadData = {
    kitRef: resolveRef(kitRef),
    bot: params.kind.name,
    seat: params.seat,
    seed: params.seed,
    players: params.players,
    options: params.options,
  };
  let worker: Worker | undefined;
  let nextId = 0;
  const waiting = new Map<number, { resolve(a: unknown): void; reject(e: Error): void }>();
  const start = (): Worker => {
    const w = new Worker(threadFile(), { workerData: data });
    w.on('message', (reply: BotThreadReply) => {
      const p = waiting.get(reply.id);
      if (p === undefined) return;
      waiting.delete(reply.id);
      if (reply.ok) p.resolve(reply.action);
      else p.reject(new Error(reply.message));
    });
    const fail = (error: Error): void => {
      for (const p of waiting.values()) p.reject(error);
      waiting.clear();
      worker = undefined;
    };
    w.on('error', fail);
    w.on('exit', (code) => {
      if (waiting.size > 0) fail(new Error(`the bot's thread ended (exit code ${String(code)})`));
    });
    return w;
  };
  return {
    kind: 'bot',
    name: params.kind.name,
    async choose(decision) {
      worker ??= start();
      const id = ++nextId;
      const request: BotThreadRequest = {
        id,
        seat: decision.seat,
        view: decision.view,
        legalActions: decision.legalActions,
      };
      const w = worker;
      const action = await new Promise<unknown>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        w.postMessage(request);
      });
      return { type: 'action', action };
    },
    close() {
      void worker?.terminate();
      worker = undefined;
    },
  };
}
