import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
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
  it('at a terminal it shows who is thinking, ticks the elapsed time while the loop is free, and erases itself', async () => {
    const out: string[] = [];
    const indicator = startThinking(ioWith(true, out), createPalette(false), 'Seat 1 (ismcts)');
    await new Promise((resolve) => setTimeout(resolve, 350));
    const ms = indicator.stop();
    expect(ms).toBeGreaterThanOrEqual(300);
    expect(out[0]).toBe('\r\x1b[2KSeat 1 (ismcts) is thinking… 0.0s');
    expect(out.some((t) => /is thinking… 0\.[2-9]s$/.test(t))).toBe(true);
    expect(out[out.length - 1]).toBe('\r\x1b[2K');
    const count = out.length;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(out.length).toBe(count);
  });

  it('writes nothing when standard output is not a terminal (transcripts stay clean)', async () => {
    const out: string[] = [];
    const indicator = startThinking(ioWith(false, out), createPalette(false), 'Seat 1');
    await new Promise((resolve) => setTimeout(resolve, 120));
    indicator.stop();
    expect(out).toEqual([]);
  });
});
