/**
 * How to reach Redis: a URL (`redis://[user:password@]host:port[/db]`) or ioredis-style options.
 * @public
 */
export type RedisConnection =
  | string
  | {
      readonly host?: string;
      readonly port?: number;
      readonly username?: string;
      readonly password?: string;
      readonly db?: number;
    };

/**
 * The distributed backend of {@link runTournament}: one BullMQ job per scheduled game on a
 * Redis queue, played by `ruleloom worker` processes (or {@link startTournamentWorker}) on any
 * number of machines, aggregated in schedule order, so the result is the local runner's.
 *
 * @remarks
 * Job ids are `<id>-<game index>`: running again with the same `id` resumes the tournament
 * (finished games are read back from Redis, not replayed). Game and bot references are
 * imported by the workers: use package names installed on every worker machine. Anyone who
 * can write to the Redis server can make workers import modules: keep it on a private network.
 * @public
 */
export interface BullmqBackend {
  readonly kind: 'bullmq';
  readonly connection: RedisConnection;
  /** Tournament id (letters, digits, `_`, `.`, `-`); reuse it to resume. Default: a fresh random id. */
  readonly id?: string;
  /** Queue name (default `ruleloom-games`); workers must serve the same one. */
  readonly queue?: string;
}
