import cliProgress from 'cli-progress';
import type { CliIo } from '../io.js';

/**
 * A progress display: a bar on standard error when it is a terminal, else a plain line at
 * every quarter (or nothing when `quiet`).
 * @public
 */
export interface Progress {
  update(completed: number, total: number): void;
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
        format: `${label} {bar} {value}/{total} ${unit} | {duration_formatted} elapsed, ETA {eta_formatted}`,
        hideCursor: true,
        clearOnComplete: true,
      },
      cliProgress.Presets.shades_classic,
    );
    let started = false;
    return {
      update(completed, total) {
        if (!started) {
          bar.start(total, 0);
          started = true;
        }
        bar.setTotal(total);
        bar.update(completed);
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
