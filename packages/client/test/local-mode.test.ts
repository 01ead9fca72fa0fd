import { greedyBot, randomBot } from '@ruleloom/bots';
import { colonialFlorida } from '@ruleloom/colonial-florida';
import { createMatch, restoreMatch, type AnyGame, type GameView } from '@ruleloom/core';
import { liarsDice } from '@ruleloom/core/games';
import { stAugustine, stAugustineHeuristic } from '@ruleloom/st-augustine';
import { describe, expect, it } from 'vitest';
import {
  createClient,
  createInlineBotRunner,
  createWorkerBotRunner,
  type ClientSnapshot,
  type LocalBot,
  type LocalClient,
} from '../src/index.js';
import { nodeWorkerEndpoint } from './helpers/node-worker-endpoint.js';
import { chooseAction } from './helpers/play-client.js';

const WORKER = new URL('./fixtures/bot-worker.js', import.meta.url);

/** Plays the human seats of a local client (whoever the snapshot shows) to the end. */
async function playLocal(client: LocalClient, seen: ClientSnapshot[]): Promise<void> {
  const unsubscribe = client.subscribe(() => seen.push(client.getSnapshot()));
  seen.push(client.getSnapshot());
  for (let guard = 0; guard < 5_000; guard++) {
    await client.whenIdle();
    const s = client.getSnapshot();
    if (s.isOver || s.lastRejection?.code === 'bot_failed') break;
    expect(s.thinking).toEqual([]);
    const r = await client.act(chooseAction(s));
    expect(r).toEqual({ ok: true, version: s.version + 1 });
  }
  unsubscribe();
}

/** The engine's own run of the same seed and actions: the views each seat had at each version. */
function engineRun(game: AnyGame, client: LocalClient) {
  const save = client.save();
  const match = createMatch(game, save.setup);
  const views: GameView[][] = [];
  const seats = Array.from({ length: save.setup.players }, (_, s) => s);
  views.push(seats.map((s) => match.view(s)));
  for (const a of save.actions) {
    expect(match.apply(a.seat, a.action).ok).toBe(true);
    views.push(seats.map((s) => match.view(s)));
  }
  return { match, views };
}

describe.each([
  {
    name: 'St. Augustine',
    game: stAugustine as AnyGame,
    setup: { seed: 7, players: 3, options: { turns: 4, trading: 'off' } },
    bots: { 1: 'random', 2: 'greedy-st-augustine' },
  },
  {
    name: 'Colonial Florida',
    game: colonialFlorida as AnyGame,
    setup: { seed: 11, players: 3, options: { maxTurns: 4 } },
    bots: { 1: 'greedy-colonial-florida', 2: 'random' },
  },
])('local mode: $name against bots in a worker thread', ({ game, setup, bots }) => {
  it('plays a whole game; the final scores equal the engine’s for the same seed and actions; the page only ever holds seat 0’s view', async () => {
    const client = createClient({
      type: 'local',
      game,
      setup,
      bots,
      botRunner: createWorkerBotRunner(nodeWorkerEndpoint(WORKER)),
    });
    const seen: ClientSnapshot[] = [];
    await playLocal(client, seen);
    const final = client.getSnapshot();
    expect(final.lastRejection).toBeNull();
    expect(final.isOver).toBe(true);
    const { match, views } = engineRun(game, client);
    expect(match.result).toEqual(final.result);
    expect(final.result!.scores).toEqual(match.result!.scores);
    expect(restoreMatch(game, JSON.parse(JSON.stringify(client.save())))).toMatchObject({
      ok: true,
    });
    // A "thinking" state was shown while a bot decided, for bot seats only.
    const thinking = seen.filter((s) => s.thinking.length > 0);
    expect(thinking.length).toBeGreaterThan(0);
    for (const s of thinking)
      expect(s.thinking.every((seat) => seat === 1 || seat === 2)).toBe(true);
    // Every snapshot shows seat 0's view at its version, and its redacted log.
    for (const s of seen) {
      expect(s.seat).toBe(0);
      expect(s.view).toEqual(views[s.version]![0]);
      expect(s.status).toBe('local');
    }
    expect(final.log).toEqual(match.logFor(0).slice(1));
    client.close();
    expect(client.getSnapshot().status).toBe('closed');
  });
});

