import { constants as fsConstants, fstatSync, openSync, readSync, writeSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { Readable, Writable } from 'node:stream';
import { EngineRequestError, type BatchOut, type GroupSetup } from './game-group.js';
import { createHostedGroup, type HostedGroup } from './group-host.js';
import type { EngineHost } from './host.js';
import {
  align4,
  BATCH_HEADER,
  batchFixedBytes,
  DEFAULT_MAX_FRAME,
  DEFAULT_MAX_GAMES,
  ENGINE_GREETING_BYTES,
  ENGINE_MAGIC,
  ENGINE_OPS,
  MASK_MODES,
} from './protocol.js';

/**
 * The version of the engine's wire protocol (see {@link ENGINE_OPS}); the `hello` command
 * reports it so a client can refuse an engine it does not speak.
 * @public
 */
export const ENGINE_PROTOCOL_VERSION = 2;

/**
 * The engine's limits: the largest frame body it accepts or sends (a client may agree on less
 * at `hello`) and how many games it hosts at once over all groups (a client may ask for less).
 * @public
 */
export interface EngineLimits {
  readonly maxFrame?: number;
  readonly maxGames?: number;
}

/**
 * The greeting the engine writes before anything else: the magic, then the version.
 * @public
 */
export function engineGreeting(): Buffer {
  const out = Buffer.alloc(ENGINE_GREETING_BYTES);
  out.write(ENGINE_MAGIC, 0, 'latin1');
  out.writeUInt32LE(ENGINE_PROTOCOL_VERSION, ENGINE_MAGIC.length);
  return out;
}

/**
 * A length prefix above the agreed frame size: the engine answers an error frame and stops
 * (the bytes after it cannot be trusted to be frames).
 * @public
 */
export class EngineFrameError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EngineFrameError';
  }
}

function tooLarge(length: number, maxFrame: number): EngineFrameError {
  return new EngineFrameError(
    `a request frame of ${String(length)} bytes is larger than the agreed maximum of ${String(maxFrame)} bytes; the engine stops (its input is no longer trusted)`,
  );
}

/** The error frame for a refused length prefix (sent before the engine stops). */
function frameErrorFrame(error: EngineFrameError): Buffer {
  return jsonFrame(ENGINE_OPS.error, { code: 'frame_too_large', message: error.message });
}

