import { MessageChannel } from 'node:worker_threads';
import type { GameRecord } from './tournament-types.js';
import type { WorkerTask } from './worker-task.js';
import { workerFile } from './worker-file.js';

/** Runs tasks on a pool of worker threads; `onDone` sees each outcome in completion order. */
export async function runOnWorkers(
  tasks: readonly WorkerTask[],
  workers: number,
  onDone: (
    index: number,
    outcome: { ok: true; record: GameRecord } | { ok: false; error: unknown },
  ) => void,
  onDecision?: (index: number, decisions: number) => void,
): Promise<void> {
  // tinypool is ESM-only: a dynamic import keeps the CommonJS build loadable.
  const { Tinypool } = await import('tinypool');
  const pool = new Tinypool({
    filename: workerFile(),
    minThreads: workers,
    maxThreads: workers,
    idleTimeout: 1000,
  });
  try {
    const first = tasks[0];
    if (first !== undefined) {
      // Fail fast, before scheduling: workers run plain Node and may not load what this thread
      // loaded (a .ts file under a TypeScript loader, a path relative to another folder).
      try {
        await pool.run(
          {
            game: first.game,
            bots: first.bots,
            ...(first.variant === undefined ? {} : { variant: first.variant }),
          },
          { name: 'loadTask' },
        );
      } catch (error) {
        const { module, export: name } = first.game;
        throw new Error(
          `the tournament's game '${name}' from '${module}' (or one of its bots) cannot be loaded in a worker thread: ${error instanceof Error ? error.message : String(error)}. Workers run plain Node.js: refer to built JavaScript (a package name or a .js/.mjs file), or use workers: 0`,
          { cause: error },
        );
      }
    }
    await Promise.all(
      tasks.map((task, index) => {
        if (onDecision === undefined)
          return (pool.run(task, { name: 'playTask' }) as Promise<GameRecord>).then(
            (record) => onDone(index, { ok: true, record }),
            (error: unknown) => onDone(index, { ok: false, error }),
          );
        const { port1, port2 } = new MessageChannel();
        port1.on('message', (m: { decisions: number }) => onDecision(index, m.decisions));
        return (
          pool.run(
            { ...task, progress: port2 },
            { name: 'playTask', transferList: [port2] },
          ) as Promise<GameRecord>
        )
          .then(
            (record) => onDone(index, { ok: true, record }),
            (error: unknown) => onDone(index, { ok: false, error }),
          )
          .finally(() => port1.close());
      }),
    );
  } finally {
    await pool.destroy();
  }
}
