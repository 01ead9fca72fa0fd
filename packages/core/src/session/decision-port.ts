import type { ActionBase } from '../model/action.js';
import type { SavedMatch } from '../log/save.js';
import type { Match } from '../match/match.js';
import type { Rejection } from '../result.js';
import type { GameView } from '../view/view.js';

/**
 * The `type` tag of a {@link DecisionRequest}.
 * @public
 */
export const DECISION_REQUEST = 'ruleloom.decide';
/**
 * The `type` tag of a {@link DecisionReply}.
 * @public
 */
export const DECISION_REPLY = 'ruleloom.decided';

/**
 * One awaited decision, as a match session asks it of whoever plays a seat: plain JSON, the
 * same for every transport (a function in the same thread, a Web Worker, a worker thread, a
 * worker pool, a child process). It holds what the seat may know, never the match state.
 * @public
 */
export interface DecisionRequest {
  /** Always `'ruleloom.decide'`. */
  readonly type: typeof DECISION_REQUEST;
  /** Unique per session: the reply names it. */
  readonly id: number;
  /** The game, by id and rules version (the other side keeps a table of games). */
  readonly game: { readonly id: string; readonly rulesVersion: number };
  /** The player count and the public options of the match (secret options left out). */
  readonly setup: {
    readonly players: number;
    readonly options: Readonly<Record<string, unknown>>;
  };
  /**
   * The save of the match so far, only for a port that asks for it (`needs: 'save'`, a
   * trusted player such as a referee bot or a replay checker): it holds hidden information.
   */
  readonly save?: SavedMatch;
  /** The seat to decide for. */
  readonly seat: number;
  /** The match version the decision is for: the number of accepted actions. */
  readonly version: number;
  /** What the seat sees now. */
  readonly view: GameView;
  /** Every legal action of the seat now (never empty). */
  readonly legalActions: readonly ActionBase[];
  /** When the turn clock plays for the seat (the session clock's time), or null. */
  readonly deadline: number | null;
  /** The seed of the seat's random stream for this decision (never derived from the match seed). */
  readonly seed: string;
  /** The port's own label for who decides (a bot name), when it gave one. */
  readonly player?: string;
}

/**
 * The answer to a {@link DecisionRequest}: the chosen action (any JSON: the session validates
 * it), or why no action came.
 * @public
 */
export type DecisionReply =
  | {
      readonly type: typeof DECISION_REPLY;
      readonly id: number;
      readonly ok: true;
      readonly action: unknown;
    }
  | {
      readonly type: typeof DECISION_REPLY;
      readonly id: number;
      readonly ok: false;
      readonly error: Rejection;
    };

/**
 * What a port in the same thread may read besides the request (trusted code only: it can see
 * the whole match). Ports across a thread or process boundary never get it.
 * @public
 */
export interface LocalDecisionContext {
  /** The session's match (read it; never apply to it: submit through the session). */
  readonly match: Match;
}

/**
 * Who plays a seat for a match session: anything that answers a {@link DecisionRequest} with an
 * action. {@link inlinePort} wraps a function; {@link messagePort} talks to a Web Worker or a
 * worker thread; `@ruleloom/bots` adds ports for a worker pool and a child process.
 * @public
 */
export interface DecisionPort {
  /** A label for who decides (a bot name), copied into each request as `player`. */
  readonly player?: string;
  /** `'save'` when the port must receive the match save (trusted players only). */
  readonly needs?: 'view' | 'save';
  /** Chooses an action; may throw or reject (the session records a failure). */
  decide(request: DecisionRequest, local: LocalDecisionContext): unknown;
  /** Releases the port (terminates a worker); called by the session's `close`. */
  close?(): void;
}

/**
 * A port that calls `decide` in the same thread (it may return a promise).
 *
 * @example
 * ```ts
 * const first = inlinePort((request) => request.legalActions[0]);
 * ```
 * @public
 */
