import type { AnyGame, LogEntry } from '@ruleloom/core';
import { stAugustine, type StAugustineAction } from '@ruleloom/st-augustine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type ClientSnapshot, type RulesClient } from '../src/index.js';
import { leaksIn } from './helpers/hidden-information.js';
import { chooseAction, playToEnd, waitForSnapshot } from './helpers/play-client.js';
import {
  createMatchOn,
  readStoredMatch,
  startRealServer,
  type RealServer,
} from './helpers/real-server.js';
import {
  newRecorder,
  recordingWebSocket,
  type Recorder,
  type SendGate,
} from './helpers/recording-web-socket.js';

let real: RealServer;
beforeAll(async () => {
  real = await startRealServer();
});
afterAll(async () => {
  await real.stop();
});

function connect(
  match: string,
  token: string,
  recorder: Recorder,
  gate?: SendGate,
): RulesClient<StAugustineAction> {
  return createClient<StAugustineAction>({
    type: 'remote',
    url: real.url,
    match,
    token,
    WebSocket: recordingWebSocket(recorder, gate),
    backoff: { initialMs: 50, maxMs: 2_000 },
  });
}

interface Frame {
  readonly type: string;
  readonly replyTo?: number;
  readonly version?: number;
  readonly missed?: LogEntry[];
}

describe('a client whose socket is killed mid-game', () => {
  it('reconnects with backoff and resumes from its last version with exactly the missed entries', async () => {
    const created = await createMatchOn(real.url, {
      game: 'st-augustine',
      players: 3,
      options: { turns: 4, trading: 'off' },
      bots: [{ seat: 2, bot: 'random' }],
    });
    const [r0, r1] = [newRecorder(), newRecorder()];
    const c0 = connect(created.match, created.seats[0]!.token, r0);
    // Seat 1's rejoin goes out once the others have played on (seat 1 was not to act when its
    // socket died, so they do): its welcome then has missed entries, however slow the machine.
    let othersPlayedOn: Promise<void> | undefined;
    const c1 = connect(created.match, created.seats[1]!.token, r1, (data, socket) =>
      socket > 0 && (JSON.parse(data) as { type: string }).type === 'join'
        ? othersPlayedOn
        : undefined,
    );
    const statuses: ClientSnapshot['status'][] = [];
    let killedAt = -1;
    c1.subscribe(() => {
      const s = c1.getSnapshot();
      if (statuses.at(-1) !== s.status) statuses.push(s.status);
      if (killedAt < 0 && s.version >= 4 && !s.isOver && !s.pending && !s.toAct.includes(1)) {
        killedAt = s.version;
        const at = killedAt;
        othersPlayedOn = new Promise((resolve) => {
          const check = (): void => {
            if (c0.getSnapshot().version <= at) return;
            off();
            resolve();
          };
          const off = c0.subscribe(check);
          check();
        });
        r1.sockets[0]!.terminate();
      }
    });
    await Promise.all([playToEnd(c0), playToEnd(c1)]);
    expect(killedAt).toBeGreaterThanOrEqual(4);
    expect(r1.sockets.length).toBeGreaterThanOrEqual(2);
    expect(statuses).toEqual(expect.arrayContaining(['open', 'reconnecting']));

    const truth = readStoredMatch(stAugustine as AnyGame, real.dir, created.match);
    const full = truth.match.logFor(1);
    // The second join asks for what came after the last version the client had seen...
    const joins = r1.sent.map(
      (t) => JSON.parse(t) as { type: string; since?: number; seq: number },
    );
    const rejoin = joins.filter((m) => m.type === 'join')[1]!;
    expect(rejoin.since).toBe(killedAt);
    // ...and its welcome carries exactly the entries after it, redacted for seat 1.
    const welcome = r1.frames
      .map((t) => JSON.parse(t) as Frame)
      .find((m) => m.type === 'welcome' && m.replyTo === rejoin.seq)!;
    expect(welcome.missed!.length).toBeGreaterThanOrEqual(1);
    expect(welcome.missed).toEqual(full.slice(killedAt + 1, welcome.version! + 1));
    const s = c1.getSnapshot();
    expect(s.log).toEqual(full.slice(1));
    expect(s.result).toEqual(truth.match.result);
    expect(s.view).toEqual(truth.match.view(1));
    for (const frame of [...r0.frames, ...r1.frames]) expect(leaksIn(frame, truth)).toEqual([]);
    c0.close();
    c1.close();
  });

  it('an action sent as the socket dies is resent with the same seq and applied exactly once', async () => {
    const created = await createMatchOn(real.url, {
      game: 'st-augustine',
      players: 2,
      options: { turns: 2, trading: 'off' },
      bots: [{ seat: 1, bot: 'random' }],
    });
    const recorder = newRecorder();
    const client = connect(created.match, created.seats[0]!.token, recorder);
    const s = await waitForSnapshot(
      client,
      (x) => x.status === 'open' && x.legalActions.length > 0,
    );
    const action = chooseAction(s) as StAugustineAction;
    const answer = client.act(action);
    recorder.sockets[0]!.terminate();
    const result = await answer;
    expect(result).toEqual({ ok: true, version: s.version + 1 });
    const acts = recorder.sent.filter((t) => (JSON.parse(t) as { type: string }).type === 'act');
    expect(acts.length).toBe(2);
    expect(acts[1]).toBe(acts[0]);
    const truth = readStoredMatch(stAugustine as AnyGame, real.dir, created.match);
    expect(truth.match.actions[s.version]).toMatchObject({ seat: 0, action });
    expect(truth.match.actions.filter((a) => a.seat === 0).length).toBe(1);
    client.close();
  });
});

