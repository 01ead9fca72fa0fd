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
        format: `${label} {bar} {done}/{total} ${unit} | {duration_formatted} elapsed, ETA {remaining}`,
        hideCursor: true,
        clearOnComplete: true,
      },
      cliProgress.Presets.shades_classic,
    );
    let started = false;
    let startedAt = 0;
    return {
      update(completed, total, position = completed) {
        if (!started) {
          startedAt = performance.now();
          bar.start(total, 0, { done: 0, remaining: estimateRemaining(0, 0, total) });
          started = true;
        }
        const at = Math.min(total, Math.max(completed, position));
        bar.setTotal(total);
        bar.update(at, {
          done: completed,
          remaining: estimateRemaining(performance.now() - startedAt, at, total),
        });
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

/**
 * An honest ETA: the time left at the mean rate since the start (elapsed × remaining ÷ done),
 * not the rate of the last few updates; `…` until something is done.
 */
export function estimateRemaining(elapsedMs: number, position: number, total: number): string {
  if (position >= total) return '0s';
  if (!(position > 0) || !(elapsedMs > 0)) return '…';
  const seconds = Math.ceil(((elapsedMs / position) * (total - position)) / 1000);
  if (seconds < 60) return `${String(seconds)}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${String(minutes)}m ${String(seconds % 60).padStart(2, '0')}s`;
  return `${String(Math.floor(minutes / 60))}h ${String(minutes % 60).padStart(2, '0')}m`;
}
