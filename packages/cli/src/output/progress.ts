import cliProgress from 'cli-progress';
import type { CliIo } from '../io.js';

/**
 * A progress display: a bar on standard error when it is a terminal, else a plain line at
 * every quarter (or nothing when `quiet`).
 * @public
 */
export interface Progress {
  /**
   * Shows `completed` of `total`; `position` (default `completed`) places the bar, for example
   * finished games plus the estimated share of the games being played.
   */
  update(completed: number, total: number, position?: number): void;
  stop(): void;
}

/**
 * Creates a {@link Progress} for a task counted in `unit`s (`'games'`).
 * @public
 */
export function createProgress(io: CliIo, label: string, unit: string, quiet = false): Progress {
  if (io.stderrIsTTY && !quiet) {
    const bar = new cliProgress.SingleBar(
      {
        stream: process.stderr,
        format: `${label} {bar} {done}/{total} ${unit} | {duration_formatted} elapsed, ETA {eta_formatted}`,
        hideCursor: true,
        clearOnComplete: true,
      },
      cliProgress.Presets.shades_classic,
    );
    let started = false;
    return {
      update(completed, total, position = completed) {
        if (!started) {
          bar.start(total, 0, { done: 0 });
          started = true;
        }
        bar.setTotal(total);
        bar.update(Math.min(total, Math.max(completed, position)), { done: completed });
      },
      stop() {
        if (started) bar.stop();
      },
    };
  }
  let lastQuarter = 0;
  return {
    update(completed, total) {
      if (quiet || total === 0) return;
      const quarter = Math.floor((completed * 4) / total);
      if (quarter > lastQuarter) {
        lastQuarter = quarter;
        io.err(`${label}: ${String(completed)}/${String(total)} ${unit}\n`);
      }
    },
    stop() {},
  };
}