function positiveInt(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

function frame(op: number, body: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(5 + body.length);
  out.writeUInt32LE(body.length + 1, 0);
  out[4] = op;
  out.set(body, 5);
  return out;
}

function jsonFrame(op: number, value: unknown): Buffer {
  return frame(op, Buffer.from(JSON.stringify(value) ?? 'null', 'utf8'));
}

/** A batch as a reply frame (see {@link ENGINE_OPS}: header, seats, flags, rewards, observations, legal actions). */
function batchFrame(
  batch: BatchOut,
  players: number,
  obsSize: number,
  actionSize: number,
  maskMode: number,
): Buffer {
  const n = batch.seats.length;
  const fixed = batchFixedBytes(n, players, obsSize, actionSize, maskMode);
  const length = fixed + (maskMode === MASK_MODES.sparse ? batch.indices.length * 4 : 0);
  const given = batch.frame;
  const inFrame = given !== undefined && given.length === 4 + length;
  const out = inFrame ? given : Buffer.alloc(4 + length);
  out.writeUInt32LE(length, 0);
  // The body starts at byte 4: keep every section 4-aligned relative to the body.
  let at = 4;
  out[at] = ENGINE_OPS.step;
  out[at + 1] = maskMode;
  out.writeUInt32LE(n, at + 4);
  out.writeUInt32LE(players, at + 8);
  out.writeUInt32LE(obsSize, at + 12);
  out.writeUInt32LE(actionSize, at + 16);
  at += BATCH_HEADER;
  if (inFrame) return out; // the sections are already in place
  const put = (view: ArrayBufferView, bytes: number): void => {
    out.set(new Uint8Array(view.buffer, view.byteOffset, view.byteLength), at);
    at += bytes;
  };
  put(batch.seats, n * 4);
  put(batch.flags, align4(n));
  put(batch.rewards, n * players * 4);
  put(batch.obs, n * obsSize * 4);
  if (maskMode === MASK_MODES.dense && batch.mask !== null) put(batch.mask, align4(n * actionSize));
  else if (maskMode === MASK_MODES.sparse && batch.counts !== null) {
    put(batch.counts, n * 4);
    put(Int32Array.from(batch.indices), batch.indices.length * 4);
  }
  return out;
}

function maskModeOf(value: number): number {
  if (value !== MASK_MODES.dense && value !== MASK_MODES.sparse && value !== MASK_MODES.none)
    throw new EngineRequestError('bad_request', `unknown mask mode ${String(value)}`);
  return value;
}

/** The engine's request handling, whatever carries the frames: one frame in, one reply out. */
interface EngineServer {
  /** Answers one request frame's body (errors become error frames). */
  serve(body: Buffer): Promise<Buffer>;
  /** Closes every group (and its worker threads). */
  close(): Promise<void>;
  /** The largest frame body accepted and sent now (agreed at `hello`). */
  readonly maxFrame: number;
}

function createEngineServer(
  host: EngineHost,
  workerUrl: URL,
  limits: EngineLimits = {},
): EngineServer {
  const groups = new Map<number, HostedGroup>();
  let nextGroup = 1;
  const ownMaxFrame = positiveInt(limits.maxFrame) ?? DEFAULT_MAX_FRAME;
  const ownMaxGames = positiveInt(limits.maxGames) ?? DEFAULT_MAX_GAMES;
  let maxFrame = ownMaxFrame;
  let maxGames = ownMaxGames;
  /** Games hosted now over all groups. */
  let hosted = 0;

  const group = (id: unknown): HostedGroup => {
    const g = typeof id === 'number' ? groups.get(id) : undefined;
    if (g === undefined)
      throw new EngineRequestError('bad_request', `there is no group ${String(id)}`);
    return g;
  };

  const json = async (request: Record<string, unknown>): Promise<unknown> => {
    switch (request.cmd) {
      case 'hello': {
        // The client may ask for smaller limits than the engine's own, never larger ones.
        maxFrame = Math.min(ownMaxFrame, positiveInt(request.maxFrame) ?? ownMaxFrame);
        maxGames = Math.min(ownMaxGames, positiveInt(request.maxGames) ?? ownMaxGames);
        return {
          protocol: ENGINE_PROTOCOL_VERSION,
          version: host.version,
          games: [...host.games()],
          bots: [...host.bots],
          maxFrame,
          maxGames,
        };
      }
      case 'create': {
        const setup = request.setup as GroupSetup;
        if (typeof setup !== 'object' || setup === null || typeof setup.game !== 'string')
          throw new EngineRequestError('bad_request', 'create needs setup: { game, ... }');
        const num = typeof setup.num === 'number' ? setup.num : 1;
        if (hosted + num > maxGames)
          throw new EngineRequestError(
            'too_many_games',
            `this engine hosts at most ${String(maxGames)} games (${String(hosted)} now, ${String(num)} asked): close some groups or start another engine`,
          );
        const g = await createHostedGroup(host, setup, workerUrl);
        const id = nextGroup++;
        groups.set(id, g);
        hosted += g.size;
        return { group: id, ...g.describe() };
      }
      case 'clone': {
        // Copies of one game at its state, in a new group (no replay): for tree search.
        const source = group(request.group);
        const num = request.num ?? 1;
        if (typeof num !== 'number' || !Number.isInteger(num) || num < 1 || num > 1 << 16)
          throw new EngineRequestError(
            'bad_request',
            'clone needs num: a whole number of copies from 1 to 65536',
          );
        const env = Number(request.env ?? 0);
        if (!Number.isInteger(env) || env < 0 || env >= source.size)
          throw new EngineRequestError(
            'bad_request',
            `there is no game ${String(request.env)} (the group has ${String(source.size)})`,
          );
        if (hosted + num > maxGames)
          throw new EngineRequestError(
            'too_many_games',
            `this engine hosts at most ${String(maxGames)} games (${String(hosted)} now, ${String(num)} clones asked): close some groups or clones`,
          );
        const g = source.cloneGame(env, num);
        const id = nextGroup++;
        groups.set(id, g);
        hosted += g.size;
        return { group: id, ...g.describe() };
      }
      case 'close': {
        const g = group(request.group);
        groups.delete(request.group as number);
        hosted -= g.size;
        await g.close();
        return null;
      }
      case 'game':
        return group(request.group).call(
          String(request.method),
          Number(request.env ?? 0),
          Array.isArray(request.args) ? (request.args as unknown[]) : [],
        );
      default:
        throw new EngineRequestError('bad_request', `unknown command '${String(request.cmd)}'`);
    }
  };

  // Everything a request needs from `body` is read before the first `await`: the caller may
  // reuse the bytes once the reply is made.
  const handle = async (body: Buffer): Promise<Buffer> => {
    const op = body[0];
    if (op === ENGINE_OPS.json) {
      let request: unknown;
      try {
        request = JSON.parse(body.subarray(1).toString('utf8'));
      } catch {
        throw new EngineRequestError('bad_request', 'a JSON frame did not hold JSON');
      }
      if (typeof request !== 'object' || request === null)
        throw new EngineRequestError('bad_request', 'a JSON command is an object { cmd, ... }');
      return jsonFrame(ENGINE_OPS.json, await json(request as Record<string, unknown>));
    }
    if (body.length < 12)
      throw new EngineRequestError('bad_request', 'a binary frame is too short');
    const maskMode = maskModeOf(body[1] as number);
    const g = group(body.readUInt32LE(4));
    const view = (bytes: number): DataView => {
      if (body.length < 12 + bytes)
        throw new EngineRequestError('bad_request', 'a binary frame is too short');
      return new DataView(body.buffer, body.byteOffset + 12, bytes);
    };
    let batch: BatchOut;
    if (op === ENGINE_OPS.step) {
      const n = body.readUInt32LE(8);
      const data = view(n * 4);
      const actions = new Int32Array(n);
      for (let i = 0; i < n; i++) actions[i] = data.getInt32(i * 4, true);
      batch = await g.step(actions, maskMode);
    } else if (op === ENGINE_OPS.reset) {
      const n = body.readUInt32LE(8);
      const data = view(n * 8);
      if (n !== g.size)
        throw new EngineRequestError(
          'bad_request',
          `${String(n)} seeds for ${String(g.size)} games`,
        );
      const seeds = new Float64Array(n);
      for (let i = 0; i < n; i++) seeds[i] = data.getFloat64(i * 8, true);
      batch = await g.reset(seeds, maskMode);
    } else if (op === ENGINE_OPS.observe) {
      const env = body.readUInt32LE(8);
      const seat = view(4).getInt32(0, true);
      batch = await g.observe(env, seat, maskMode);
    } else throw new EngineRequestError('bad_request', `unknown opcode ${String(op)}`);
    return batchFrame(batch, g.players, g.obsSize, g.actionSize, maskMode);
  };

  return {
    get maxFrame(): number {
      return maxFrame;
    },
    async serve(body: Buffer): Promise<Buffer> {
      try {
        const reply = await handle(body);
        if (reply.length - 4 > maxFrame)
          throw new EngineRequestError(
            'reply_too_large',
            `the reply would be ${String(reply.length - 4)} bytes, more than the agreed maximum frame of ${String(maxFrame)} bytes: use smaller groups (num) or agree on a larger maxFrame`,
          );
        return reply;
      } catch (error) {
        return jsonFrame(ENGINE_OPS.error, {
          code: error instanceof EngineRequestError ? error.code : 'engine_error',
          message: error instanceof Error ? error.message : String(error),
        });
      }
    },
    async close(): Promise<void> {
      await Promise.all([...groups.values()].map((g) => g.close()));
      groups.clear();
    },
  };
}

/**
 * Serves the engine protocol on a pair of streams until the input ends: many groups of games
 * at once, binary batched steps, JSON for setup, metadata, saves and text. Writes the greeting
 * first. Resolves when the input has ended and every worker thread has stopped; rejects with an
 * {@link EngineFrameError} (after answering a `frame_too_large` error frame) for a length prefix
 * above the agreed frame size. `host` finds the games a client names; groups with `workers`
 * run `workerUrl` in each thread (a module that calls `runEngineWorker` with the same host).
 * @public
 */
export function serveEngine(
  input: Readable,
  output: Writable,
  host: EngineHost,
  workerUrl: URL,
  limits: EngineLimits = {},
): Promise<void> {
  const server = createEngineServer(host, workerUrl, limits);
  let pending: Buffer = Buffer.alloc(0);
  let queue: Promise<void> = Promise.resolve();
  let stopped = false;
  output.write(engineGreeting());

  const serve = (body: Buffer): void => {
    queue = queue.then(async () => {
      output.write(await server.serve(body));
    });
  };

  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      if (stopped) return;
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      while (pending.length >= 4) {
        const length = pending.readUInt32LE(0);
        if (length > server.maxFrame) {
          // Refused before anything is allocated for it; what follows is not trusted.
          stopped = true;
          pending = Buffer.alloc(0);
          input.off('data', onData);
          const error = tooLarge(length, server.maxFrame);
          queue = queue.then(async () => {
            output.write(frameErrorFrame(error));
            await server.close();
            reject(error);
          });
          return;
        }
        if (pending.length < 4 + length) break;
        serve(pending.subarray(4, 4 + length));
        pending = pending.subarray(4 + length);
      }
    };
    input.on('data', onData);
    input.on('end', () => {
      if (stopped) return;
      queue = queue.then(async () => {
        await server.close();
        resolve();
      });
    });
  });
}

