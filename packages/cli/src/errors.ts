/**
 * Exit codes of the command line.
 * @public
 */
export const EXIT_CODES = {
  /** Success. */
  ok: 0,
  /** A run-time failure: unreadable file, tampered save, a bot that failed. */
  failure: 1,
  /** A usage error: unknown game or bot, bad option value, bad flag. */
  usage: 2,
} as const;

/**
 * An error meant for the user: printed as `error: <message>` (and `error: <detail>` for each
 * entry of `details`, one line each) with no stack trace; the process exits with `exitCode`.
 * @public
 */
export class CliError extends Error {
  /** The process exit code (see {@link EXIT_CODES}). */
  readonly exitCode: number;
  /** Extra lines printed after the message (for example every problem of a setup). */
  readonly details: readonly string[];

  constructor(
    message: string,
    exitCode: number = EXIT_CODES.failure,
    details: readonly string[] = [],
  ) {
    super(message);
    this.name = 'CliError';
    this.exitCode = exitCode;
    this.details = details;
  }
}

/**
 * A {@link CliError} for a usage mistake (exit code 2).
 * @public
 */
export function usageError(message: string, details: readonly string[] = []): CliError {
  return new CliError(message, EXIT_CODES.usage, details);
}

/** The message of anything thrown, without a stack. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
