import { Engine } from '@ruleloom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playSeat } from './helpers/play-seat.js';
import { createMatchOver, startServer, type Started } from './helpers/start-server.js';

let started: Started;
beforeAll(async () => {
  started = await startServer();
});
afterAll(() => started.stop());

describe('the server hashes each accepted state once', () => {
  it('over a whole game with people and a bot: one state hash per stored action', async () => {
    const m = await createMatchOver(started.url, {
      game: 'st-augustine',
      players: 3,
      options: { turns: 8, trading: 'off' },
      bots: [{ seat: 2, bot: 'random' }],
    });
    // Count the engine's state hashes in this thread (the server's; bots run on workers).
    const hash = Object.getOwnPropertyDescriptor(Engine.prototype, 'hash')!.value as (
      this: Engine<unknown, never, unknown>,
      state: unknown,
    ) => string;
    let hashes = 0;
    Engine.prototype.hash = function counted(this: never, state: never) {
      hashes++;
      return hash.call(this, state);
    };
    try {
      const runs = await Promise.all(m.seats.map((s) => playSeat(started.url, m.match, s.token)));
      for (const run of runs) {
        expect(run.final.isOver).toBe(true);
        run.client.close();
      }
    } finally {
      Engine.prototype.hash = hash as never;
    }
    const rows = await started.storage.listActions(m.match, 0);
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(rows.some((r) => r.seat === 2)).toBe(true);
    expect(hashes).toBe(rows.length);
  });
});
