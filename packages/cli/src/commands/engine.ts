import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { serveEngine } from '../engine/stdio-engine.js';
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
      await serveEngine(process.stdin, process.stdout, engineWorkerUrl());
      // Worker threads and the stdin handle are gone: end now even if a bot left a timer.
      process.exit(0);
    });
}
