import { PassThrough } from 'node:stream';
import { liarsDiceKit, pigKit } from '@ruleloom/core/games';
import { describe, expect, it } from 'vitest';
import {
  ENGINE_GREETING_BYTES,
  ENGINE_MAGIC,
  ENGINE_OPS,
  ENGINE_PROTOCOL_VERSION,
  serveEngine,
} from '../src/index.js';
import { kitHost } from './kit-host.js';

const host = kitHost({ pig: pigKit, 'liars-dice': liarsDiceKit });

/** `serveEngine` with this test's host over in-memory streams: JSON commands in, answers out. */
function connect() {
  const input = new PassThrough();
  const output = new PassThrough();
  // No group here asks for workers, so the worker URL is never loaded.
  const done = serveEngine(input, output, host, new URL('./no-worker.js', import.meta.url));
  let buffered = Buffer.alloc(0);
  const waiting: ((body: Buffer) => void)[] = [];
  let greeting: Buffer | undefined;
  output.on('data', (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    if (greeting === undefined) {
      if (buffered.length < ENGINE_GREETING_BYTES) return;
      greeting = buffered.subarray(0, ENGINE_GREETING_BYTES);
      buffered = buffered.subarray(ENGINE_GREETING_BYTES);
    }
    while (buffered.length >= 4 && buffered.length >= 4 + buffered.readUInt32LE(0)) {
      const length = buffered.readUInt32LE(0);
      waiting.shift()?.(buffered.subarray(4, 4 + length));
      buffered = buffered.subarray(4 + length);
    }
  });
  const json = (value: unknown): Promise<{ op: number; value: Record<string, unknown> }> =>
    new Promise((resolve) => {
      waiting.push((body) => {
        resolve({
          op: body[0] as number,
          value: JSON.parse(body.subarray(1).toString('utf8')) as Record<string, unknown>,
        });
      });
      const body = Buffer.concat([
        Buffer.from([ENGINE_OPS.json]),
        Buffer.from(JSON.stringify(value)),
      ]);
      const head = Buffer.alloc(4);
      head.writeUInt32LE(body.length, 0);
      input.write(Buffer.concat([head, body]));
    });
  return {
    json,
    greeting: () => greeting,
    end: async () => {
      input.end();
      await done;
    },
  };
}

describe('serveEngine with a host of its own (no command line)', () => {
  it('greets, and hello reports the host’s version, games and bots', async () => {
    const c = connect();
    const hello = await c.json({ cmd: 'hello' });
    expect(c.greeting()?.subarray(0, 8).toString('ascii')).toBe(ENGINE_MAGIC);
    expect(c.greeting()?.readUInt32LE(8)).toBe(ENGINE_PROTOCOL_VERSION);
    expect(hello.op).toBe(ENGINE_OPS.json);
    expect(hello.value).toMatchObject({
      protocol: ENGINE_PROTOCOL_VERSION,
      version: '0.0.0-test',
      games: ['pig', 'liars-dice'],
      bots: host.bots,
    });
    expect(host.bots).toContain('random');
    await c.end();
  });

  it('creates a group from the host’s game, with its seat labels, bots and board text', async () => {
    const c = connect();
    const created = await c.json({
      cmd: 'create',
      setup: { game: 'pig', num: 2, seed: 3, controlled: [0], opponents: ['random'] },
    });
    expect(created.op).toBe(ENGINE_OPS.json);
    expect(created.value).toMatchObject({
      group: 1,
      game: 'pig',
      players: 2,
      num: 2,
      controlled: [0],
      seatLabels: [pigKit.presenter?.seatLabel(0), pigKit.presenter?.seatLabel(1)],
      workers: 1,
    });
    const render = await c.json({ cmd: 'game', group: 1, env: 0, method: 'render', args: [] });
    expect(render.op).toBe(ENGINE_OPS.json);
    // The board as the kit's presenter writes it, in plain text (no escape codes).
    const board = render.value as unknown as string;
    expect(typeof board).toBe('string');
    expect(board).toContain(String(pigKit.presenter?.seatLabel(0)));
    expect(board).not.toContain('\u001b');
    await c.end();
  });

  it('answers a game the host does not know, and a bot it cannot seat, as error values', async () => {
    const c = connect();
    const unknown = await c.json({ cmd: 'create', setup: { game: 'chess' } });
    expect(unknown.op).toBe(ENGINE_OPS.error);
    expect(unknown.value.message).toBe("unknown game 'chess' (known: pig, liars-dice)");
    const bot = await c.json({
      cmd: 'create',
      setup: { game: 'pig', controlled: [0], opponents: ['nobody'] },
    });
    expect(bot.op).toBe(ENGINE_OPS.error);
    expect(bot.value.code).toBe('invalid_setup');
    expect(String(bot.value.message)).toContain('nobody');
    // The engine still serves after both errors.
    const hello = await c.json({ cmd: 'hello' });
    expect(hello.op).toBe(ENGINE_OPS.json);
    await c.end();
  });
});
