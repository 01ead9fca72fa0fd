import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CliIo } from '../io.js';
import { createPalette } from '../output/palette.js';
import { startThinking } from './thinking-indicator.js';

function ioWith(stdoutIsTTY: boolean, sink: string[]): CliIo {
  return {
    out: (t) => sink.push(t),
    err: () => undefined,
    stdin: Readable.from([]),
    stdinIsTTY: false,
    stderrIsTTY: false,
    stdoutIsTTY,
    color: false,
    cwd: process.cwd(),
  };
}

describe('the thinking indicator', () => {
  // The clock and the redraw timer are the test's: times are exact, whatever the machine's load.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('at a terminal it shows who is thinking, ticks the elapsed time while the loop is free, and erases itself', () => {
    const out: string[] = [];
    const indicator = startThinking(ioWith(true, out), createPalette(false), 'Seat 1 (ismcts)');
    vi.advanceTimersByTime(350);
    const ms = indicator.stop();
    expect(ms).toBe(350);
    expect(out).toEqual([
      '\r\x1b[2KSeat 1 (ismcts) is thinking… 0.0s',
      '\r\x1b[2KSeat 1 (ismcts) is thinking… 0.1s',
      '\r\x1b[2KSeat 1 (ismcts) is thinking… 0.2s',
      '\r\x1b[2KSeat 1 (ismcts) is thinking… 0.3s',
      '\r\x1b[2K',
    ]);
    vi.advanceTimersByTime(150);
    expect(out).toHaveLength(5);
  });

  it('writes nothing when standard output is not a terminal (transcripts stay clean)', () => {
    const out: string[] = [];
    const indicator = startThinking(ioWith(false, out), createPalette(false), 'Seat 1');
    vi.advanceTimersByTime(120);
    expect(indicator.stop()).toBe(120);
    expect(out).toEqual([]);
  });
});
