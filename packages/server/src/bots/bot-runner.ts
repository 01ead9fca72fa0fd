import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { messagePort, type DecisionEndpoint, type DecisionPort } from '@ruleloom/core/session';
import type { ResolvedGame } from '../games/hosted-game.js';
import type { BotGameEntry, BotRequest, BotWorkerData } from './bot-worker.js';

/** The built worker file: next to the bundle, or in `dist/` when running from the sources. */
function workerFile(): URL {
  const candidates = [
    new URL('./bot-worker.js', import.meta.url),
    new URL('../../dist/bot-worker.js', import.meta.url),
  ];
  for (const url of candidates) if (existsSync(fileURLToPath(url))) return url;
  throw new Error(
    "@ruleloom/server: the bot worker 'bot-worker.js' was not found; build the package first",
  );
}

/** A worker thread as one side of a decision channel (`messagePort` talks to it). */
function endpointOf(worker: Worker): DecisionEndpoint {
  const endpoint: DecisionEndpoint = {
    onmessage: null,
    postMessage: (message) => worker.postMessage(message),
    terminate: () => void worker.terminate(),
  };
  worker.on('message', (data: unknown) => {
    const handler = endpoint.onmessage as ((event: { data: unknown }) => unknown) | null;
    handler?.({ data });
  });
  return endpoint;
}

/** One worker thread of the pool and the decision port that talks to it. */
interface Slot {
  readonly worker: Worker;
  readonly port: DecisionPort;
  /** Fails the decision in flight when the worker dies. */
  fail: ((error: Error) => void) | undefined;
}

/** What a decision on the pool came to. */
export type BotOutcome =
  | { readonly ok: true; readonly action: unknown }
  | { readonly ok: false; readonly reason: 'timeout' | 'error'; readonly error?: unknown };

/**
 * Bot decisions on a pool of worker threads, each within a time budget. A decision crosses
 * the thread boundary as core's decision-port request and reply (`messagePort` here,
 * `serveDecisions` in the worker); each worker plays one decision at a time and keeps its
 * engines, so a match's decisions reuse them. A worker over budget is stopped and replaced.
 */
export class BotRunner {
  private readonly idle: Slot[] = [];
  private readonly waiting: ((slot: Slot) => void)[] = [];
  private readonly all = new Set<Slot>();
  private readonly data: BotWorkerData;
  private closed = false;

  constructor(
    private readonly threads: number,
    games: Iterable<ResolvedGame>,
    timeMs: number,
  ) {
    const entries: BotGameEntry[] = [];
    for (const hosted of games) {
      if (hosted.module === undefined) continue;
      const game = hosted.game as { id: string; rulesVersion: number };
      entries.push({
        id: game.id,
        rulesVersion: game.rulesVersion,
        module: hosted.module,
        heuristic: hosted.heuristic ?? null,
      });
    }
    this.data = { ruleloomBotWorker: true, games: entries, timeMs };
  }

  private spawn(): Slot {
    const worker = new Worker(workerFile(), { workerData: this.data });
    worker.unref();
    const slot: Slot = { worker, port: messagePort(endpointOf(worker)), fail: undefined };
    const died = (error: Error): void => {
      if (!this.all.delete(slot)) return;
      const i = this.idle.indexOf(slot);
      if (i >= 0) this.idle.splice(i, 1);
      slot.fail?.(error);
      slot.port.close?.();
    };
    worker.on('error', died);
    worker.on('exit', () => died(new Error('the bot worker stopped')));
    this.all.add(slot);
    return slot;
  }

  private acquire(): Promise<Slot> {
    const free = this.idle.pop();
    if (free !== undefined) return Promise.resolve(free);
    if (this.all.size < this.threads) return Promise.resolve(this.spawn());
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(slot: Slot): void {
    if (!this.all.has(slot)) {
      // The slot's worker was stopped: a waiting decision gets a fresh one.
      const next = this.waiting.shift();
      if (next !== undefined) next(this.spawn());
      return;
    }
    const next = this.waiting.shift();
    if (next !== undefined) next(slot);
    else this.idle.push(slot);
  }

  /**
   * The bot's action for a decision request (its `player` names the bot of the catalog), or
   * `{ reason: 'timeout' }` past `budgetMs` (the worker is then stopped), or
   * `{ reason: 'error' }` when the bot failed.
   */
  async decide(request: BotRequest, budgetMs: number): Promise<BotOutcome> {
    if (this.closed) return { ok: false, reason: 'error', error: new Error('closed') };
    const slot = await this.acquire();
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const action = await new Promise<unknown>((resolve, reject) => {
        slot.fail = reject;
        timer = setTimeout(() => reject(new BudgetExceeded()), budgetMs);
        Promise.resolve(slot.port.decide(request, undefined as never)).then(resolve, reject);
      });
      return { ok: true, action };
    } catch (error) {
      if (error instanceof BudgetExceeded) {
        // A bot's search cannot be interrupted: stop its thread.
        this.all.delete(slot);
        slot.port.close?.();
        return { ok: false, reason: 'timeout' };
      }
      return { ok: false, reason: 'error', error };
    } finally {
      clearTimeout(timer);
      slot.fail = undefined;
      this.release(slot);
    }
  }

  /** Stops every worker. */
  async close(): Promise<void> {
    this.closed = true;
    const slots = [...this.all];
    this.all.clear();
    this.idle.length = 0;
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }
}

class BudgetExceeded extends Error {}
