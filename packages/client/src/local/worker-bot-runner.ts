import { DECISION_REPLY, DECISION_REQUEST, type DecisionReply } from '@ruleloom/core/session';
import type { DecisionRequest as PortRequest } from '@ruleloom/core/session';
import type { BotDecision, BotRunner, BotCatalog } from './bot-runner.js';
import { makeDecider } from './bot-runner.js';

/**
 * One side of a message channel: a browser `Worker` (page side), the worker's `self`
 * (worker side), or an adapter over Node's `worker_threads`. The runner only assigns
 * `onmessage` (so its parameter is typed `never` here; any handler type fits).
 * @public
 */
export interface MessageEndpoint {
  /** Sends a structured-clonable message to the other side. */
  postMessage(message: unknown): void;
  /** Receives the other side's messages (`event.data`). */
  onmessage: ((event: never) => unknown) | null;
  /** Stops a worker (page side only). */
  terminate?(): void;
}

interface DecisionRequest {
  readonly id: number;
  readonly decision: BotDecision;
}

type RunnerReply =
  | { readonly id: number; readonly ok: true; readonly action: unknown }
  | { readonly id: number; readonly ok: false; readonly message: string };

function isReply(data: unknown): data is RunnerReply {
  return (
    typeof data === 'object' &&
    data !== null &&
    typeof (data as { id?: unknown }).id === 'number' &&
    typeof (data as { ok?: unknown }).ok === 'boolean'
  );
}

/**
 * A runner whose bots think in a Web Worker (or any {@link MessageEndpoint}), so the page
 * never freezes. The worker script calls {@link serveBots} with the same bot names.
 * @example
 * ```ts
 * const worker = new Worker(new URL('./bots.worker.ts', import.meta.url), { type: 'module' });
 * const botRunner = createWorkerBotRunner(worker);
 * ```
 * @public
 */
export function createWorkerBotRunner(endpoint: MessageEndpoint): BotRunner {
  let next = 0;
  let closed = false;
  const waiting = new Map<number, { resolve(a: unknown): void; reject(e: Error): void }>();
  endpoint.onmessage = (event: { readonly data: unknown }) => {
    const reply = event.data;
    if (!isReply(reply)) return;
    const w = waiting.get(reply.id);
    if (w === undefined) return;
    waiting.delete(reply.id);
    if (reply.ok) w.resolve(reply.action);
    else w.reject(new Error(reply.message));
  };
  return {
    decide(decision) {
      if (closed) return Promise.reject(new Error('the bot runner was closed'));
      const id = ++next;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        endpoint.postMessage({ id, decision } satisfies DecisionRequest);
      });
    },
    close() {
      closed = true;
      endpoint.onmessage = null;
      endpoint.terminate?.();
      for (const w of waiting.values()) w.reject(new Error('the bot runner was closed'));
      waiting.clear();
    },
  };
}

/**
 * The worker side of {@link createWorkerBotRunner}, and of a match session's `messagePort`
 * (its `player` names the bot): answers every decision request that arrives on `endpoint`
 * (in a worker script: `serveBots(self, { games, bots })`).
 * @example
 * ```ts
 * // bots.worker.ts
 * import { serveBots } from '@ruleloom/client';
 * import { stAugustine } from '@ruleloom/st-augustine';
 * import { randomBot } from '@ruleloom/bots';
 * serveBots(self, { games: [stAugustine], bots: { random: randomBot() } });
 * ```
 * @public
 */
export function serveBots(endpoint: MessageEndpoint, catalog: BotCatalog): void {
  const decide = makeDecider(catalog);
  endpoint.onmessage = (event: { readonly data: unknown }) => {
    const request = event.data as Partial<DecisionRequest> | Partial<PortRequest> | null;
    if (typeof request !== 'object' || request === null || typeof request.id !== 'number') return;
    const id = request.id;
    if ('type' in request && request.type === DECISION_REQUEST) {
      // A match session's decision port (`messagePort`): the port's `player` names the bot.
      const r = request as PortRequest;
      const answer = (async () =>
        decide({
          bot: r.player ?? '',
          game: r.game.id,
          players: r.setup.players,
          options: r.setup.options,
          seat: r.seat,
          view: r.view,
          legalActions: r.legalActions,
          seed: r.seed,
        }))();
      answer.then(
        (action) =>
          endpoint.postMessage({
            type: DECISION_REPLY,
            id,
            ok: true,
            action,
          } satisfies DecisionReply),
        (error: unknown) =>
          endpoint.postMessage({
            type: DECISION_REPLY,
            id,
            ok: false,
            error: {
              code: 'decision_failed',
              message: error instanceof Error ? error.message.slice(0, 500) : 'the bot failed',
            },
          } satisfies DecisionReply),
      );
      return;
    }
    const { decision } = request as DecisionRequest;
    decide(decision).then(
      (action) => endpoint.postMessage({ id, ok: true, action } satisfies RunnerReply),
      (error: unknown) =>
        endpoint.postMessage({
          id,
          ok: false,
          message: error instanceof Error ? error.message.slice(0, 500) : 'the bot failed',
        } satisfies RunnerReply),
    );
  };
}