/**
 * The descriptors of {@link serveEngineOnFds}: where requests are read (a blocking descriptor,
 * and optionally a non-blocking one of the same pipe to poll while spinning) and where replies
 * are written (blocking).
 * @public
 */
export interface EngineFds {
  readonly input: number;
  readonly poll?: number;
  readonly output: number;
  /** Microseconds to poll for the next request before blocking (0: never poll). */
  readonly spinMicros?: number;
}

function isAgain(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'EAGAIN' || code === 'EWOULDBLOCK';
}

/**
 * Reads length-prefixed frames from descriptors with synchronous reads. Before blocking it
 * polls a non-blocking descriptor of the same pipe for a while (adaptively): a client that
 * answers within that time never makes the engine sleep, so neither side waits for the
 * scheduler to wake it (on an idle virtual machine a wake-up costs more than a whole step).
 */
class FrameReader {
  private buffer = Buffer.allocUnsafe(1 << 16);
  private start = 0;
  private end = 0;
  /** Polls to skip before spinning again, after a spin that found nothing. */
  private skip = 0;
  private backoff = 1;

  constructor(private readonly fds: EngineFds) {}

  /**
   * The next frame's body (valid until the next call), or null at the end of the input. Throws
   * an {@link EngineFrameError} for a length prefix above `maxFrame`, before allocating.
   */
  next(maxFrame: number): Buffer | null {
    for (;;) {
      const have = this.end - this.start;
      if (have >= 4) {
        const length = this.buffer.readUInt32LE(this.start);
        if (length > maxFrame) throw tooLarge(length, maxFrame);
        if (have >= 4 + length) {
          const body = this.buffer.subarray(this.start + 4, this.start + 4 + length);
          this.start += 4 + length;
          return body;
        }
        this.room(4 + length);
      } else this.room(4);
      if (this.fill() === 0) return null;
    }
  }