export function inlinePort(
  decide: (request: DecisionRequest, local: LocalDecisionContext) => unknown,
  options: { readonly player?: string; readonly needs?: 'view' | 'save' } = {},
): DecisionPort {
  return {
    ...(options.player === undefined ? {} : { player: options.player }),
    ...(options.needs === undefined ? {} : { needs: options.needs }),
    decide,
  };
}

/**
 * One side of a message channel: a `Worker` (page side), a worker's `self`, a
 * `MessagePort`, or an adapter over Node's `worker_threads`. Only `postMessage` and the
 * `onmessage` property are used, so the session's core stays free of any platform.
 * @public
 */
export interface DecisionEndpoint {
  /** Sends a structured-clonable message to the other side. */
  postMessage(message: unknown): void;
  /** Receives the other side's messages (`event.data`); typed `never` so any handler fits. */
  onmessage: ((event: never) => unknown) | null;
  /** Stops a worker (page side only). */
  terminate?(): void;
}

function isReply(data: unknown): data is DecisionReply {
  if (typeof data !== 'object' || data === null) return false;
  const d = data as { type?: unknown; id?: unknown; ok?: unknown };
  return d.type === DECISION_REPLY && typeof d.id === 'number' && typeof d.ok === 'boolean';
}

/**
 * A port whose decisions are made on the other side of `endpoint` (a Web Worker, a worker
 * thread), which answers with {@link serveDecisions}. Requests and replies are the JSON
 * {@link DecisionRequest} and {@link DecisionReply}; replies are matched by id, so one endpoint
 * may serve several seats.
 * @public
 */
export function messagePort(
  endpoint: DecisionEndpoint,
  options: { readonly player?: string; readonly needs?: 'view' | 'save' } = {},
): DecisionPort {
  let closed = false;
  const waiting = new Map<number, { resolve(a: unknown): void; reject(e: Error): void }>();
  endpoint.onmessage = (event: { readonly data: unknown }) => {
    const reply = event.data;
    if (!isReply(reply)) return;
    const w = waiting.get(reply.id);
    if (w === undefined) return;
    waiting.delete(reply.id);
    if (reply.ok) w.resolve(reply.action);
    else w.reject(new Error(`${reply.error.code}: ${reply.error.message}`));
  };
  return {
    ...(options.player === undefined ? {} : { player: options.player }),
    ...(options.needs === undefined ? {} : { needs: options.needs }),
    decide(request) {
      if (closed) return Promise.reject(new Error('the decision port was closed'));
      return new Promise((resolve, reject) => {
        waiting.set(request.id, { resolve, reject });
        endpoint.postMessage(request);
      });
    },
    close() {
      if (closed) return;
      closed = true;
      endpoint.onmessage = null;
      endpoint.terminate?.();
      for (const w of waiting.values()) w.reject(new Error('the decision port was closed'));
      waiting.clear();
    },
  };
}

/**
 * The other side of {@link messagePort}: answers every {@link DecisionRequest} that arrives on
 * `endpoint` with `decide`'s action (in a worker script: `serveDecisions(self, decide)`). A
 * `decide` that throws is answered with `{ ok: false, error: { code: 'decision_failed' } }`.
 * @public
 */
export function serveDecisions(
  endpoint: DecisionEndpoint,
  decide: (request: DecisionRequest) => unknown,
): void {
  endpoint.onmessage = (event: { readonly data: unknown }) => {
    const request = event.data as Partial<DecisionRequest> | null;
    if (
      typeof request !== 'object' ||
      request === null ||
      request.type !== DECISION_REQUEST ||
      typeof request.id !== 'number'
    )
      return;
    const id = request.id;
    new Promise<unknown>((resolve) => {
      resolve(decide(request as DecisionRequest));
    }).then(
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
            message: error instanceof Error ? error.message.slice(0, 500) : 'the player failed',
          },
        } satisfies DecisionReply),
    );
  };
}
