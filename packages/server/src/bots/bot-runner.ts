import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Tinypool } from 'tinypool';
import type { BotTask } from './bot-worker.js';

/** The built worker file: next to the bundle, or in `dist/` when running from the sources. */
function workerFile(): string {
  const candidates = [
    new URL('./bot-worker.js', import.meta.url),
    new URL('../../dist/bot-worker.js', import.meta.url),
  ];
  for (const url of candidates) if (existsSync(fileURLToPath(url))) return url.href;
  throw new Error(
    "@ruleloom/server: the bot worker 'bot-worker.js' was not found; build the package first",
  );
}

/** Bot decisions on a worker-thread pool, each within a time budget. */
export class BotRunner {
  private pool: Tinypool | undefined;
  private starting: Promise<Tinypool> | undefined;

  constructor(private readonly threads: number) {}

  private start(): Promise<Tinypool> {
    this.starting ??= import('tinypool').then(({ Tinypool: Pool }) => {
      this.pool = new Pool({
        filename: workerFile(),
        minThreads: 0,
        maxThreads: this.threads,
        idleTimeout: 10_000,
      });
      return this.pool;
    });
    return this.starting;
  }

  /**
   * The bot's action, or `{ timedOut: true }` past `budgetMs` (the worker is then stopped),
   * or `{ failed }` when the bot threw.
   */
  async decide(
    task: BotTask,
    budgetMs: number,
  ): Promise<
    { ok: true; action: unknown } | { ok: false; reason: 'timeout' | 'error'; error?: unknown }
  > {
    const pool = await this.start();
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), budgetMs);
    try {
      const action = (await pool.run(task, { name: 'decide', signal: abort.signal })) as unknown;
      return { ok: true, action };
    } catch (error) {
      return abort.signal.aborted
        ? { ok: false, reason: 'timeout' }
        : { ok: false, reason: 'error', error };
    } finally {
      clearTimeout(timer);
    }
  }

  /** Stops every worker. */
  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    this.starting = undefined;
    if (pool !== undefined) await pool.destroy();
  }
}
