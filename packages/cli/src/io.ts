import type { Readable } from 'node:stream';
import { createFittingWriter, terminalColumns } from './output/width.js';

/**
 * Where the command line reads and writes: the process's streams in `bin.ts`, captured
 * buffers in tests.
 * @public
 */
export interface CliIo {
  /** Writes text to standard output (the caller adds line breaks). */
  readonly out: (text: string) => void;
  /** Writes text to standard error (the caller adds line breaks). */
  readonly err: (text: string) => void;
  /** Standard input: choices of a human player, one per line when it is not a terminal. */
  readonly stdin: Readable;
  /** Whether standard input is an interactive terminal (then menus use arrow-key prompts). */
  readonly stdinIsTTY: boolean;
  /** Whether standard error is an interactive terminal (then progress bars are drawn). */
  readonly stderrIsTTY: boolean;
  /**
   * Whether standard output is an interactive terminal (then `play` shows a "thinking…" line
   * with the elapsed time while a bot searches). Absent means no.
   */
  readonly stdoutIsTTY?: boolean;
  /** Whether output may use colours. */
  readonly color: boolean;
  /** The directory relative file names are resolved from. */
  readonly cwd: string;
}

/**
 * The {@link CliIo} of the running process. Colours follow `NO_COLOR` / `FORCE_COLOR` and
 * whether standard output is a terminal. At a terminal, a line too long for its width is
 * word-wrapped (see `createFittingWriter`); piped output is written as it is.
 * @public
 */
export function createProcessIo(): CliIo {
  const env = process.env;
  const color =
    env.NO_COLOR === undefined &&
    (env.FORCE_COLOR !== undefined ? env.FORCE_COLOR !== '0' : process.stdout.isTTY);
  return {
    out: createFittingWriter(
      (text) => void process.stdout.write(text),
      () => (process.stdout.isTTY ? terminalColumns(process.stdout) : undefined),
    ),
    err: createFittingWriter(
      (text) => void process.stderr.write(text),
      () => (process.stderr.isTTY ? terminalColumns(process.stderr) : undefined),
    ),
    stdin: process.stdin,
    stdinIsTTY: process.stdin.isTTY,
    stderrIsTTY: process.stderr.isTTY,
    stdoutIsTTY: process.stdout.isTTY,
    color,
    cwd: process.cwd(),
  };
}
