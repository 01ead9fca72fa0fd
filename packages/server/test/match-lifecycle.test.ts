import { expandLegalActions } from '../src/index.js';
import { join } from 'node:path';
import { randomBot } from '@ruleloom/bots';
import { actionTraitsOf, createMatch, Rng, type AnyGame } from '@ruleloom/core';
import { stAugustine } from '@ruleloom/st-augustine';
import Database from 'libsql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CLOSE_CODES,
  createGameServer,
  createSqliteStorage,
  type UpdateMessage,
  type WelcomeMessage,
} from '../src/index.js';
import {
  createMatchOver,
  HOSTED_GAMES,
  SECRET,
  startServer,
  type Started,
} from './helpers/start-server.js';
import { botSeed } from '../src/match/bot-seed.js';
import { TestClient } from './helpers/test-client.js';

let started: Started | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await started?.stop();
  started = undefined;
});

async function playSome(
  url: string,
  match: string,
  tokens: readonly { seat: number; token: string }[],
  n: number,
): Promise<void> {
  for (let i = 0; i < n; i++) {
    const s = (await (await fetch(`${url}/matches/${match}`)).json()) as { toAct: number[] };
    const c = await TestClient.connect(url, tokens.find((t) => t.seat === s.toAct[0])!.token);
    const w = (await c.reply(c.send({ type: 'join', match, seq: 1000 + i }))) as WelcomeMessage;
    expect(
      (
        await c.reply(
          c.send({ type: 'act', seq: 1001 + i, action: expandLegalActions(w.legal).at(-1) }),
        )
      ).type,
    ).toBe('ack');
    c.close();
  }
}

describe('a match whose history no longer restores is quarantined, reported and kept', () => {
  it.each([
    [
      'hash_mismatch',
      "UPDATE ruleloom_actions SET hash = 'feedface' WHERE match_id = ? AND version = 3",
    ],
    [
      'chain_mismatch',
      "UPDATE ruleloom_actions SET chain = '00000000000000000000000000000000' WHERE match_id = ? AND version = 2",
    ],
  ])(
    'after a stored row is edited (%s), GET says quarantined with the reason and join closes with 4005',
    async (code, edit) => {
      started = await startServer();
      const m = await createMatchOver(started.url, {
        game: 'st-augustine',
        players: 2,
        options: { trading: 'off' },
      });
      await playSome(started.url, m.match, m.seats, 3);
      const file = join(started.dir, 'matches.sqlite');
      await started.server.close();
      const db = new Database(file);
      db.prepare(edit).run(m.match);
      db.close();
      const server = await createGameServer({
        games: HOSTED_GAMES,
        secret: SECRET,
        storage: createSqliteStorage({ file }),
      });
      const url = await server.listen();
      try {
        const status = (await (await fetch(`${url}/matches/${m.match}`)).json()) as Record<
          string,
          unknown
        >;
        expect(status).toMatchObject({ status: 'quarantined', problem: { code } });
        const c = await TestClient.connect(url, m.seats[0]!.token);
        expect(await c.reply(c.send({ type: 'join', match: m.match }))).toMatchObject({
          code: 'match_quarantined',
        });
        expect((await c.waitClose()).code).toBe(CLOSE_CODES.matchQuarantined);
      } finally {
        await server.close();
      }
      const check = new Database(file);
      const rows = check
        .prepare('SELECT count(*) AS n FROM ruleloom_actions WHERE match_id = ?')
        .get(m.match) as { n: number | bigint };
      const row = check
        .prepare('SELECT status FROM ruleloom_matches WHERE id = ?')
        .get(m.match) as {
        status: string;
      };
      check.close();
      expect(Number(rows.n)).toBe(3);
      expect(row.status).toBe('quarantined');
    },
  );

  it('a match of a game the server stopped hosting is quarantined as unknown_game', async () => {
    started = await startServer();
    const m = await createMatchOver(started.url, { game: 'colonial-florida', players: 3 });
    const file = join(started.dir, 'matches.sqlite');
    await started.server.close();
    const server = await createGameServer({
      games: [HOSTED_GAMES[0]!],
      secret: SECRET,
      storage: createSqliteStorage({ file }),
    });
    const url = await server.listen();
    try {
      const status = (await (await fetch(`${url}/matches/${m.match}`)).json()) as Record<
        string,
        unknown
      >;
      expect(status).toMatchObject({ status: 'quarantined', problem: { code: 'unknown_game' } });
    } finally {
      await server.close();
    }
  });
});

