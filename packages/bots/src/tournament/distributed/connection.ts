import { loadIoredis } from './load-optional.js';
import type { Redis } from 'ioredis';
import type { RedisConnection } from './bullmq-types.js';

/** Default queue of tournament games. */
export const DEFAULT_QUEUE = 'ruleloom-games';

/** A new ioredis client; BullMQ's workers and event readers need `maxRetriesPerRequest: null`. */
export async function connect(connection: RedisConnection): Promise<Redis> {
  // ioredis and bullmq load on demand: the package stays usable without them.
  const { Redis: Client } = await loadIoredis();
  return typeof connection === 'string'
    ? new Client(connection, { maxRetriesPerRequest: null, lazyConnect: false })
    : new Client({ ...connection, maxRetriesPerRequest: null });
}

/** Checks a tournament id (it becomes part of Redis keys and job ids). */
export function checkTournamentId(id: string): string {
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(id))
    throw new RangeError(
      `a tournament id is 1 to 64 letters, digits, '_', '.' or '-', got '${id.slice(0, 80)}'`,
    );
  return id;
}

/** The Redis key of a tournament's stored settings. */
export function tournamentKey(id: string): string {
  return `ruleloom:tournament:${id}`;
}

/** The job id of a game: idempotent, so re-adding a tournament's jobs never duplicates one. */
export function jobId(id: string, index: number): string {
  return `${id}-${String(index)}`;
}
