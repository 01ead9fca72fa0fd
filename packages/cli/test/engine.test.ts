import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAX_FRAME,
  ENGINE_GREETING_BYTES,
  ENGINE_OPS,
  ENV_FLAGS,
  EngineFrameError,
  MASK_MODES,
  serveEngine,
  type EngineLimits,
} from '@ruleloom/engine-bridge';
import { cliEngineHost } from '../src/engine/resolve-game.js';

/** A client of `serveEngine` over in-memory streams: frames out, reply bodies back in order. */
function connect(limits: EngineLimits = {}) {
  const input = new PassThrough();
  const output = new PassThrough();
  const done = serveEngine(
    input,
    output,
    cliEngineHost,
    new URL('../dist/engine-worker.js', import.meta.url),
    limits,
  );
  let buffered = Buffer.alloc(0);
  let greeting: Buffer | undefined;
  const waiting: ((body: Buffer) => void)[] = [];
  output.on('data', (chunk: Buffer) => {
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
  const send = (body: Buffer): Promise<Buffer> =>
    new Promise((resolve) => {
      waiting.push(resolve);
      const head = Buffer.alloc(4);
      head.writeUInt32LE(body.length, 0);
      input.write(Buffer.concat([head, body]));
    });
  const json = async (value: unknown): Promise<{ op: number; value: Record<string, unknown> }> => {
    const body = await send(
      Buffer.concat([Buffer.from([ENGINE_OPS.json]), Buffer.from(JSON.stringify(value))]),
    );
    return {
      op: body[0] as number,
      value: JSON.parse(body.subarray(1).toString('utf8')) as Record<string, unknown>,
    };
  };
  const binary = (op: number, group: number, n: number, data: Buffer, mask: number) => {
    const head = Buffer.alloc(12);
    head[0] = op;
    head[1] = mask;
    head.writeUInt32LE(group, 4);
    head.writeUInt32LE(n, 8);
    return send(Buffer.concat([head, data]));
  };
  const close = async (): Promise<void> => {
    input.end();
    await done;
  };
  const next = (): Promise<Buffer> => new Promise((resolve) => waiting.push(resolve));
  return { json, binary, close, next, greeting: () => greeting, input, done };
}

/** Reads a batch reply's seats, flags, rewards and the first mask section. */
function readBatch(body: Buffer) {
  const n = body.readUInt32LE(4);
  const players = body.readUInt32LE(8);
  const obsSize = body.readUInt32LE(12);
  const actionSize = body.readUInt32LE(16);
  let at = 20;
  const seats = Array.from({ length: n }, (_, i) => body.readInt32LE(at + 4 * i));
  at += 4 * n;
  const flags = Array.from(body.subarray(at, at + n));
  at += (n + 3) & ~3;
  const rewards = Array.from({ length: n * players }, (_, i) => body.readFloatLE(at + 4 * i));
  at += 4 * n * players;
  at += 4 * n * obsSize;
  const masks = Array.from({ length: n }, (_, k) =>
    Array.from(body.subarray(at + k * actionSize, at + (k + 1) * actionSize)),
  );
  return { n, players, obsSize, actionSize, seats, flags, rewards, masks };
}

const seeds = (values: number[]): Buffer => Buffer.from(new Float64Array(values).buffer);
const actions = (values: number[]): Buffer => Buffer.from(new Int32Array(values).buffer);

describe('ruleloom engine --stdio protocol', () => {
  it('hosts a group of games: reset and step answer binary batches with masks', async () => {
    const client = connect();
    expect((await client.json({ cmd: 'hello' })).value).toMatchObject({ protocol: 2 });
    expect(client.greeting()?.toString('latin1')).toBe('RULELOOM\x02\x00\x00\x00');
    const created = await client.json({
      cmd: 'create',
      setup: { game: 'pig', num: 3, controlled: [0], opponents: ['random'], autoReset: true },
    });
    expect(created.value).toMatchObject({ players: 2, obsSize: 15, actionSize: 2, num: 3 });
    const group = created.value.group as number;
    let batch = readBatch(await client.binary(ENGINE_OPS.reset, group, 3, seeds([1, 2, 3]), 0));
    expect(batch.seats).toEqual([0, 0, 0]);
    let ended = 0;
    for (let i = 0; i < 400; i++) {
      // Hold when allowed (index 1), else roll: games end and reset themselves.
      const chosen = batch.masks.map((m) => (m[1] === 1 && i % 3 === 0 ? 1 : 0));
      batch = readBatch(await client.binary(ENGINE_OPS.step, group, 3, actions(chosen), 0));
      batch.flags.forEach((f, k) => {
        if ((f & ENV_FLAGS.ended) !== 0) {
          ended++;
          expect(f & ENV_FLAGS.reset).toBe(ENV_FLAGS.reset);
          // The final reward (+1 or -1) plus Pig's last score change / 100 (at most a turn's worth).
          const reward = batch.rewards[k * 2] ?? 0;
          expect(Math.abs(reward)).toBeGreaterThanOrEqual(0.5);
          expect(Math.abs(reward)).toBeLessThanOrEqual(1.5);
        }
      });
      expect(batch.seats).toEqual([0, 0, 0]);
    }
    expect(ended).toBeGreaterThan(0);
    await client.close();
  });

  it("rewards every step with the change of a game's declared reward (Pig: score / 100), the final reward on top", async () => {
    const client = connect();
    const created = (
      await client.json({
        cmd: 'create',
        setup: { game: 'pig', players: 2, options: { target: 20 } },
      })
    ).value;
    expect(created.stepRewards).toBe(true);
    const group = created.group as number;
    let batch = readBatch(await client.binary(ENGINE_OPS.reset, group, 1, seeds([5]), 0));
    expect(batch.rewards).toEqual([0, 0]);
    const total = [0, 0];
    let stepsWithReward = 0;
    for (let i = 0; i < 2000 && batch.seats[0] !== -1; i++) {
      // Roll until the turn total reaches 6, then hold (index 0 = roll, 1 = hold).
      const mask = batch.masks[0] as number[];
      const body = await client.binary(
        ENGINE_OPS.step,
        group,
        1,
        actions([i % 3 === 2 && mask[1] === 1 ? 1 : 0]),
        0,
      );
      batch = readBatch(body);
      if (batch.rewards.some((r) => r !== 0)) stepsWithReward++;
      total[0] = (total[0] as number) + (batch.rewards[0] as number);
      total[1] = (total[1] as number) + (batch.rewards[1] as number);
    }
    expect(batch.seats[0]).toBe(-1);
    expect(stepsWithReward).toBeGreaterThan(1);
    const result = (await client.json({ cmd: 'game', group, env: 0, method: 'result' }))
      .value as unknown as {
      winners: number[];
      scores: number[];
    };
    for (const seat of [0, 1]) {
      const final = result.winners.includes(seat) ? 1 : -1;
      expect(total[seat]).toBeCloseTo((result.scores[seat] as number) / 100 + final, 5);
    }
    const cf = (await client.json({ cmd: 'create', setup: { game: 'colonial-florida' } })).value;
    expect(cf.stepRewards).toBe(false);
    await client.close();
  });

  it('refuses an illegal index with an error frame and applies nothing', async () => {
    const client = connect();
    const group = (await client.json({ cmd: 'create', setup: { game: 'colonial-florida' } })).value
      .group as number;
    const batch = readBatch(await client.binary(ENGINE_OPS.reset, group, 1, seeds([4]), 0));
    const illegal = batch.masks[0]!.indexOf(0);
    const reply = await client.binary(ENGINE_OPS.step, group, 1, actions([illegal]), 0);
    expect(reply[0]).toBe(ENGINE_OPS.error);
    expect(JSON.parse(reply.subarray(1).toString('utf8'))).toMatchObject({
      code: 'illegal_action',
    });
    const save = await client.json({ cmd: 'game', group, env: 0, method: 'save' });
    expect(save.value).toMatchObject({ game: 'colonial-florida', actions: [] });
    await client.close();
  });

  it('sends sparse legal indexes that match the dense mask', async () => {
    const client = connect();
    const group = (await client.json({ cmd: 'create', setup: { game: 'colonial-florida' } })).value
      .group as number;
    const dense = readBatch(await client.binary(ENGINE_OPS.reset, group, 1, seeds([9]), 0));
    const body = await client.binary(ENGINE_OPS.reset, group, 1, seeds([9]), MASK_MODES.sparse);
    const at = 20 + 4 + 4 + 4 * dense.players + 4 * dense.obsSize;
    const count = body.readInt32LE(at);
    const sparse = Array.from({ length: count }, (_, i) => body.readInt32LE(at + 4 + 4 * i));
    const fromMask = dense.masks[0]!.flatMap((v, i) => (v === 1 ? [i] : []));
    expect([...sparse].sort((a, b) => a - b)).toEqual(fromMask);
    await client.close();
  });

  it('answers bad requests with error frames naming the problem', async () => {
    const client = connect();
    const unknown = await client.json({ cmd: 'create', setup: { game: 'chess' } });
    expect(unknown.op).toBe(ENGINE_OPS.error);
    expect(unknown.value.message).toMatch(/unknown game 'chess'/);
    const noGroup = await client.binary(ENGINE_OPS.step, 99, 0, Buffer.alloc(0), 0);
    expect(noGroup[0]).toBe(ENGINE_OPS.error);
    await client.close();
  });

  it('caps the games it hosts over all groups (maxGames; a client may ask for less)', async () => {
    const client = connect({ maxGames: 10 });
    expect((await client.json({ cmd: 'hello', maxGames: 100 })).value).toMatchObject({
      maxGames: 10,
      maxFrame: DEFAULT_MAX_FRAME,
    });
    const first = await client.json({ cmd: 'create', setup: { game: 'pig', num: 8 } });
    expect(first.op).toBe(ENGINE_OPS.json);
    const refused = await client.json({ cmd: 'create', setup: { game: 'pig', num: 3 } });
    expect(refused.op).toBe(ENGINE_OPS.error);
    expect(refused.value).toMatchObject({
      code: 'too_many_games',
      message: expect.stringMatching(/at most 10 games \(8 now, 3 asked\)/) as unknown,
    });
    // Closing a group frees its games.
    await client.json({ cmd: 'close', group: first.value.group });
    expect((await client.json({ cmd: 'create', setup: { game: 'pig', num: 10 } })).op).toBe(
      ENGINE_OPS.json,
    );
    expect((await client.json({ cmd: 'hello', maxGames: 4 })).value).toMatchObject({ maxGames: 4 });
    await client.close();
  });

  it('clones a game into a new group (no replay): the copies continue exactly as the original, bots included', async () => {
    const client = connect({ maxGames: 6 });
    const created = await client.json({
      cmd: 'create',
      // Seat 1 is a random bot: its generator must be copied for the copies to agree.
      setup: { game: 'pig', num: 1, seed: 5, controlled: [0], opponents: ['random'] },
    });
    const group = created.value.group as number;
    await client.binary(ENGINE_OPS.reset, group, 1, seeds([Number.NaN]), 0);
    for (let i = 0; i < 5; i++) await client.binary(ENGINE_OPS.step, group, 1, actions([i % 2]), 0);
    const cloned = await client.json({ cmd: 'clone', group, env: 0, num: 3 });
    expect(cloned.value).toMatchObject({ num: 1, players: 2, obsSize: 15 });
    const copies = cloned.value.group as number;
    const original = await client.json({
      cmd: 'game',
      group,
      env: 0,
      method: 'history',
      args: [0],
    });
    const copy = await client.json({
      cmd: 'game',
      group: copies,
      env: 2,
      method: 'history',
      args: [0],
    });
    expect(copy.value).toEqual(original.value);
    // The same actions in the original and in every copy: the same replies.
    let mask = [1, 0];
    for (let i = 0; i < 30; i++) {
      const chosen = mask[1] === 1 && i % 3 === 0 ? 1 : 0;
      const reply = await client.binary(ENGINE_OPS.step, group, 1, actions([chosen]), 0);
      expect(reply[0]).toBe(ENGINE_OPS.step);
      const one = readBatch(reply);
      const three = readBatch(
        await client.binary(ENGINE_OPS.step, copies, 3, actions([chosen, chosen, chosen]), 0),
      );
      expect(three.seats).toEqual([one.seats[0], one.seats[0], one.seats[0]]);
      expect(three.rewards).toEqual([...one.rewards, ...one.rewards, ...one.rewards]);
      expect(three.masks[2]).toEqual(one.masks[0]);
      if (one.seats[0] === -1) break;
      mask = one.masks[0] ?? [];
    }
    const save = await client.json({ cmd: 'game', group, env: 0, method: 'save' });
    expect(
      (await client.json({ cmd: 'game', group: copies, env: 1, method: 'save' })).value,
    ).toEqual(save.value);
    // The cap counts copies: 4 hosted of 6, 3 more are refused.
    const refused = await client.json({ cmd: 'clone', group, env: 0, num: 3 });
    expect(refused.value).toMatchObject({ code: 'too_many_games' });
    expect((await client.json({ cmd: 'clone', group, env: 1 })).value).toMatchObject({
      code: 'bad_request',
    });
    await client.close();
  });

  it('answers a reply larger than the agreed frame size with an error, and goes on', async () => {
    const client = connect();
    expect((await client.json({ cmd: 'hello', maxFrame: 300 })).value).toMatchObject({
      maxFrame: 300,
    });
    const group = (await client.json({ cmd: 'create', setup: { game: 'pig', num: 8 } })).value
      .group as number;
    const big = await client.binary(ENGINE_OPS.reset, group, 8, seeds([1, 2, 3, 4, 5, 6, 7, 8]), 0);
    expect(big[0]).toBe(ENGINE_OPS.error);
    expect(JSON.parse(big.subarray(1).toString('utf8'))).toMatchObject({
      code: 'reply_too_large',
    });
    expect((await client.json({ cmd: 'game', group, env: 0, method: 'layout' })).op).toBe(
      ENGINE_OPS.json,
    );
    await client.close();
  });

  it('refuses a length prefix above the agreed size before allocating: an error frame, then it stops', async () => {
    const client = connect();
    await client.json({ cmd: 'hello' });
    const stopped = client.done.catch((error: unknown) => error);
    const reply = client.next();
    const head = Buffer.alloc(4);
    head.writeUInt32LE(0xffffffff, 0);
    client.input.write(head);
    const body = await reply;
    expect(body[0]).toBe(ENGINE_OPS.error);
    expect(JSON.parse(body.subarray(1).toString('utf8'))).toMatchObject({
      code: 'frame_too_large',
    });
    const error = await stopped;
    expect(error).toBeInstanceOf(EngineFrameError);
    expect((error as Error).message).toMatch(/4294967295 bytes is larger than the agreed maximum/);
  });
});
