import { existsSync } from 'node:fs';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import {
  DEFAULT_MAX_FRAME,
  DEFAULT_MAX_GAMES,
  EngineFrameError,
  openStdioFds,
  serveEngine,
  serveEngineOnFds,
} from '@ruleloom/engine-bridge';
import { cliEngineHost } from '../engine/resolve-game.js';
import { usageError } from '../errors.js';
import type { CommandContext } from './context.js';

/** The built engine worker (`engine-worker.js`): next to the bundle, or in `dist/` from the sources. */
function engineWorkerUrl(): URL {
  const candidates = [
    new URL('./engine-worker.js', import.meta.url),
    new URL('../../dist/engine-worker.js', import.meta.url),
  ];
  for (const url of candidates) if (existsSync(fileURLToPath(url))) return url;
  return candidates[0] as URL;
}

/** Microseconds the engine polls for the next request before it blocks (`RULELOOM_ENGINE_SPIN_US`). */
function spinMicros(): number {
  const value = Number(process.env.RULELOOM_ENGINE_SPIN_US ?? DEFAULT_SPIN_MICROS);
  return Number.isFinite(value) && value >= 0 ? Math.min(value, 10_000) : DEFAULT_SPIN_MICROS;
}

const DEFAULT_SPIN_MICROS = 100;

/**
 * The flags of `ruleloom engine`.
 * @public
 */
export interface EngineFlags {
  readonly stdio?: boolean;
  readonly maxFrame?: string;
  readonly maxGames?: string;
}

function limitFlag(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1)
    throw usageError(`${name} must be a positive whole number`);
  return n;
}

/**
 * Keeps the engine's frames apart from anything loaded code prints: from here on
 * `process.stdout.write` (and so `console.log`, `console.info`...) of this thread writes to
 * stderr, and worker threads' stdout is piped to stderr too (the engine bridge's group host). Returns a stream
 * that writes to the real stdout, for the engine's frames only. Call it before any kit loads.
 */
function isolateStdout(): Writable {
  const stdout = process.stdout;
  const write = stdout.write.bind(stdout) as (chunk: Uint8Array, done: () => void) => boolean;
  const toStderr = process.stderr.write.bind(process.stderr);
  stdout.write = toStderr;
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      write(chunk, () => done());
    },
  });
}

/**
 * Registers `ruleloom engine --stdio`: a long-lived engine process for the Python package
 * (`ruleloom` on PyPI-style installs from packages/python) that hosts many games at once and
 * speaks a binary, batched protocol on stdin/stdout until stdin ends.
 * @public
 */
export function registerEngineCommand(program: Command, _context: CommandContext): void {
  program
    .command('engine')
    .description(
      'serve many games at once to another process (the Python package) over a binary protocol on stdin/stdout; exits when stdin ends',
    )
    .option('--stdio', 'speak the protocol on stdin/stdout (the only transport)')
    .option(
      '--max-frame <bytes>',
      `the largest frame accepted or sent (default ${String(DEFAULT_MAX_FRAME)}; a client may agree on less)`,
    )
    .option(
      '--max-games <n>',
      `how many games the engine hosts at once over all groups (default ${String(DEFAULT_MAX_GAMES)})`,
    )
    .action(async (flags: EngineFlags) => {
      if (flags.stdio !== true) throw usageError('ruleloom engine needs --stdio');
      const limits = {
        maxFrame: limitFlag(flags.maxFrame, '--max-frame', DEFAULT_MAX_FRAME),
        maxGames: limitFlag(flags.maxGames, '--max-games', DEFAULT_MAX_GAMES),
      };
      // Frames go only through the engine's own handle on stdout; a kit's console.log goes to
      // stderr (set up before any kit is loaded).
      const frames = isolateStdout();
      // Pipes on Linux (how Python starts it): synchronous reads and writes on the descriptors,
      // polling briefly before blocking; elsewhere the streams.
      const fds = openStdioFds(spinMicros());
      try {
        if (fds !== undefined)
          await serveEngineOnFds(fds, cliEngineHost, engineWorkerUrl(), limits);
        else await serveEngine(process.stdin, frames, cliEngineHost, engineWorkerUrl(), limits);
      } catch (error) {
        if (!(error instanceof EngineFrameError)) throw error;
        process.stderr.write(`ruleloom engine: ${error.message}\n`);
        process.exit(2);
      }
      // Worker threads and the stdin handle are gone: end now even if a bot left a timer.
      process.exit(0);
    });
}
