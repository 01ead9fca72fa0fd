import { Readable } from 'node:stream';
import { main, type CliIo } from '../src/index.js';

/** What a CLI run printed and returned. */
export interface CliRun {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

/** Runs the CLI in-process with captured output and the given standard input (not a terminal). */
export async function runCli(
  argv: readonly string[],
  options: { stdin?: string; cwd?: string } = {},
): Promise<CliRun> {
  let out = '';
  let err = '';
  const io: CliIo = {
    out: (text) => {
      out += text;
    },
    err: (text) => {
      err += text;
    },
    stdin: Readable.from(options.stdin === undefined ? [] : [options.stdin]),
    stdinIsTTY: false,
    stderrIsTTY: false,
    color: false,
    cwd: options.cwd ?? process.cwd(),
  };
  const code = await main(argv, io);
  return { code, out, err };
}

/** Asserts the shape of a user error: exactly the given number of `error:` lines, no stack trace. */
export function errorLines(run: CliRun): string[] {
  return run.err.split('\n').filter((l) => l !== '');
}
