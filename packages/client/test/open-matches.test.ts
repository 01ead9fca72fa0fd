import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import {
  claimOpenSeat,
  createClient,
  listOpenMatches,
  type OpenMatchesFetch,
} from '../src/index.js';
import { waitForSnapshot } from './helpers/play-client.js';
import { createMatchOn, startRealServer, type RealServer } from './helpers/real-server.js';

let real: RealServer;
beforeAll(async () => {
  real = await startRealServer();
});
afterAll(async () => {
  await real.stop();
});

describe('listOpenMatches and claimOpenSeat against a real server', () => {
  it('lists a listed match (not a private one), claims its free seat and plays it with the token', async () => {
    const hidden = await createMatchOn(real.url, { game: 'st-augustine', players: 2 });
    const listed = await createMatchOn(real.url, {
      game: 'st-augustine',
      players: 2,
      options: { turns: 2, trading: 'off' },
      names: ['Ana', null],
      listed: true,
    });
    const page = await listOpenMatches({ server: `${real.url}/`, game: 'st-augustine' });
    if (!page.ok) throw new Error(page.error.message);
    const ids = page.value.matches.map((m) => m.match);
    expect(ids).toContain(listed.match);
    expect(ids).not.toContain(hidden.match);
    expect(page.value.matches.find((m) => m.match === listed.match)?.seats).toEqual([
      { seat: 0, state: 'free', name: 'Ana' },
      { seat: 1, state: 'free', name: null },
    ]);

    const seat = await claimOpenSeat({
      server: real.url,
      match: listed.match,
      seat: 1,
      name: 'Ben',
    });
    if (!seat.ok) throw new Error(seat.error.message);
    expect(seat.value).toMatchObject({ match: listed.match, seat: 1 });
    const again = await claimOpenSeat({ server: real.url, match: listed.match, seat: 1 });
    expect(again).toEqual({
      ok: false,
      error: { code: 'seat_not_free', message: 'seat 1 is taken already' },
    });
    const ben = createClient({
      type: 'remote',
      url: real.url,
      match: listed.match,
      token: seat.value.token,
      WebSocket: WebSocket,
    });
    try {
      const s = await waitForSnapshot(ben, (x) => x.status === 'open');
      expect(s.seat).toBe(1);
      expect(s.names).toEqual(['Ana', 'Ben']);
    } finally {
      ben.close();
    }
    const after = await listOpenMatches({ server: real.url });
    if (!after.ok) throw new Error(after.error.message);
    expect(after.value.matches.find((m) => m.match === listed.match)?.seats[1]).toEqual({
      seat: 1,
      state: 'taken',
      name: 'Ben',
    });
  });

  it('answers refusals, unreachable servers and answers that are no list as values', async () => {
    expect(await listOpenMatches({ server: real.url, limit: 51 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_query' },
    });
    expect(await claimOpenSeat({ server: real.url, match: 'nope', seat: 0 })).toEqual({
      ok: false,
      error: { code: 'match_not_listed', message: 'no listed match has this id' },
    });
    const down: OpenMatchesFetch = () => Promise.reject(new TypeError('fetch failed'));
    expect(await listOpenMatches({ server: real.url, fetch: down })).toMatchObject({
      ok: false,
      error: { code: 'network_error' },
    });
    // A hostile answer: more than 50 matches, or a token where none belongs, is not a list.
    const tooMany: OpenMatchesFetch = () =>
      Promise.resolve({
        status: 200,
        json: () =>
          Promise.resolve({
            matches: Array.from({ length: 51 }, (_, i) => ({
              match: `m${String(i)}`,
              game: 'g',
              variant: null,
              players: 1,
              createdAt: 1,
              turnSeconds: null,
              seats: [{ seat: 0, state: 'free', name: null }],
            })),
            next: null,
          }),
      });
    expect(await listOpenMatches({ server: real.url, fetch: tooMany })).toEqual({
      ok: false,
      error: { code: 'bad_answer', message: 'the server’s answer is not an open-match list' },
    });
  });
});