/** A bot that always makes the lowest bid (never a challenge), for the undo test. */
function onlyBids(): LocalBot {
  return {
    name: 'only-bids',
    act: ({ legalActions }) => legalActions.find((a) => a.type === 'bid') ?? legalActions[0],
  };
}

describe('local hot-seat', () => {
  it('shows the view and legal actions of the seat whose turn it is, and nothing of the others', async () => {
    const game = colonialFlorida as AnyGame;
    const client = createClient({
      type: 'local',
      game,
      setup: { seed: 3, players: 3, options: { maxTurns: 3 } },
      bots: { 2: 'random' },
      botRunner: createInlineBotRunner({ games: [game], bots: { random: randomBot() } }),
    });
    const seen: ClientSnapshot[] = [];
    await playLocal(client, seen);
    const { match, views } = engineRun(game, client);
    expect(client.getSnapshot().result).toEqual(match.result);
    const shown = new Set(seen.map((s) => s.seat));
    expect([...shown].sort()).toEqual([0, 1]);
    for (const s of seen) {
      expect(s.view).toEqual(views[s.version]![s.seat!]);
      if (s.legalActions.length > 0) expect(s.toAct).toContain(s.seat);
    }
  });

  it('bots draw from a fresh secret by default (no one can replay their moves), and a given botSeed reproduces them', async () => {
    const game = colonialFlorida as AnyGame;
    const play = async (botSeed?: string) => {
      // The random bot, which also notes a number from its stream at each decision: two
      // streams are told apart by these (2e9 values each), not by the few moves a short game
      // offers (two different streams often play the same moves).
      const random = randomBot();
      const drawn: number[] = [];
      const noting: LocalBot = {
        name: 'random',
        act: (input) => {
          drawn.push(input.rng.int(0, 2_000_000_000));
          return random.act(input);
        },
      };
      const client = createClient({
        type: 'local',
        game,
        setup: { seed: 11, players: 2, options: { maxTurns: 4 } },
        bots: { 0: 'random', 1: 'random' },
        botRunner: createInlineBotRunner({ games: [game], bots: { random: noting } }),
        ...(botSeed === undefined ? {} : { botSeed }),
      });
      await client.whenIdle();
      const moves = JSON.stringify(client.save().actions.map((a): unknown => a.action));
      const seed = client.botSeed;
      client.close();
      return { moves, seed, stream: JSON.stringify(drawn) };
    };
    const a = await play();
    const b = await play();
    expect(a.seed).toMatch(/^[0-9a-f]{32}$/);
    expect(b.seed).not.toBe(a.seed);
    // The bots of a fresh secret draw from neither the old public default's stream nor each other's.
    const predicted = await play('ruleloom-local');
    expect([a.stream, b.stream]).not.toContain(predicted.stream);
    expect(a.stream).not.toBe(b.stream);
    // Keeping the secret reproduces the bots' stream and moves exactly.
    const again = await play(a.seed);
    expect(again.stream).toBe(a.stream);
    expect(again.moves).toBe(a.moves);
  });

  it("undo takes back a person's move (and the bots' after it) while nothing hidden came out", async () => {
    const game = liarsDice;
    // Hot-seat: each undo takes back the last move of a person.
    const hot = createClient({ type: 'local', game, setup: { seed: 4, players: 2 } });
    expect(hot.undo()).toMatchObject({ ok: false, error: { code: 'nothing_to_undo' } });
    expect(hot.canUndo()).toBe(false);
    const bidOf = () => hot.getSnapshot().legalActions.find((a) => a.type === 'bid')!;
    await hot.act(bidOf());
    const afterOne = hot.getSnapshot();
    await hot.act(bidOf());
    expect(hot.getSnapshot().version).toBe(2);
    expect(hot.canUndo()).toBe(true);
    expect(hot.getSnapshot().version).toBe(2);
    expect(hot.undo()).toEqual({ ok: true, version: 1 });
    const back = hot.getSnapshot();
    expect(back.version).toBe(1);
    expect(back.seat).toBe(afterOne.seat);
    expect(back.log).toHaveLength(1);
    expect(back.legalActions).toEqual(afterOne.legalActions);
    expect(back.lastRejection).toBeNull();
    // The match goes on from there, and a challenge (it lifts the cups) cannot be taken back.
    expect((await hot.act(back.legalActions.find((a) => a.type === 'challenge')!)).ok).toBe(true);
    expect(hot.canUndo()).toBe(false);
    expect(hot.undo()).toMatchObject({ ok: false, error: { code: 'not_undoable' } });
    expect(hot.getSnapshot().version).toBe(2);
    hot.close();

    // Against a bot: the bot's reply goes too, and the bot plays again after the new move.
    const vsBot = createClient({
      type: 'local',
      game,
      setup: { seed: 4, players: 2 },
      bots: { 1: 'random' },
      botRunner: createInlineBotRunner({ games: [game as AnyGame], bots: { random: onlyBids() } }),
      botSeed: 'undo-test',
    });
    await vsBot.whenIdle();
    const first = vsBot.getSnapshot();
    await vsBot.act(first.legalActions.find((a) => a.type === 'bid')!);
    await vsBot.whenIdle();
    const replied = vsBot.getSnapshot().version;
    expect(replied).toBe(first.version + 2);
    expect(vsBot.undo()).toEqual({ ok: true, version: first.version });
    expect(vsBot.getSnapshot().legalActions).toEqual(first.legalActions);
    await vsBot.act(first.legalActions.filter((a) => a.type === 'bid').at(-1)!);
    await vsBot.whenIdle();
    expect(vsBot.getSnapshot().version).toBe(first.version + 2);
    vsBot.close();
  });

  it('redo plays again what undo took back; undos stack; a new move clears them', async () => {
    const hot = createClient({ type: 'local', game: liarsDice, setup: { seed: 4, players: 2 } });
    expect(hot.canRedo()).toBe(false);
    expect(hot.redoRefusal()).toMatchObject({ code: 'nothing_to_redo' });
    expect(hot.redo()).toMatchObject({ ok: false, error: { code: 'nothing_to_redo' } });
    const bidOf = (n = 0) => hot.getSnapshot().legalActions.filter((a) => a.type === 'bid')[n]!;
    await hot.act(bidOf());
    const one = hot.getSnapshot();
    await hot.act(bidOf(1));
    const two = hot.getSnapshot();
    // Two take-backs, then two redos in the reverse order: the match as it was.
    expect(hot.undo()).toEqual({ ok: true, version: 1 });
    expect(hot.undo()).toEqual({ ok: true, version: 0 });
    expect(hot.undoRefusal()).toMatchObject({ code: 'nothing_to_undo' });
    expect(hot.canRedo()).toBe(true);
    expect(hot.redoRefusal()).toBeNull();
    expect(hot.redo()).toEqual({ ok: true, version: 1 });
    expect(hot.getSnapshot().legalActions).toEqual(one.legalActions);
    expect(hot.redo()).toEqual({ ok: true, version: 2 });
    expect(hot.getSnapshot().view).toEqual(two.view);
    expect(hot.getSnapshot().log).toEqual(two.log);
    expect(hot.save().actions).toHaveLength(2);
    expect(hot.canRedo()).toBe(false);
    // A new move after a take-back: nothing to play again.
    expect(hot.undo()).toEqual({ ok: true, version: 1 });
    await hot.act(bidOf(2));
    expect(hot.canRedo()).toBe(false);
    expect(hot.redo()).toMatchObject({ ok: false, error: { code: 'nothing_to_redo' } });
    expect(hot.getSnapshot().version).toBe(2);
    hot.close();

    // Against a bot: the redo plays the person's move and the bot's reply as they were.
    const vsBot = createClient({
      type: 'local',
      game: liarsDice,
      setup: { seed: 4, players: 2 },
      bots: { 1: 'random' },
      botRunner: createInlineBotRunner({
        games: [liarsDice as AnyGame],
        bots: { random: onlyBids() },
      }),
      botSeed: 'redo-test',
    });
    await vsBot.whenIdle();
    await vsBot.act(vsBot.getSnapshot().legalActions.find((a) => a.type === 'bid')!);
    await vsBot.whenIdle();
    const played = vsBot.save().actions;
    expect(vsBot.undo()).toMatchObject({ ok: true });
    expect(vsBot.redo()).toEqual({ ok: true, version: played.length });
    await vsBot.whenIdle();
    expect(vsBot.save().actions).toEqual(played);
    vsBot.close();
  });

  it('canUndo: a game that declares no undoable action (Colonial Florida) never offers a take-back', async () => {
    const client = createClient({
      type: 'local',
      game: colonialFlorida,
      setup: { seed: 2, players: 2 },
    });
    expect(client.canUndo()).toBe(false);
    for (let i = 0; i < 4 && !client.getSnapshot().isOver; i++) {
      const legal = client.getSnapshot().legalActions;
      if (legal.length === 0) break;
      expect((await client.act(legal[0]!)).ok).toBe(true);
      expect(client.canUndo()).toBe(false);
      expect(client.undo()).toMatchObject({ ok: false });
    }
    expect(client.getSnapshot().version).toBeGreaterThan(0);
    client.close();
  });

  it('a refused action is a value, leaves the match as it was, and keeps the snapshot identity when repeated', async () => {
    const client = createClient({
      type: 'local',
      game: stAugustine,
      setup: { seed: 5, players: 2, options: { turns: 2 } },
    });
    const before = client.getSnapshot();
    expect(client.getSnapshot()).toBe(before);
    const r = await client.act({ type: 'bid', amount: 1 });
    expect(r.ok).toBe(false);
    const after = client.getSnapshot();
    expect(after).not.toBe(before);
    expect(after.lastRejection).toEqual(r.ok ? null : r.error);
    expect(after.view).toBe(before.view);
    expect(after.version).toBe(0);
    await client.act({ type: 'bid', amount: 1 });
    expect(client.getSnapshot()).toBe(after);
    expect(await client.act({ type: 'proposeTrade' } as never)).toMatchObject({ ok: false });
    expect(Object.isFrozen(after.view)).toBe(true);
  });

  it('a bot that returns an illegal action stops the bots with a bot_failed rejection', async () => {
    const client = createClient({
      type: 'local',
      game: stAugustine,
      setup: { seed: 5, players: 2, options: { turns: 2 } },
      bots: { 0: 'cheat', 1: 'cheat' },
      botRunner: createInlineBotRunner({
        games: [stAugustine],
        bots: { cheat: { name: 'cheat', act: () => ({ type: 'bid', amount: -5 }) } },
      }),
    });
    await client.whenIdle();
    const s = client.getSnapshot();
    expect(s.lastRejection?.code).toBe('bot_failed');
    expect(s.thinking).toEqual([]);
    expect(s.version).toBe(0);
  });

  it('an inline greedy bot and the worker bot give the same game for the same seeds', async () => {
    const game = stAugustine as AnyGame;
    const setup = { seed: 21, players: 2, options: { turns: 3, trading: 'off' } };
    const play = async (client: LocalClient) => {
      await playLocal(client, []);
      const save = client.save();
      client.close();
      return save;
    };
    const inline = await play(
      createClient({
        type: 'local',
        game,
        setup,
        botSeed: 'same-secret',
        bots: { 1: 'greedy-st-augustine' },
        botRunner: createInlineBotRunner({
          games: [game],
          bots: {
            'greedy-st-augustine': greedyBot({ heuristic: stAugustineHeuristic, samples: 2 }),
          },
        }),
      }),
    );
    const worker = await play(
      createClient({
        type: 'local',
        game,
        setup,
        botSeed: 'same-secret',
        bots: { 1: 'greedy-st-augustine' },
        botRunner: createWorkerBotRunner(nodeWorkerEndpoint(WORKER)),
      }),
    );
    expect(worker.hash).toBe(inline.hash);
  });
});
