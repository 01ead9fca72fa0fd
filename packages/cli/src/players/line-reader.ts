import { createInterface } from 'node:readline';
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

  constructor(input: Readable) {
    const rl = createInterface({ input, crlfDelay: Infinity, terminal: false });
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
}
