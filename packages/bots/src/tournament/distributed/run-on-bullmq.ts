import { loadBullmq } from './load-optional.js';
import type { Job, Queue, QueueEvents } from 'bullmq';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { TournamentPlan } from '../tournament-plan.js';
import type { WorkerTask } from '../worker-task.js';
import type { GameRecord } from '../tournament-types.js';
import type { BullmqBackend } from './bullmq-types.js';
import { checkTournamentId, connect, DEFAULT_QUEUE, jobId, tournamentKey } from './connection.js';
import type { WorkerEnvironment } from './environment.js';
import { parseJobResult, type StoredTournament } from './stored-tournament.js';

/** How often pending games are looked up in Redis, in case an event was missed (ms). */
const RECONCILE_MS = 2000;
const ADD_CHUNK = 500;

function stored(plan: TournamentPlan, id: string): StoredTournament {
  return {
    format: 'ruleloom.tournament/1',
    id,
    game: plan.ref as NonNullable<TournamentPlan['ref']>,
    // The variant's data is part of the definition: another variant never shares its jobs.
    ...(plan.variant === undefined ? {} : { variant: plan.variant }),
    bots: plan.specs as NonNullable<TournamentPlan['specs']>,
    names: plan.names,
    seed: plan.seed,
    players: plan.players,
    games: plan.games,
    options: plan.options,
    maxDecisions: plan.maxDecisions,
    ...(plan.competition === undefined ? {} : { competition: plan.competition }),
  };
}

/** What the coordinator gets back: each game once, with the environment that played it. */
export type GameOutcome =
  | { readonly ok: true; readonly record: GameRecord; readonly environment: WorkerEnvironment }
  | { readonly ok: false; readonly index: number; readonly reason: string };

/**
 * Enqueues one job per scheduled game (idempotent ids) and waits until every game has a
 * result, collected from Redis: those finished before (resume) and those finishing now.
 */
export async function runOnBullmq(
  plan: TournamentPlan,
  backend: BullmqBackend,
  onOutcome: (outcome: GameOutcome) => void,
  onDecision?: (index: number, decisions: number) => void,
): Promise<{ id: string }> {
  const id = checkTournamentId(
    backend.id ?? bytesToHex(globalThis.crypto.getRandomValues(new Uint8Array(8))),
  );
  const name = backend.queue ?? DEFAULT_QUEUE;
  const { Queue, QueueEvents } = await loadBullmq();
  const client = await connect(backend.connection);
  const eventsClient = await connect(backend.connection);
  let queue: Queue | undefined;
  let events: QueueEvents | undefined;
  try {
    const spec = JSON.stringify(stored(plan, id));
    const created = await client.set(tournamentKey(id), spec, 'NX');
    if (created === null) {
      const existing = await client.get(tournamentKey(id));
      if (existing !== spec)
        throw new Error(
          `tournament '${id}' already exists in Redis with other settings (resume it with its own settings, or pick another id)`,
        );
    }
    queue = new Queue(name, { connection: client });
    events = new QueueEvents(name, { connection: eventsClient });
    const pending = new Set(plan.tasks.map((t) => t.index));
    let finish: () => void = () => undefined;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const accept = (outcome: GameOutcome): void => {
      const index = outcome.ok ? outcome.record.index : outcome.index;
      if (!pending.delete(index)) return; // counted once, whatever delivers it again
      onOutcome(outcome);
      if (pending.size === 0) finish();
    };
    const indexOf = (job: string): number | undefined => {
      const prefix = `${id}-`;
      if (!job.startsWith(prefix)) return undefined;
      const n = Number(job.slice(prefix.length));
      return Number.isInteger(n) && pending.has(n) ? n : undefined;
    };
    const fromJob = (index: number, job: Job | undefined, state: string): void => {
      if (job === undefined) return;
      if (state === 'completed') {
        const result = parseJobResult(job.returnvalue, index);
        if (result !== undefined) accept({ ok: true, ...result });
        else accept({ ok: false, index, reason: 'the worker returned no game record' });
      } else if (state === 'failed') accept({ ok: false, index, reason: job.failedReason });
    };
    events.on('completed', ({ jobId: job, returnvalue }) => {
      const index = indexOf(job);
      if (index === undefined) return;
      const result = parseJobResult(returnvalue, index);
      if (result !== undefined) accept({ ok: true, ...result });
    });
    events.on('progress', ({ jobId: job, data }) => {
      const index = indexOf(job);
      if (index !== undefined && typeof data === 'number') onDecision?.(index, data);
    });
    events.on('failed', ({ jobId: job, failedReason }) => {
      const index = indexOf(job);
      if (index !== undefined) accept({ ok: false, index, reason: failedReason });
    });
    await events.waitUntilReady();
    for (let i = 0; i < plan.tasks.length; i += ADD_CHUNK) {
      await queue.addBulk(
        plan.tasks.slice(i, i + ADD_CHUNK).map((task) => ({
          name: 'game',
          data: {
            game: stored(plan, id).game,
            ...(plan.variant === undefined ? {} : { variant: plan.variant }),
            bots: plan.specs ?? [],
            names: plan.names,
            task,
            ...(plan.competition === undefined ? {} : { competition: plan.competition }),
          } satisfies WorkerTask,
          opts: {
            jobId: jobId(id, task.index),
            attempts: 1,
            removeOnComplete: false,
            removeOnFail: false,
          },
        })),
      );
    }
    const reconcile = async (): Promise<void> => {
      const q = queue as Queue;
      for (const index of [...pending]) {
        const state = await q.getJobState(jobId(id, index));
        if (state === 'completed' || state === 'failed')
          fromJob(index, await q.getJob(jobId(id, index)), state);
      }
    };
    await reconcile();
    let timer: NodeJS.Timeout | undefined;
    let stopped = false;
    const tick = (): void => {
      if (stopped) return;
      timer = setTimeout(() => {
        reconcile().then(tick, tick);
      }, RECONCILE_MS);
    };
    if (pending.size > 0) {
      tick();
      await finished;
    }
    stopped = true;
    clearTimeout(timer);
    return { id };
  } finally {
    await events?.close();
    await queue?.close();
    client.disconnect();
    eventsClient.disconnect();
  }
}
