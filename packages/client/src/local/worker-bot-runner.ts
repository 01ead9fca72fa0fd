import {
  DECISION_REQUEST,
  messagePort,
  serveDecisions,
  type DecisionRequest as PortRequest,
  type LocalDecisionContext,
} from '@ruleloom/core/session';
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
  // One channel in the match session's format (`messagePort`); the worker's `serveBots` (or a
  // `serveDecisions` of its own) answers it.
  const channel = messagePort(endpoint);
  let next = 0;
  return {
    decide(decision) {
      return Promise.resolve(channel.decide(requestOf(decision, ++next), NO_LOCAL_MATCH));
    },
    close() {
      channel.close?.();
    },
  };
}

/** A worker's port never reads the page's match (its requests carry the view). */
const NO_LOCAL_MATCH = Object.freeze({}) as LocalDecisionContext;

/**
 * A runner's decision as a decision request of the match session's format: the bot's name in
 * `player`; a runner is not told the match's version or rules version (0 in both).
 */
function requestOf(d: BotDecision, id: number): PortRequest {
  return {
    type: DECISION_REQUEST,
    id,
    game: { id: d.game, rulesVersion: 0 },
    setup: { players: d.players, options: d.options },
    seat: d.seat,
    version: 0,
    view: d.view,
    legalActions: d.legalActions as PortRequest['legalActions'],
    deadline: null,
    seed: d.seed,
    player: d.bot,
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
  serveDecisions(endpoint, (r) =>
    decide({
      bot: r.player ?? '',
      game: r.game.id,
      players: r.setup.players,
      options: r.setup.options,
      seat: r.seat,
      view: r.view,
      legalActions: r.legalActions,
      seed: r.seed,
    }),
  );
}
