import { availableParallelism } from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import { loadBullmq } from './load-optional.js';
import type { Job, Worker } from 'bullmq';
import { workerFile } from '../worker-file.js';
import type { GameRecord } from '../tournament-types.js';
import type { WorkerTask } from '../worker-task.js';
import type { RedisConnection } from './bullmq-types.js';
import { connect, DEFAULT_QUEUE } from './connection.js';
import {
  packageVersion,
  versionNear,
  workerEnvironment,
  type WorkerEnvironment,
} from './environment.js';
import type { GameJobResult } from './stored-tournament.js';

/**
 * Settings of {@link startTournamentWorker}.
 * @public
 */
export interface TournamentWorkerOptions {
  readonly connection: RedisConnection;
  /** Games played at once, each on its own worker thread (default: the available cores). */
  readonly concurrency?: number;
  /** Queue name (default `ruleloom-games`). */
  readonly queue?: string;
  /**
   * How long a job stays locked to this worker without a renewal, in ms (default 10000).
   * A killed worker's game is taken over after about this long plus one or two
   * `stalledIntervalMs`.
   */
  readonly lockDurationMs?: number;
  /** How often workers look for stalled jobs, in ms (default 5000). */
  readonly stalledIntervalMs?: number;
  /**
   * How many times a game whose worker died is retried elsewhere before it is recorded as
   * failed (default 2): a bot that kills every worker it runs on is not retried forever.
   */
  readonly maxStalledCount?: number;
  /**
   * Maps a module specifier of a job (game, heuristic, bot module) before it is imported,
   * for example to resolve package names from the application (`import.meta.resolve`).
   */
  readonly resolveModule?: (specifier: string) => string;
  /**
   * Called after each game this worker played, once its result is stored on the queue (a
   * worker killed after this call never has the game played again).
   */
  readonly onGame?: (record: GameRecord) => void;
  /**
   * Called when a game's job fails without a record: its game or variant could not be loaded
   * (a module this machine cannot import, variant data that does not fit the game), or it
   * failed after its worker died too often. `index` is the game's place in its tournament's
   * schedule, when the job says it.
   */
  readonly onFailedGame?: (failure: {
    readonly jobId: string | undefined;
    readonly index: number | undefined;
    readonly reason: string;
  }) => void;
}

/**
 * A running tournament worker.
 * @public
 */
export interface TournamentWorker {
  /** This process's environment, attached to every game it plays. */
  readonly environment: WorkerEnvironment;
  /** Stops taking games, waits for the running ones, and disconnects. */
  close(): Promise<void>;
}

function mapModules(value: unknown, resolve: (specifier: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => mapModules(v, resolve));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = mapModules(v, resolve);
  if (typeof out.module === 'string' && typeof out.export === 'string')
    out.module = resolve(out.module);
  return out;
}

/**
 * Serves tournament games from a BullMQ queue on Redis: each job is one scheduled game, played
 * on a worker thread (off this event loop, so the job's lock keeps being renewed) and
 * returned with this process's {@link WorkerEnvironment}. A bot's fault is the game's error in
 * the record, not a failed job; a worker killed mid-game loses nothing (the job's lock runs
 * out and another worker plays it).
 *
 * @example
 * ```ts
 * const worker = await startTournamentWorker({ connection: 'redis://127.0.0.1:6379', concurrency: 2 });
 * process.on('SIGTERM', () => void worker.close());
 * ```
 * @public
 */
export async function startTournamentWorker(
  options: TournamentWorkerOptions,
): Promise<TournamentWorker> {
  const concurrency = options.concurrency ?? availableParallelism();
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new RangeError(`concurrency must be a whole number >= 1, got ${String(concurrency)}`);
  const { Worker: QueueWorker } = await loadBullmq();
  const { Tinypool } = await import('tinypool');
  const environment = workerEnvironment();
  const pool = new Tinypool({
    filename: workerFile(),
    minThreads: concurrency,
    maxThreads: concurrency,
  });
  const client = await connect(options.connection);
  const resolve = options.resolveModule;
  const packages = environment.packages as Record<string, string>;
  const processor = async (job: Job<WorkerTask>): Promise<GameJobResult> => {
    // The game's package version joins the environment (when the game is named by package,
    // or by a subpath of one such as a kit's: `@ruleloom/st-augustine/kit`).
    const gameModule = job.data.game.module;
    const named = /^((?:@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*)(?:\/.*)?$/.exec(
      gameModule,
    );
    const gamePackage = named?.[1];
    if (gamePackage !== undefined && !(gamePackage in packages)) {
      const version =
        packageVersion(gamePackage) ??
        (resolve === undefined ? undefined : versionNear(resolve(gameModule)));
      if (version !== undefined) packages[gamePackage] = version;
    }
    // Module names are mapped in the game and bot references (never inside a variant's data).
    const data: WorkerTask =
      resolve === undefined
        ? job.data
        : {
            ...job.data,
            game: mapModules(job.data.game, resolve) as WorkerTask['game'],
            bots: mapModules(job.data.bots, resolve) as WorkerTask['bots'],
          };
    // Decisions so far go to the coordinator as the job's progress (at most twice a second).
    const { port1, port2 } = new MessageChannel();
    let last = -Infinity;
    port1.on('message', (m: { decisions: number }) => {
      const now = performance.now();
      if (now - last < 500) return;
      last = now;
      job.updateProgress(m.decisions).catch(() => undefined);
    });
    let played: GameRecord;
    try {
      played = (await pool.run(
        { ...data, progress: port2 },
        { name: 'playTask', transferList: [port2] },
      )) as GameRecord;
    } finally {
      port1.close();
    }
    return { record: { ...played, worker: environment.id }, environment };
  };
  const worker: Worker = new QueueWorker(options.queue ?? DEFAULT_QUEUE, processor, {
    connection: client,
    concurrency,
    lockDuration: options.lockDurationMs ?? 10_000,
    stalledInterval: options.stalledIntervalMs ?? 5_000,
    maxStalledCount: options.maxStalledCount ?? 2,
  });
  worker.on('error', () => undefined); // connection errors are retried by ioredis
  // BullMQ emits 'completed' after the result is stored, so a report is never taken back.
  const onGame = options.onGame;
  if (onGame !== undefined) {
    worker.on('completed', (_job: Job<WorkerTask>, result: GameJobResult) => onGame(result.record));
  }
  const onFailedGame = options.onFailedGame;
  if (onFailedGame !== undefined) {
    worker.on('failed', (job: Job<WorkerTask> | undefined, error: Error) => {
      const index = (job?.data as Partial<WorkerTask> | undefined)?.task?.index;
      onFailedGame({
        jobId: job?.id,
        index: typeof index === 'number' ? index : undefined,
        reason: error.message,
      });
    });
  }
  await worker.waitUntilReady();
  return {
    environment,
    close: async () => {
      await worker.close();
      await pool.destroy();
      client.disconnect();
    },
  };
}
