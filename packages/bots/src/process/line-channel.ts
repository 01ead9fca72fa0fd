import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

/** The longest line a bot process may send, in characters (it is untrusted). */
export const MAX_LINE_CHARS = 1 << 20;
/** How much of a process's standard error is kept for error messages. */
const STDERR_TAIL = 1000;

/**
 * A child process spoken to in JSON lines: `send` writes one line, `next` waits for the next
 * line with a time limit. Lines longer than {@link MAX_LINE_CHARS} end the process.
 */
export class LineChannel {
  private readonly child: ChildProcessWithoutNullStreams;
  private buffer = '';
  private readonly lines: string[] = [];
  private waiter: ((line: string | Error) => void) | undefined;
  private failure: Error | undefined;
  private stderrTail = '';

  constructor(
    command: readonly string[],
    private readonly label: string,
  ) {
    const [file, ...args] = command;
    this.child = spawn(file as string, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stdout.setEncoding('utf8');
    this.child.stderr.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => this.onData(chunk));
    this.child.stderr.on('data', (chunk: string) => {
      this.stderrTail = (this.stderrTail + chunk).slice(-STDERR_TAIL);
    });
    this.child.stdin.on('error', () => undefined); // a dead process: reported by 'exit'
    this.child.on('error', (e) => this.fail(`${label} could not start: ${e.message}`));
    this.child.on('exit', (code, signal) =>
      this.fail(
        `${label} exited (${signal ?? `code ${String(code)}`})${this.stderrTail === '' ? '' : `; its last error output: ${this.stderrTail.trim().slice(-300)}`}`,
      ),
    );
  }

  private onData(chunk: string): void {
    this.buffer += chunk;
    let newline = this.buffer.indexOf('\n');
    while (newline >= 0) {
      const line = this.buffer.slice(0, newline).replace(/\r$/, '');
      this.buffer = this.buffer.slice(newline + 1);
      if (line.trim() !== '') this.push(line);
      newline = this.buffer.indexOf('\n');
    }
    if (this.buffer.length > MAX_LINE_CHARS) {
      this.fail(`${this.label} sent a line longer than ${String(MAX_LINE_CHARS)} characters`);
      this.kill();
    }
  }

  private push(line: string): void {
    if (line.length > MAX_LINE_CHARS) {
      this.fail(`${this.label} sent a line longer than ${String(MAX_LINE_CHARS)} characters`);
      this.kill();
      return;
    }
    const w = this.waiter;
    if (w !== undefined) {
      this.waiter = undefined;
      w(line);
    } else this.lines.push(line);
  }

  private fail(message: string): void {
    this.failure ??= new Error(message);
    const w = this.waiter;
    this.waiter = undefined;
    w?.(this.failure);
  }

  /** Writes one JSON line. */
  send(message: unknown): void {
    this.sendText(JSON.stringify(message));
  }

  /** Writes one line already in JSON text (one object, no line break). */
  sendText(json: string): void {
    if (this.failure !== undefined) throw this.failure;
    this.child.stdin.write(`${json}\n`);
  }

  /** The next line, or an error when the process dies, or says nothing within `timeoutMs`. */
  async next(timeoutMs: number, what: string): Promise<string> {
    const queued = this.lines.shift();
    if (queued !== undefined) return queued;
    if (this.failure !== undefined) throw this.failure;
    const got = await new Promise<string | Error>((resolve) => {
      const timer = setTimeout(() => {
        this.waiter = undefined;
        resolve(new Error(`${this.label} did not answer ${what} within ${String(timeoutMs)} ms`));
      }, timeoutMs);
      this.waiter = (line) => {
        clearTimeout(timer);
        resolve(line);
      };
    });
    if (got instanceof Error) throw got;
    return got;
  }

  /** Ends the process: closes its input, then kills it if it has not exited within `graceMs`. */
  async close(graceMs = 500): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.stdin.end();
    const timer = setTimeout(() => this.kill(), graceMs);
    await exited;
    clearTimeout(timer);
  }

  private kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }
}
