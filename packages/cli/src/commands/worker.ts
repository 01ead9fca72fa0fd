import { startTournamentWorker } from '@ruleloom/bots';
import type { Command } from 'commander';
import { CliError, messageOf } from '../errors.js';
import { parseCount } from '../setup/parse-options.js';
import type { CommandContext } from './context.js';
import { displayUrl, parseRedisUrl, resolveForWorker } from './distributed.js';

/**
 * The flags of `ruleloom worker`.
 * @public
 */
export interface WorkerFlags {
  readonly redis?: string;
  readonly concurrency?: string;
  readonly queue?: string;
  readonly lockDuration: string;
  readonly stalledInterval: string;
}

async function worker(context: CommandContext, flags: WorkerFlags): Promise<void> {
  const { io, palette: c } = context;
  const url = parseRedisUrl(flags.redis);
  const concurrency =
    flags.concurrency === undefined ? undefined : parseCount('--concurrency', flags.concurrency);
  const lockDurationMs = parseCount('--lock-duration', flags.lockDuration, 100);
  const stalledIntervalMs = parseCount('--stalled-interval', flags.stalledInterval, 100);
  let played = 0;
  let running;
  try {
    running = await startTournamentWorker({
      connection: url,
      ...(concurrency === undefined ? {} : { concurrency }),
      ...(flags.queue === undefined ? {} : { queue: flags.queue }),
      lockDurationMs,
      stalledIntervalMs,
      resolveModule: resolveForWorker,
      onGame: (record) => {
        played++;
        const outcome =
          record.error === undefined
            ? `winners ${record.winners.join(', ')}`
            : c.red(`error: ${record.error.message}`);
        io.err(
          `game ${String(record.index)} (${String(record.decisions)} decisions): ${outcome}\n`,
        );
      },
      onFailedGame: (failure) => {
        io.err(
          c.red(
            `game ${failure.index === undefined ? `(job ${failure.jobId ?? '?'})` : String(failure.index)} failed: ${failure.reason}\n`,
          ),
        );
      },
    });
  } catch (error) {
    throw new CliError(`the worker could not start: ${messageOf(error)}`);
  }
  io.err(
    `${c.bold('ruleloom worker')} ${running.environment.id} serving '${flags.queue ?? 'ruleloom-games'}' on ${displayUrl(url)}; Ctrl-C stops it\n`,
  );
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  io.err(`stopping after the running games (${String(played)} played)\n`);
  await running.close();
}

/**
 * Adds `ruleloom worker` to the program: plays the games of distributed tournaments.
 * @public
 */
export function registerWorkerCommand(program: Command, context: CommandContext): void {
  program
    .command('worker')
    .description('play games of distributed tournaments from a Redis queue (BullMQ), until stopped')
    .option('--redis <url>', 'the Redis server, e.g. redis://127.0.0.1:6379')
    .option('-c, --concurrency <n>', 'games at once, each on a worker thread (default: the cores)')
    .option('--queue <name>', 'the queue to serve (default ruleloom-games)')
    .option(
      '--lock-duration <ms>',
      "how long a game stays locked to this worker without renewal; a killed worker's game moves on after about this",
      '10000',
    )
    .option('--stalled-interval <ms>', 'how often workers check for games of dead workers', '5000')
    .addHelpText(
      'after',
      `
Examples:
  $ ruleloom worker --redis redis://10.0.0.5:6379 --concurrency 4
  $ ruleloom tournament st-augustine --bots mcts,random,random --games 400 --redis redis://10.0.0.5:6379`,
    )
    .action(async (flags: WorkerFlags) => worker(context, flags));
}
