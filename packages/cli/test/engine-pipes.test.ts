import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ENGINE_GREETING_BYTES, ENGINE_OPS, MASK_MODES } from '@ruleloom/engine-bridge';

// `ruleloom engine --stdio` started as Python starts it (stdin and stdout are pipes): the
// synchronous descriptor loop that polls before it blocks (serveEngineOnFds), not the streams.

const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

interface Engine {
  readonly child: ChildProcessWithoutNullStreams;
  /** The greeting (magic and version), once it has come. */
  greeting(): Buffer | undefined;
  send(body: Buffer, split?: boolean): Promise<Buffer>;
  /** Writes raw bytes; resolves with the next reply frame. */
  raw(bytes: Buffer): Promise<Buffer>;
  stderr(): string;
  exit(): Promise<number | null>;
  exited: Promise<number | null>;
}

const started: ChildProcessWithoutNullStreams[] = [];

afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

function startEngine(spinMicros: number, args: string[] = []): Engine {
  const child = spawn(process.execPath, [BIN, 'engine', '--stdio', ...args], {
    env: { ...process.env, RULELOOM_ENGINE_SPIN_US: String(spinMicros) },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  started.push(child);
  let buffered = Buffer.alloc(0);
  let greeting: Buffer | undefined;
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const waiting: ((body: Buffer) => void)[] = [];
  child.stdout.on('data', (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    if (greeting === undefined) {
      if (buffered.length < ENGINE_GREETING_BYTES) return;
      greeting = buffered.subarray(0, ENGINE_GREETING_BYTES);
      buffered = buffered.subarray(ENGINE_GREETING_BYTES);
    }
    while (buffered.length >= 4 && buffered.length >= 4 + buffered.readUInt32LE(0)) {
      const length = buffered.readUInt32LE(0);
      const body = buffered.subarray(4, 4 + length);
      buffered = buffered.subarray(4 + length);
      waiting.shift()?.(body);
    }
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    greeting: () => greeting,
    stderr: () => stderr,
    exited,
    raw: (bytes) =>
      new Promise((resolve) => {
        waiting.push(resolve);
        child.stdin.write(bytes);
      }),
    send: (body, split = false) =>
      new Promise((resolve) => {
        waiting.push(resolve);
        const head = Buffer.alloc(4);
        head.writeUInt32LE(body.length, 0);
        const frame = Buffer.concat([head, body]);
        if (!split) child.stdin.write(frame);
        else {
          // A frame that arrives in pieces, the second well after the first.
          child.stdin.write(frame.subarray(0, 3));
          setTimeout(() => child.stdin.write(frame.subarray(3, 9)), 20);
          setTimeout(() => child.stdin.write(frame.subarray(9)), 40);
        }
      }),
    exit: () => {
      child.stdin.end();
      return exited;
    },
  };
}

const json = (value: unknown): Buffer =>
  Buffer.concat([Buffer.from([ENGINE_OPS.json]), Buffer.from(JSON.stringify(value))]);
const answer = (body: Buffer): unknown => JSON.parse(body.subarray(1).toString('utf8'));

function binary(op: number, group: number, n: number, data: Buffer): Buffer {
  const head = Buffer.alloc(12);
  head[0] = op;
  head[1] = MASK_MODES.dense;
  head.writeUInt32LE(group, 4);
  head.writeUInt32LE(n, 8);
  return Buffer.concat([head, data]);
}

/** The awaited seat and the legal indexes of a one-game dense batch reply. */
function readOne(body: Buffer): { seat: number; legal: number[] } {
  const players = body.readUInt32LE(8);
  const obsSize = body.readUInt32LE(12);
  const actionSize = body.readUInt32LE(16);
  const maskAt = 20 + 4 + 4 + 4 * players + 4 * obsSize;
  const mask = body.subarray(maskAt, maskAt + actionSize);
  return {
    seat: body.readInt32LE(20),
    legal: [...mask.keys()].filter((i) => mask[i] === 1),
  };
}

describe('ruleloom engine --stdio on pipes (the synchronous descriptor loop)', () => {
  for (const spin of [0, 100]) {
    it(`plays a whole game, answers errors and exits when stdin ends (spin ${String(spin)} µs)`, async () => {
      const engine = startEngine(spin);
      expect(answer(await engine.send(json({ cmd: 'hello' })))).toMatchObject({ protocol: 2 });
      const created = answer(
        await engine.send(json({ cmd: 'create', setup: { game: 'colonial-florida', seed: 3 } })),
      ) as { group: number; players: number };
      expect(created.players).toBeGreaterThan(1);
      let reply = await engine.send(
        binary(ENGINE_OPS.reset, created.group, 1, Buffer.from(new Float64Array([3]).buffer)),
      );
      expect(reply[0]).toBe(ENGINE_OPS.step);
      // An illegal index: an error frame, and the game goes on.
      const refused = await engine.send(
        binary(ENGINE_OPS.step, created.group, 1, Buffer.from(new Int32Array([-7]).buffer)),
      );
      expect(refused[0]).toBe(ENGINE_OPS.error);
      expect(answer(refused)).toMatchObject({ code: 'illegal_action' });
      let steps = 0;
      for (let one = readOne(reply); one.seat >= 0; one = readOne(reply)) {
        const action = Buffer.from(new Int32Array([one.legal[0] as number]).buffer);
        reply = await engine.send(
          binary(ENGINE_OPS.step, created.group, 1, action),
          steps % 50 === 0,
        );
        steps++;
      }
      expect(steps).toBeGreaterThan(10);
      expect(
        answer(await engine.send(json({ cmd: 'game', group: created.group, method: 'result' }))),
      ).toMatchObject({ winners: expect.any(Array) as unknown });
      expect(await engine.exit()).toBe(0);
    }, 60_000);
  }

  it('reads a frame far bigger than its first buffer', async () => {
    const engine = startEngine(100);
    const big = json({ cmd: 'nothing', padding: 'x'.repeat(300_000) });
    const reply = await engine.send(big, true);
    expect(reply[0]).toBe(ENGINE_OPS.error);
    expect(answer(reply)).toMatchObject({
      code: 'bad_request',
      message: "unknown command 'nothing'",
    });
    expect(answer(await engine.send(json({ cmd: 'hello' })))).toMatchObject({ protocol: 2 });
    expect(await engine.exit()).toBe(0);
  }, 60_000);

  it('greets with its magic and version, then refuses a 0xFFFFFFFF length: an error frame, a message on stderr, exit 2', async () => {
    const engine = startEngine(100);
    expect(answer(await engine.send(json({ cmd: 'hello' })))).toMatchObject({
      protocol: 2,
      maxFrame: 16 * 1024 * 1024,
      maxGames: 4096,
    });
    expect(engine.greeting()?.toString('latin1')).toBe('RULELOOM\x02\x00\x00\x00');
    const reply = await engine.raw(Buffer.from([0xff, 0xff, 0xff, 0xff]));
    expect(reply[0]).toBe(ENGINE_OPS.error);
    expect(answer(reply)).toMatchObject({ code: 'frame_too_large' });
    expect(await engine.exited).toBe(2);
    expect(engine.stderr()).toMatch(/ruleloom engine: a request frame of 4294967295 bytes/);
  }, 60_000);

  it('enforces a frame size agreed at hello (--max-frame, or less when the client asks)', async () => {
    const engine = startEngine(0, ['--max-frame', '4096', '--max-games', '3']);
    expect(answer(await engine.send(json({ cmd: 'hello', maxFrame: 1 << 30 })))).toMatchObject({
      maxFrame: 4096,
      maxGames: 3,
    });
    const refused = await engine.send(json({ cmd: 'create', setup: { game: 'pig', num: 4 } }));
    expect(answer(refused)).toMatchObject({ code: 'too_many_games' });
    const reply = await engine.send(json({ cmd: 'hello', padding: 'x'.repeat(5000) }));
    expect(answer(reply)).toMatchObject({ code: 'frame_too_large' });
    expect(await engine.exited).toBe(2);
  }, 60_000);

  for (const workers of [1, 2]) {
    it(`keeps a kit's console.log and process.stdout.write out of its frames (workers ${String(workers)})`, async () => {
      const engine = startEngine(100);
      const kit = fileURLToPath(new URL('./fixtures/pig-printing-kit.mjs', import.meta.url));
      const created = answer(
        await engine.send(json({ cmd: 'create', setup: { game: kit, num: 2, workers } })),
      ) as { group: number };
      expect(created.group).toBe(1);
      let reply = await engine.send(
        binary(ENGINE_OPS.reset, created.group, 2, Buffer.from(new Float64Array([1, 2]).buffer)),
      );
      for (let i = 0; i < 20; i++) {
        expect(reply[0]).toBe(ENGINE_OPS.step);
        reply = await engine.send(
          binary(ENGINE_OPS.step, created.group, 2, Buffer.from(new Int32Array([0, 0]).buffer)),
        );
      }
      expect(reply[0]).toBe(ENGINE_OPS.step);
      expect(await engine.exit()).toBe(0);
      expect(engine.stderr()).toMatch(/pig-printing-kit: loaded/);
      expect(engine.stderr()).toMatch(/pig-printing-kit: observation \d+/);
      expect(engine.stderr()).toMatch(/PRINTED/);
    }, 60_000);
  }
});
