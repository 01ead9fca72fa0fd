import { loadBullmq } from './load-optional.js';
import type { Queue } from 'bullmq';
import { runTournament } from '../run-tournament.js';
import { summarize } from '../summarize.js';
import type { VariantData } from '@ruleloom/core';
import type { BotResult, TournamentProgress, TournamentResult } from '../tournament-types.js';
import type { RedisConnection } from './bullmq-types.js';
import { checkTournamentId, connect, DEFAULT_QUEUE, jobId, tournamentKey } from './connection.js';
import { parseJobResult, parseStoredTournament } from './stored-tournament.js';

/**
 * Where a distributed tournament lives.
 * @public
 */
export interface ResumeOptions {
  readonly connection: RedisConnection;
  readonly id: string;
  /** Queue name (default `ruleloom-games`). */
  readonly queue?: string;
  /** Called after every finished game (games finished before the resume come first). */
  readonly onProgress?: (progress: TournamentProgress) => void;
}

/**
 * Resumes a distributed tournament from its settings kept in Redis: the games already
 * finished are read back, the others are (re-)enqueued under the same job ids and played by
 * the workers. The result is the one an uninterrupted run would give.
 * @public
 */
export async function resumeTournament(options: ResumeOptions): Promise<TournamentResult> {
  const id = checkTournamentId(options.id);
  const client = await connect(options.connection);
  let text: string | null;
  try {
    text = await client.get(tournamentKey(id));
  } finally {
    client.disconnect();
  }
  const t = parseStoredTournament(text, id);
  return runTournament({
    game: t.game,
    ...(t.variant === undefined ? {} : { variant: t.variant as VariantData }),
    bots: t.bots,
    games: t.games,
    seed: t.seed,
    players: t.players,
    options: t.options,
    maxDecisions: t.maxDecisions,
    ...(t.competition === undefined
      ? {}
      : { competition: true, decisionTimeLimitMs: t.competition.timeLimitMs }),
    backend: {
      kind: 'bullmq',
      connection: options.connection,
      id,
      ...(options.queue === undefined ? {} : { queue: options.queue }),
    },
    ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
  });
}

/**
 * The standings of a distributed tournament so far.
 * @public
 */
export interface TournamentStatus {
  readonly id: string;
  readonly game: string;
  /** The variant's id, when the tournament plays a variant of the game. */
  readonly variant?: string;
  readonly players: number;
  /** Games in the schedule. */
  readonly total: number;
  /** Games finished (by any worker). */
  readonly completed: number;
  readonly failed: number;
  /** The table over the finished games. */
  readonly bots: readonly BotResult[];
}

/** The id a variant's data gives itself, as a status field (none without a variant or an id). */
function variantOf(variant: unknown): { variant?: string } {
  if (typeof variant !== 'object' || variant === null) return {};
  const id = (variant as { id?: unknown }).id;
  return typeof id === 'string' ? { variant: id } : {};
}

/**
 * Reads a distributed tournament's standings from Redis without playing anything.
 * @public
 */
export async function getTournamentStatus(
  options: Omit<ResumeOptions, 'onProgress'>,
): Promise<TournamentStatus> {
  const id = checkTournamentId(options.id);
  const { Queue: QueueClass } = await loadBullmq();
  const client = await connect(options.connection);
  let queue: Queue | undefined;
  try {
    const t = parseStoredTournament(await client.get(tournamentKey(id)), id);
    queue = new QueueClass(options.queue ?? DEFAULT_QUEUE, { connection: client });
    const total = Math.ceil(t.games / t.players) * t.players;
    const records = [];
    let failed = 0;
    for (let index = 0; index < total; index++) {
      const job = await queue.getJob(jobId(id, index));
      if (job === undefined) continue;
      if (
        job.finishedOn !== undefined &&
        job.returnvalue !== null &&
        job.returnvalue !== undefined
      ) {
        const r = parseJobResult(job.returnvalue, index);
        if (r !== undefined) {
          records.push(r.record);
          if (r.record.error !== undefined) failed++;
        }
      } else if (job.failedReason !== undefined && job.finishedOn !== undefined) failed++;
    }
    return {
      id,
      game: t.game.export,
      ...variantOf(t.variant),
      players: t.players,
      total,
      completed: records.length + failed - records.filter((r) => r.error !== undefined).length,
      failed,
      bots: summarize(t.names, records),
    };
  } finally {
    await queue?.close();
    client.disconnect();
  }
}
