import { WebSocket } from 'ws';
import type { ServerMessage } from '../../src/index.js';

/** A raw WebSocket client for tests: collects every message, waits for the ones it wants. */
export class TestClient {
  readonly messages: ServerMessage[] = [];
  /** The size in bytes of each received frame, in the order of `messages`. */
  readonly frameBytes: number[] = [];
  closed: { code: number; reason: string } | undefined;
  private waiters: (() => void)[] = [];
  private seqNo = 0;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => {
      this.frameBytes.push(data.length);
      this.messages.push(JSON.parse(data.toString('utf8')) as ServerMessage);
      this.wake();
    });
    socket.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      this.wake();
    });
    socket.on('error', () => undefined);
  }

  private wake(): void {
    for (const w of this.waiters.splice(0)) w();
  }

  /** Opens a connection to `/play` (optionally with a bearer token header). */
  static async connect(url: string, token?: string): Promise<TestClient> {
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/play`, {
      ...(token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } }),
    });
    const client = new TestClient(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
      socket.once('close', () => resolve());
    });
    return client;
  }

  /** Opens a connection to `/play` with the given request headers. */
  static async connectWith(url: string, headers: Record<string, string>): Promise<TestClient> {
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/play`, { headers });
    const client = new TestClient(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
      socket.once('close', () => resolve());
    });
    return client;
  }

  /** The next sequence number. */
  nextSeq(): number {
    return ++this.seqNo;
  }

  sendRaw(text: string | Buffer): void {
    this.socket.send(text);
  }

  send(message: Record<string, unknown>): number {
    const seq = typeof message.seq === 'number' ? message.seq : this.nextSeq();
    this.socket.send(JSON.stringify({ ...message, seq }));
    return seq;
  }

  /** Waits until a message (from index `from`) matches; returns it. */
  async waitFor<T extends ServerMessage>(
    match: (m: ServerMessage) => m is T,
    timeoutMs = 10_000,
    from = 0,
  ): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.slice(from).find(match);
      if (found !== undefined) return found;
      if (this.closed !== undefined)
        throw new Error(`closed (${String(this.closed.code)} ${this.closed.reason}) while waiting`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('timed out waiting for a message');
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** Waits for the reply to a seq. */
  reply(seq: number, timeoutMs = 10_000): Promise<ServerMessage> {
    return this.waitFor((m): m is ServerMessage => 'replyTo' in m && m.replyTo === seq, timeoutMs);
  }

  /** Waits for the connection to close; returns the code. */
  async waitClose(timeoutMs = 10_000): Promise<{ code: number; reason: string }> {
    const deadline = Date.now() + timeoutMs;
    while (this.closed === undefined) {
      if (Date.now() > deadline) throw new Error('timed out waiting for close');
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, 50);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
    return this.closed;
  }

  close(): void {
    this.socket.close();
  }
}

/** True for a message of a given type (a type guard for waitFor). */
export function isType<K extends ServerMessage['type']>(type: K) {
  return (m: ServerMessage): m is Extract<ServerMessage, { type: K }> => m.type === type;
}
