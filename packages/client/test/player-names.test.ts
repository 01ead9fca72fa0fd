import { stAugustine } from '@ruleloom/st-augustine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createClient } from '../src/index.js';
import { waitForSnapshot } from './helpers/play-client.js';
import { createMatchOn, startRealServer, type RealServer } from './helpers/real-server.js';

let real: RealServer;
beforeAll(async () => {
  real = await startRealServer();
});
afterAll(async () => {
  await real.stop();
});

describe('player names in the client snapshot', () => {
  it('a remote seat joins with its name; every client of the match shows the names', async () => {
    const created = await createMatchOn(real.url, {
      game: 'st-augustine',
      players: 2,
      options: { turns: 2, trading: 'off' },
      names: ['Ana', null],
    });
    const ben = createClient({
      type: 'remote',
      url: real.url,
      match: created.match,
      token: created.seats[1]!.token,
      name: 'Ben',
      WebSocket: WebSocket,
    });
    let ana: ReturnType<typeof createClient> | undefined;
    try {
      await waitForSnapshot(ben, (s) => s.status === 'open');
      expect(ben.getSnapshot().names).toEqual(['Ana', 'Ben']);
      ana = createClient({
        type: 'remote',
        url: real.url,
        match: created.match,
        token: created.seats[0]!.token,
        WebSocket: WebSocket,
      });
      // Ana joined after Ben: her welcome has both names.
      const s = await waitForSnapshot(ana, (x) => x.status === 'open');
      expect(s.names).toEqual(['Ana', 'Ben']);
    } finally {
      ben.close();
      ana?.close();
    }
  });

  it('a seat already connected receives a name given at join at once, with no action played', async () => {
    const created = await createMatchOn(real.url, {
      game: 'st-augustine',
      players: 2,
      options: { turns: 2, trading: 'off' },
    });
    const ana = createClient({
      type: 'remote',
      url: real.url,
      match: created.match,
      token: created.seats[0]!.token,
      name: 'Ana',
      WebSocket: WebSocket,
    });
    let ben: ReturnType<typeof createClient> | undefined;
    try {
      const first = await waitForSnapshot(ana, (s) => s.status === 'open');
      expect(first.names).toEqual(['Ana', null]);
      ben = createClient({
        type: 'remote',
        url: real.url,
        match: created.match,
        token: created.seats[1]!.token,
        name: 'Ben',
        WebSocket: WebSocket,
      });
      await waitForSnapshot(ben, (s) => s.status === 'open');
      const s = await waitForSnapshot(ana, (x) => x.names[1] === 'Ben', 5_000);
      expect(s.names).toEqual(['Ana', 'Ben']);
      expect(s.version).toBe(0);
      expect(s.invalidMessages).toBe(0);
    } finally {
      ana.close();
      ben?.close();
    }
  });

  it('a join with a control character in the name is refused as a value', async () => {
    const created = await createMatchOn(real.url, { game: 'st-augustine', players: 2 });
    const c = createClient({
      type: 'remote',
      url: real.url,
      match: created.match,
      token: created.seats[0]!.token,
      name: 'Ana\u0007',
      WebSocket: WebSocket,
      backoff: { maxAttempts: 1, initialMs: 10 },
    });
    try {
      const s = await waitForSnapshot(c, (x) => x.lastRejection !== null || x.status === 'closed');
      expect(s.status).not.toBe('open');
      expect(s.names).toEqual([]);
    } finally {
      c.close();
    }
  });

  it('a local client shows the names it was given', () => {
    const c = createClient({
      type: 'local',
      game: stAugustine,
      setup: { seed: 1, players: 2 },
      names: ['Ana', 'Bot'],
    });
    expect(c.getSnapshot().names).toEqual(['Ana', 'Bot']);
    c.close();
  });
});