describe('a page that reloads (a new client, its seq counter lost)', () => {
  it('learns the seat’s last seq from the welcome and plays on without a stale_seq', async () => {
    const created = await createMatchOn(real.url, {
      game: 'st-augustine',
      players: 2,
      // Long enough that the game still waits for seat 0 when the second client joins: seat 0
      // passes (it keeps its money, so its later calls are decisions, not forced passes).
      options: { turns: 12, trading: 'off' },
      bots: [{ seat: 1, bot: 'random' }],
    });
    const token = created.seats[0]!.token;
    const first = connect(created.match, token, newRecorder());
    let version = -1;
    for (let played = 0; played < 2; played++) {
      const s = await waitForSnapshot(
        first,
        (x) => x.status === 'open' && x.version > version && x.legalActions.length > 0,
      );
      const pass = s.legalActions.find((a) => a.type === 'pass');
      const answer = await first.act((pass ?? chooseAction(s)) as StAugustineAction);
      expect(answer.ok).toBe(true);
      version = s.version;
    }
    first.close();
    const recorder = newRecorder();
    const second = connect(created.match, token, recorder);
    const s = await waitForSnapshot(
      second,
      (x) => x.status === 'open' && x.legalActions.length > 0,
    );
    const welcome = recorder.frames
      .map((t) => JSON.parse(t) as Frame & { lastSeq?: number | null })
      .find((f) => f.type === 'welcome');
    // The first client used seq 1 (join), 2 and 3 (acts): the server remembers 3.
    expect(welcome?.lastSeq).toBe(3);
    const answer = await second.act(chooseAction(s) as StAugustineAction);
    expect(answer).toEqual({ ok: true, version: s.version + 1 });
    const act = recorder.sent.map((t) => JSON.parse(t) as { type: string; seq: number });
    expect(act.find((m) => m.type === 'act')?.seq).toBe(4);
    second.close();
  });
});

describe('rejections come back as values', () => {
  it('an illegal action, an action out of turn and a spectator action are refused and change nothing', async () => {
    const created = await createMatchOn(real.url, {
      game: 'st-augustine',
      players: 2,
      options: { turns: 2, trading: 'off' },
    });
    const [a, b] = created.seats.map((seat) => connect(created.match, seat.token, newRecorder()));
    const spectator = createClient({
      type: 'remote',
      url: real.url,
      match: created.match,
      WebSocket: recordingWebSocket(newRecorder()),
    });
    const s0 = await waitForSnapshot(a!, (x) => x.status === 'open');
    await waitForSnapshot(b!, (x) => x.status === 'open');
    await waitForSnapshot(spectator, (x) => x.status === 'open');
    const toAct = s0.toAct[0]!;
    const [mover, waiter] = toAct === 0 ? [a!, b!] : [b!, a!];

    const illegal = await mover.act({ type: 'bid', amount: 1 });
    expect(illegal.ok).toBe(false);
    expect(illegal.ok ? '' : illegal.error.code).toMatch(/^[a-z_]+$/);
    expect(mover.getSnapshot().lastRejection).toEqual(illegal.ok ? null : illegal.error);
    expect(mover.isLegal({ type: 'bid', amount: 1 })).toBe(false);

    const outOfTurn = await waiter.act({ type: 'pass' });
    expect(outOfTurn).toMatchObject({ ok: false, error: { code: 'not_your_turn' } });
    const watching = await spectator.act({ type: 'pass' });
    expect(watching).toMatchObject({ ok: false, error: { code: 'spectator_cannot_act' } });
    const deep = await mover.act({ type: 'bid', amount: [[[[[[[[[[1]]]]]]]]]] } as never);
    expect(deep).toMatchObject({ ok: false, error: { code: 'malformed_action' } });

    const status = (await (await fetch(`${real.url}/matches/${created.match}`)).json()) as {
      version: number;
    };
    expect(status.version).toBe(0);
    expect(mover.getSnapshot().version).toBe(0);
    // A legal action is accepted and clears the last rejection.
    const legal = mover.getSnapshot().legalActions[0]!;
    expect(mover.isLegal(legal)).toBe(true);
    expect(await mover.act(legal)).toEqual({ ok: true, version: 1 });
    expect(mover.getSnapshot().lastRejection).toBeNull();
    for (const c of [a!, b!, spectator]) c.close();
  });

  it('a bad token and an unknown match close the client for good with the reason', async () => {
    const created = await createMatchOn(real.url, { game: 'st-augustine', players: 2 });
    const forged = connect(created.match, `${created.seats[0]!.token}x`, newRecorder());
    const closed = await waitForSnapshot(forged, (s) => s.status === 'closed');
    expect(closed.closeReason?.code).toMatch(/^(unauthorized)$/);
    expect(await forged.act({ type: 'pass' })).toMatchObject({
      ok: false,
      error: { code: 'unauthorized' },
    });
    const nowhere = connect('no-such-match', created.seats[0]!.token, newRecorder());
    const gone = await waitForSnapshot(nowhere, (s) => s.status === 'closed');
    expect(gone.closeReason?.code).toMatch(/^(match_not_found|unauthorized)$/);
  });
});
