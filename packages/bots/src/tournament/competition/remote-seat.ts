import { Worker } from 'node:worker_threads';
import type { RngState } from '@ruleloom/core';
import type { SeatChoice } from '../play-game.js';
import { workerFile } from '../worker-file.js';
import type { BotInitMessage, BotWorkerMessage } from './bot-protocol.js';

/** Memory a competition bot's thread may use (MB of old generation). */
const BOT_HEAP_MB = 1024;

/**
 * One seat's bot in its own worker thread. Each decision gets the serialized input and a
 * time limit; a bot over it is stopped (its thread terminated) and restarted, from its last
 * stream state, for the next decision.
 */
export class RemoteSeat {
  private worker: Worker | undefined;
  private ready: Promise<string | undefined> | undefined;
  private rngState: RngState;
  private nextId = 0;
  private pending: { id: number; resolve: (choice: SeatChoice) => void; t0: number } | undefined;

  constructor(
    private readonly init: BotInitMessage,
    private readonly name: string,
  ) {
    this.rngState = init.rngState;
  }

  private start(): Promise<string | undefined> {
    const worker = new Worker(new URL(workerFile('bot-worker.js')), {
      resourceLimits: { maxOldGenerationSizeMb: BOT_HEAP_MB },
      stdout: true,
    });
    worker.stdout.resume(); // a bot's console output is dropped, never mixed with results
    this.worker = worker;
    return new Promise((resolve) => {
      let started = false;
      const fail = (why: string): void => {
        if (!started) {
          started = true;
          resolve(why);
        }
        this.settle({ kind: 'error', message: why });
        if (this.worker === worker) {
          this.worker = undefined;
          this.ready = undefined;
        }
      };
      worker.on('message', (msg: BotWorkerMessage) => {
        if (msg.type === 'ready' || msg.type === 'failed') {
          started = true;
          resolve(
            msg.type === 'ready' ? undefined : `bot '${this.name}' could not start: ${msg.message}`,
          );
          return;
        }
        if (this.pending?.id !== msg.id) return; // a late answer to a decision already played
        if (msg.type === 'answer') {
          this.rngState = msg.rngState;
          this.settle({ kind: 'action', action: msg.action });
        } else this.settle({ kind: 'error', message: msg.message });
      });
      worker.on('error', (e) =>
        fail(`bot '${this.name}' crashed its thread: ${e.message.slice(0, 300)}`),
      );
      worker.on('exit', (code) =>
        fail(`bot '${this.name}' ended its thread (exit code ${String(code)})`),
      );
      worker.postMessage({ ...this.init, rngState: this.rngState } satisfies BotInitMessage);
    });
  }

  private settle(choice: SeatChoice): void {
    const p = this.pending;
    if (p === undefined) return;
    this.pending = undefined;
    p.resolve(choice);
  }

  /** Asks for one decision; resolves with the action, a timeout, or the bot's error. */
  async decide(input: string, timeLimitMs: number): Promise<SeatChoice> {
    this.ready ??= this.start();
    const failure = await this.ready;
    if (failure !== undefined) return { kind: 'error', message: failure };
    const worker = this.worker as Worker;
    const id = this.nextId++;
    return new Promise<SeatChoice>((resolve) => {
      const t0 = performance.now();
      const timer = setTimeout(() => {
        if (this.pending?.id !== id) return;
        this.settle({ kind: 'timeout', ms: Math.round(performance.now() - t0) });
        // The bot is still thinking: stop it; the next decision starts a fresh thread.
        this.worker = undefined;
        this.ready = undefined;
        void worker.terminate();
      }, timeLimitMs);
      this.pending = {
        id,
        t0,
        resolve: (choice) => {
          clearTimeout(timer);
          resolve(choice);
        },
      };
      worker.postMessage({ type: 'decide', id, input });
    });
  }

  /** Stops the bot's thread. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.ready = undefined;
    if (worker === undefined) return;
    // Lets the bot release what it holds (a process bot's program), for at most a second.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 1000);
      worker.on('message', (msg: { type?: string }) => {
        if (msg.type === 'closed') {
          clearTimeout(timer);
          resolve();
        }
      });
      worker.postMessage({ type: 'close' });
    });
    await worker.terminate();
  }
}