describe('turn timers and bot budgets', () => {
  it('a seat that does not act in time gets the documented default action', async () => {
    // The turn timer fires when the test moves time (the server's clock and timers are the
    // test's): never while it is still reading whose turn it is.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let clock = 1_000_000;
    started = await startServer({
      limits: { turnTimerSeconds: { min: 1, max: 60 } },
      now: () => clock,
    });
    const m = await createMatchOver(started.url, {
      game: 'st-augustine',
      players: 2,
      options: { trading: 'off' },
      turnTimer: { seconds: 1 },
    });
    const c = await TestClient.connect(started.url);
    const w = (await c.reply(c.send({ type: 'spectate', match: m.match }))) as WelcomeMessage;
    expect(w.deadline).not.toBeNull();
    const s = (await (await fetch(`${started.url}/matches/${m.match}`)).json()) as {
      toAct: number[];
    };
    const p = await TestClient.connect(started.url, m.seats[s.toAct[0]!]!.token);
    const pw = (await p.reply(p.send({ type: 'join', match: m.match }))) as WelcomeMessage;
    expect(c.messages.some((x) => x.type === 'update')).toBe(false);
    clock += 1000;
    vi.advanceTimersByTime(1000);
    const u = await c.waitFor((x): x is UpdateMessage => x.type === 'update', 5_000);
    expect(u.entry.seat).toBe(s.toAct[0]);
    // The action the game declares as its timeout action (a pass or a decline), read by the
    // match session from the game's traits: the server keeps no list of its own.
    expect(u.entry.action).toEqual(
      actionTraitsOf(stAugustine).timeoutAction(expandLegalActions(pw.legal) as { type: string }[]),
    );
    c.close();
    p.close();
  });

  it("with onTimeout 'bot', a seat out of time gets a random bot's move drawn from the match's secret", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let clock = 1_000_000;
    started = await startServer({
      limits: { turnTimerSeconds: { min: 1, max: 60 } },
      now: () => clock,
    });
    const m = await createMatchOver(started.url, {
      game: 'st-augustine',
      players: 2,
      options: { trading: 'off' },
      turnTimer: { seconds: 1, onTimeout: 'bot' },
    });
    const c = await TestClient.connect(started.url);
    const w = (await c.reply(c.send({ type: 'spectate', match: m.match }))) as WelcomeMessage;
    const seat = w.toAct[0]!;
    expect(w.version).toBe(0);
    clock += 1000;
    vi.advanceTimersByTime(1000);
    const u = await c.waitFor((x): x is UpdateMessage => x.type === 'update', 5_000);
    expect(u.entry.seat).toBe(seat);
    const stored = (await started.storage.getMatch(m.match))!;
    const local = createMatch(stAugustine as AnyGame, stored.setup);
    const legal = local.legalActions(seat);
    expect(legal.length).toBeGreaterThan(1);
    const expected = randomBot().act({
      seat,
      view: local.view(seat),
      legalActions: legal,
      rng: Rng.fromSeed(botSeed(stored, seat, 0)),
      rules: local.engine,
    });
    expect(u.entry.action).toEqual(expected);
    c.close();
  });

  it('a bot over its decision budget plays the default action and the game goes on', async () => {
    started = await startServer({ limits: { botDecisionMs: 5 } });
    const m = await createMatchOver(started.url, {
      game: 'st-augustine',
      players: 2,
      options: { trading: 'off' },
      bots: [
        { seat: 0, bot: 'mcts' },
        { seat: 1, bot: 'mcts' },
      ],
    });
    const c = await TestClient.connect(started.url);
    const w = (await c.reply(c.send({ type: 'spectate', match: m.match }))) as WelcomeMessage;
    // Over budget every time, yet every decision is played: the match moves on (it may have
    // moved past version 3 before the spectator joined).
    const u =
      w.version >= 3
        ? w
        : await c.waitFor((x): x is UpdateMessage => x.type === 'update' && x.version >= 3, 20_000);
    expect(u.version).toBeGreaterThanOrEqual(3);
    c.close();
  });
});