  /** Makes room for a frame of `bytes` bytes from `start` (moving the unread bytes to the front). */
  private room(bytes: number): void {
    if (this.start + bytes <= this.buffer.length) return;
    const unread = this.buffer.subarray(this.start, this.end);
    const target =
      bytes <= this.buffer.length
        ? this.buffer
        : Buffer.allocUnsafe(Math.max(bytes, 2 * this.buffer.length));
    unread.copy(target, 0);
    this.buffer = target;
    this.end -= this.start;
    this.start = 0;
  }

  /** Reads what is there (at least one byte, or 0 at the end of the input). */
  private fill(): number {
    const { poll, spinMicros = 0 } = this.fds;
    if (poll !== undefined && spinMicros > 0) {
      if (this.skip > 0) this.skip--;
      else {
        const until = performance.now() + spinMicros / 1000;
        do {
          try {
            const got = readSync(poll, this.buffer, this.end, this.buffer.length - this.end, null);
            this.end += got;
            this.backoff = 1;
            return got;
          } catch (error) {
            if (!isAgain(error)) throw error;
          }
        } while (performance.now() < until);
        // The client was slower than the spin: spin less often until it answers in time again.
        this.skip = this.backoff;
        this.backoff = Math.min(this.backoff * 2, 64);
      }
    }
    for (;;) {
      try {
        const got = readSync(
          this.fds.input,
          this.buffer,
          this.end,
          this.buffer.length - this.end,
          null,
        );
        this.end += got;
        return got;
      } catch (error) {
        if (!isAgain(error)) throw error;
        // A non-blocking input after all (it should not be): wait a little and try again.
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
      }
    }
  }
}

