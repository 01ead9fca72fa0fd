import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { openStdioFds, serveEngine, serveEngineOnFds } from '../engine/stdio-engine.js';
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
    .action(async (flags: EngineFlags) => {
      if (flags.stdio !== true) throw usageError('ruleloom engine needs --stdio');
      // Pipes on Linux (how Python starts it): synchronous reads and writes on the descriptors,
      // polling briefly before blocking; elsewhere the streams.
      const fds = openStdioFds(spinMicros());
      if (fds !== undefined) await serveEngineOnFds(fds, engineWorkerUrl());
      else await serveEngine(process.stdin, process.stdout, engineWorkerUrl());
      // Worker threads and the stdin handle are gone: end now even if a bot left a timer.
      process.exit(0);
    });
}
