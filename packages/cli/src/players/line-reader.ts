import { createInterface, type Interface } from 'node:readline';
import type { Readable } from 'node:stream';

/**
 * Reads a stream line by line on demand: `next()` resolves with the next line, or null at
 * the end of the input. Used for scripted (non-terminal) play.
 * @public
 */
export class LineReader {
  private readonly queue: string[] = [];
  private readonly waiting: ((line: string | null) => void)[] = [];
  private closed = false;
  private readonly rl: Interface;
  private readonly input: Readable;

  constructor(input: Readable) {
    this.input = input;
    const rl = createInterface({ input, crlfDelay: Infinity, terminal: false });
    this.rl = rl;
    rl.on('line', (line) => {
      const waiter = this.waiting.shift();
      if (waiter !== undefined) waiter(line);
      else this.queue.push(line);
    });
    rl.on('close', () => {
      this.closed = true;
      for (const waiter of this.waiting.splice(0)) waiter(null);
    });
  }

  /** The next line (without its line break), or null when the input has ended. */
  next(): Promise<string | null> {
    const line = this.queue.shift();
    if (line !== undefined) return Promise.resolve(line);
    if (this.closed) return Promise.resolve(null);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /**
   * Stops reading: pending and later `next()` calls resolve with null, and the input is
   * paused, so an open pipe no longer keeps the process alive (piped play ends at game over
   * even when the script's input is still open).
   */
  close(): void {
    this.closed = true;
    this.rl.close();
    this.input.pause();
    const fd = (this.input as { unref?: () => void }).unref;
    if (typeof fd === 'function') fd.call(this.input);
  }
}
