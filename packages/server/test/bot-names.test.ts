import { join } from 'node:path';
import { BOT_CATALOG } from '@ruleloom/bots';
import Database from 'libsql';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createGameServer,
  createSqliteStorage,
  SERVER_BOT_KINDS,
  type MatchSnapshot,
  type UpdateMessage,
  type WelcomeMessage,
  expandLegalActions,
} from '../src/index.js';
import {
  createMatchOver,
  HOSTED_GAMES,
  post,
  SECRET,
  startServer,
  type Started,
} from './helpers/start-server.js';
import { isType, TestClient } from './helpers/test-client.js';

const HONEST = BOT_CATALOG.filter((b) => !b.cheats).map((b) => b.name);

let started: Started | undefined;
afterEach(async () => {
  await started?.stop();
  started = undefined;
});

/** Waits until a match reaches `version` (bots only: nobody else acts). */
async function reaches(url: string, match: string, version: number): Promise<void> {
  const c = await TestClient.connect(url);
  try {
    const w = (await c.reply(c.send({ type: 'spectate', match }))) as WelcomeMessage;
    if (w.version >= version) return;
    await c.waitFor((m): m is UpdateMessage => m.type === 'update' && m.version >= version, 20_000);
  } finally {
    c.close();
  }
}

describe('server bots are the bot catalog, one name per bot', () => {
  it('offers exactly the honest bots of BOT_CATALOG, by their catalog names', async () => {
    started = await startServer();
    expect([...SERVER_BOT_KINDS]).toEqual(HONEST);
    expect(HONEST).toEqual(['random', 'policy', 'greedy', 'mcts', 'ismcts']);
    const games = (await (await fetch(`${started.url}/games`)).json()) as { bots: string[] };
    expect(games.bots).toEqual(HONEST);
  });

  it.each(['auction-policy', 'auctionPolicy', 'cheating-mcts', 'alphazero'])(
    "a request naming '%s' is refused, and the error lists the valid names",
    async (bot) => {
      started = await startServer();
      const r = await post(started.url, '/matches', {
        game: 'st-augustine',
        players: 2,
        bots: [{ seat: 1, bot }],
      });
      expect(r.status).toBe(400);
      const error = r.body.error as { code: string; message: string };
      expect(error.code).toBe('invalid_setup');
      expect(error.message).toBe(
        `bots: '${bot}' is not a server bot (the server's bots: random, policy, greedy, mcts, ismcts)`,
      );
    },
  );

  it('every catalog name plays (policy and ismcts included)', async () => {
    started = await startServer({ limits: { botDecisionMs: 300 } });
    const a = await createMatchOver(started.url, {
      game: 'st-augustine',
      players: 3,
      options: { trading: 'off' },
      bots: [
        { seat: 0, bot: 'policy' },
        { seat: 1, bot: 'ismcts' },
        { seat: 2, bot: 'random' },
      ],
    });
    const b = await createMatchOver(started.url, {
      game: 'colonial-florida',
      players: 2,
      bots: [
        { seat: 0, bot: 'greedy' },
        { seat: 1, bot: 'mcts' },
      ],
    });
    await reaches(started.url, a.match, 6);
    await reaches(started.url, b.match, 4);
  });

  it("a match an earlier server stored with the former name 'auction-policy' plays it as policy; a name no server had is quarantined with the valid names", async () => {
    started = await startServer();
    const kept = await createMatchOver(started.url, {
      game: 'st-augustine',
      players: 2,
      options: { trading: 'off' },
      bots: [{ seat: 1, bot: 'policy' }],
    });
    const odd = await createMatchOver(started.url, {
      game: 'st-augustine',
      players: 2,
      bots: [{ seat: 1, bot: 'random' }],
    });
    const file = join(started.dir, 'matches.sqlite');
    await started.server.close();
    const db = new Database(file);
    const setBot = db.prepare(
      'UPDATE ruleloom_matches SET config = replace(config, ?, ?) WHERE id = ?',
    );
    setBot.run('"bot":"policy"', '"bot":"auction-policy"', kept.match);
    setBot.run('"bot":"random"', '"bot":"alphazero"', odd.match);
    const check = db.prepare('SELECT config FROM ruleloom_matches WHERE id = ?');
    expect((check.get(kept.match) as { config: string }).config).toContain('auction-policy');
    expect((check.get(odd.match) as { config: string }).config).toContain('alphazero');
    db.close();

    const server = await createGameServer({
      games: HOSTED_GAMES,
      secret: SECRET,
      storage: createSqliteStorage({ file }),
    });
    const url = await server.listen();
    try {
      // The stored bot plays its seat 1 (as policy) while the person plays seat 0.
      const p = await TestClient.connect(url, kept.seats[0]!.token);
      let latest: MatchSnapshot = (await p.reply(
        p.send({ type: 'join', match: kept.match }),
      )) as WelcomeMessage;
      expect((latest as WelcomeMessage).type).toBe('welcome');
      let botMoved = false;
      for (let i = 0; i < 40 && !botMoved && !latest.isOver; i++) {
        const from = p.messages.length;
        const legal = expandLegalActions(latest.legal);
        if (legal.length > 0)
          p.send({ type: 'act', action: legal.at(-1), version: latest.version });
        const u = await p.waitFor(isType('update'), 10_000, from);
        botMoved = u.entry.seat === 1;
        latest = u;
      }
      expect(botMoved).toBe(true);
      p.close();
      const status = (await (await fetch(`${url}/matches/${odd.match}`)).json()) as {
        status: string;
        problem: { code: string; message: string };
      };
      expect(status.status).toBe('quarantined');
      expect(status.problem.code).toBe('unknown_bot');
      expect(status.problem.message).toBe(
        "seat 1: 'alphazero' is not a server bot (the server's bots: random, policy, greedy, mcts, ismcts)",
      );
      const active = (await (await fetch(`${url}/matches/${kept.match}`)).json()) as {
        status: string;
      };
      expect(active.status).not.toBe('quarantined');
    } finally {
      await server.close();
    }
  });
});
