import type { CliIo } from '../io.js';
import type { Palette } from '../output/palette.js';

/**
 * A running "thinking…" line; {@link ThinkingIndicator.stop} erases it and says how long the
 * decision took.
 * @public
 */
export interface ThinkingIndicator {
  /** Erases the line; returns the elapsed milliseconds. */
  stop(): number;
}

/** How often the elapsed time is redrawn while the event loop is free. */
const REDRAW_MS = 100;

/**
 * Shows `Seat 1 (ismcts) is thinking… 1.2s` on standard output while a bot decides, when
 * standard output is a terminal (nothing otherwise: transcripts stay clean). The line appears
 * before the bot starts and its time is redrawn every 100 ms while the event loop is free:
 * at a terminal `ruleloom play` seats built-in bots in worker threads of their own, so the
 * time counts up during a search.
 * @public
 */
export function startThinking(io: CliIo, palette: Palette, who: string): ThinkingIndicator {
  const t0 = performance.now();
  if (io.stdoutIsTTY !== true) return { stop: () => performance.now() - t0 };
  const draw = (): void => {
    const seconds = ((performance.now() - t0) / 1000).toFixed(1);
    io.out(`\r\x1b[2K${palette.dim(`${who} is thinking… ${seconds}s`)}`);
  };
  draw();
  const timer = setInterval(draw, REDRAW_MS);
  return {
    stop() {
      clearInterval(timer);
      io.out('\r\x1b[2K');
      return performance.now() - t0;
    },
  };
}
