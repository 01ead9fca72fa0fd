import type { Readable, Writable } from 'node:stream';
import { listGameIds } from '../games/registry.js';
import { BOT_KINDS } from '../players/bot-kinds.js';
import { VERSION } from '../version.js';
import { EngineRequestError, type BatchOut, type GroupSetup } from './game-group.js';
import { createHostedGroup, type HostedGroup } from './group-host.js';
import { align4, BATCH_HEADER, batchFixedBytes, ENGINE_OPS, MASK_MODES } from './protocol.js';

/**
 * The version of the engine's wire protocol (see {@link ENGINE_OPS}); the `hello` command
 * reports it so a client can refuse an engine it does not speak.
 * @public
 */
export const ENGINE_PROTOCOL_VERSION = 1;

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

/**
 * Serves the engine protocol on a pair of streams until the input ends: many groups of games
 * at once, binary batched steps, JSON for setup, metadata, saves and text. Resolves when the
 * input has ended and every worker thread has stopped.
 * @public
 */
export function serveEngine(input: Readable, output: Writable, workerUrl: URL): Promise<void> {
  const groups = new Map<number, HostedGroup>();
  let nextGroup = 1;
  let pending: Buffer = Buffer.alloc(0);
  let queue: Promise<void> = Promise.resolve();

  const group = (id: unknown): HostedGroup => {
    const g = typeof id === 'number' ? groups.get(id) : undefined;
    if (g === undefined)
      throw new EngineRequestError('bad_request', `there is no group ${String(id)}`);
    return g;
  };

  const json = async (request: Record<string, unknown>): Promise<unknown> => {
    switch (request.cmd) {
      case 'hello':
        return {
          protocol: ENGINE_PROTOCOL_VERSION,
          version: VERSION,
          games: listGameIds(),
          bots: BOT_KINDS.map((k) => k.name),
        };
      case 'create': {
        const setup = request.setup as GroupSetup;
        if (typeof setup !== 'object' || setup === null || typeof setup.game !== 'string')
          throw new EngineRequestError('bad_request', 'create needs setup: { game, ... }');
        const g = await createHostedGroup(setup, workerUrl);
        const id = nextGroup++;
        groups.set(id, g);
        return { group: id, ...g.describe() };
      }
      case 'close': {
        const g = group(request.group);
        groups.delete(request.group as number);
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

  const serve = (body: Buffer): void => {
    queue = queue.then(async () => {
      let reply: Buffer;
      try {
        reply = await handle(body);
      } catch (error) {
        reply = jsonFrame(ENGINE_OPS.error, {
          code: error instanceof EngineRequestError ? error.code : 'engine_error',
          message: error instanceof Error ? error.message : String(error),
        });
      }
      output.write(reply);
    });
  };

  return new Promise((resolve) => {
    input.on('data', (chunk: Buffer) => {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      while (pending.length >= 4) {
        const length = pending.readUInt32LE(0);
        if (pending.length < 4 + length) break;
        serve(pending.subarray(4, 4 + length));
        pending = pending.subarray(4 + length);
      }
    });
    input.on('end', () => {
      queue = queue.then(async () => {
        await Promise.all([...groups.values()].map((g) => g.close()));
        groups.clear();
        resolve();
      });
    });
  });
}