function writeAll(fd: number, data: Buffer): void {
  let at = 0;
  while (at < data.length) {
    try {
      at += writeSync(fd, data, at, data.length - at);
    } catch (error) {
      if (!isAgain(error)) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
    }
  }
}

/**
 * Serves the engine protocol on file descriptors with synchronous reads and writes, one
 * request at a time, until the input ends: no stream events, no event-loop turn and no copy
 * of a frame per request (the hot path of a single client stepping one game at a time). The
 * event loop still runs whenever a request awaits something (worker threads, bots that wait).
 * `host` and `workerUrl` are as for {@link serveEngine}.
 * @public
 */
export async function serveEngineOnFds(
  fds: EngineFds,
  host: EngineHost,
  workerUrl: URL,
  limits: EngineLimits = {},
): Promise<void> {
  const server = createEngineServer(host, workerUrl, limits);
  const reader = new FrameReader(fds);
  writeAll(fds.output, engineGreeting());
  try {
    for (;;) {
      let body: Buffer | null;
      try {
        body = reader.next(server.maxFrame);
      } catch (error) {
        if (error instanceof EngineFrameError) writeAll(fds.output, frameErrorFrame(error));
        throw error;
      }
      if (body === null) break;
      writeAll(fds.output, await server.serve(body));
    }
  } finally {
    await server.close();
  }
}

/**
 * Descriptors for {@link serveEngineOnFds} on this process's stdin and stdout when both are
 * pipes on Linux (each opened again through `/proc/self/fd`, so their blocking mode is this
 * engine's own), or undefined (then serve the streams with {@link serveEngine}).
 * @public
 */
export function openStdioFds(spinMicros: number): EngineFds | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    if (!fstatSync(0).isFIFO() || !fstatSync(1).isFIFO()) return undefined;
    const input = openSync('/proc/self/fd/0', fsConstants.O_RDONLY);
    const poll = openSync('/proc/self/fd/0', fsConstants.O_RDONLY | fsConstants.O_NONBLOCK);
    const output = openSync('/proc/self/fd/1', fsConstants.O_WRONLY);
    return { input, poll, output, spinMicros };
  } catch {
    return undefined;
  }
}
