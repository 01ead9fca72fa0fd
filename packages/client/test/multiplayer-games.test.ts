import { colonialFlorida } from '@ruleloom/colonial-florida';
import type { AnyGame } from '@ruleloom/core';
import { serverMessageSchema } from '@ruleloom/server';
import { stAugustine } from '@ruleloom/st-augustine';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type RulesClient } from '../src/index.js';
import { leaksIn } from './helpers/hidden-information.js';
import { playToEnd, waitForSnapshot } from './helpers/play-client.js';
import {
  createMatchOn,
  readStoredMatch,
  startRealServer,
  type RealServer,
} from './helpers/real-server.js';
import { newRecorder, recordingWebSocket, type Recorder } from './helpers/recording-web-socket.js';

let real: RealServer;
beforeAll(async () => {
  real = await startRealServer();
});
afterAll(async () => {
  await real.stop();
});

function connect(match: string, token: string | undefined, recorder: Recorder): RulesClient {
  return createClient({
    type: 'remote',
    url: real.url,
    match,
    ...(token === undefined ? {} : { token }),
    WebSocket: recordingWebSocket(recorder),
    backoff: { initialMs: 50, maxMs: 500 },
  });
}

describe.each([
  {
    name: 'St. Augustine',
    game: stAugustine as AnyGame,
    id: 'st-augustine',
    players: 3,
    options: { turns: 4, trading: 'off' },
    bots: [{ seat: 2, bot: 'random' }],
  },
  {
    name: 'Colonial Florida',
    game: colonialFlorida as AnyGame,
    id: 'colonial-florida',
    players: 3,
    options: { maxTurns: 4 },
    bots: [{ seat: 2, bot: 'greedy' }],
  },
])(
  'two clients play a whole game of $name against a real server',
  ({ game, id, players, options, bots }) => {
    it('both seats and a spectator end with the stored result, their redacted logs, and no hidden information in any frame', async () => {
      const created = await createMatchOn(real.url, { game: id, players, options, bots });
      expect(created.seats.map((s) => s.seat)).toEqual([0, 1]);
      const recorders = [newRecorder(), newRecorder(), newRecorder()];
      const spectator = connect(created.match, undefined, recorders[2]!);
      await waitForSnapshot(spectator, (s) => s.status === 'open');
      expect(spectator.getSnapshot().seat).toBeNull();
      const seats = created.seats.map((s) => connect(created.match, s.token, recorders[s.seat]!));
      await Promise.all(seats.map((c) => playToEnd(c)));
      const finalSpectator = await waitForSnapshot(spectator, (s) => s.isOver);

      const truth = readStoredMatch(game, real.dir, created.match);
      const local = truth.match;
      expect(local.isOver).toBe(true);
      for (const [seat, client] of seats.entries()) {
        const s = client.getSnapshot();
        expect(s.seat).toBe(seat);
        expect(s.version).toBe(local.actions.length);
        expect(s.result).toEqual(local.result);
        expect(s.view).toEqual(local.view(seat));
        expect(s.log).toEqual(local.logFor(seat).slice(1));
        expect(s.invalidMessages).toBe(0);
        expect(Object.isFrozen(s) && Object.isFrozen(s.view) && Object.isFrozen(s.log)).toBe(true);
      }
      expect(finalSpectator.view).toEqual(local.view('spectator'));
      expect(finalSpectator.log).toEqual(local.logFor('spectator').slice(1));
      expect(finalSpectator.result).toEqual(local.result);

      // Every frame any client received is a valid server message (by the server's own schema
      // too) and gives away no hidden information.
      let frames = 0;
      for (const recorder of recorders)
        for (const frame of recorder.frames) {
          frames++;
          expect(v.safeParse(serverMessageSchema, JSON.parse(frame)).success).toBe(true);
          expect(leaksIn(frame, truth)).toEqual([]);
        }
      expect(frames).toBeGreaterThan(local.actions.length);
      // The token travelled in the join message, never in the URL.
      for (const [seat, recorder] of recorders.slice(0, 2).entries()) {
        expect(recorder.sockets.every((s) => !s.url.includes(created.seats[seat]!.token))).toBe(
          true,
        );
        expect(JSON.parse(recorder.sent[0]!)).toMatchObject({
          type: 'join',
          token: created.seats[seat]!.token,
        });
      }
      for (const c of [...seats, spectator]) c.close();
    });
  },
);

describe('the leak check', () => {
  it('finds the deck order and the seed when a frame carries the state', async () => {
    const created = await createMatchOn(real.url, {
      game: 'st-augustine',
      players: 2,
      options: { turns: 2 },
    });
    const truth = readStoredMatch(stAugustine as AnyGame, real.dir, created.match);
    const planted = JSON.stringify({ type: 'update', version: 0, view: truth.match.state });
    expect(leaksIn(planted, truth)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^deck cards/),
        'a deck field',
        'the rng at 0',
      ]),
    );
    expect(leaksIn(JSON.stringify({ type: 'pong', seed: truth.seed }), truth)).toContain(
      'the seed',
    );
  });
});
