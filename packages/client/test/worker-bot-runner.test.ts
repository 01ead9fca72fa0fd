import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { stAugustine } from '@ruleloom/st-augustine';
import { describe, expect, it } from 'vitest';
import { randomBot } from '@ruleloom/bots';
import { messagePort } from '@ruleloom/core/session';
import {
  createClient,
  createInlineBotRunner,
  createWorkerBotRunner,
  serveBots,
  type MessageEndpoint,
} from '../src/index.js';
import { nodeWorkerEndpoint } from './helpers/node-worker-endpoint.js';
import { waitForSnapshot } from './helpers/play-client.js';

/** Node's MessagePort has `onmessage` at run time (as in browsers); @types/node omits it. */
const ends = (port: MessagePort) => port as unknown as MessageEndpoint;

const setup = { seed: 9, players: 2, options: { turns: 2 } };

describe('the worker bot runner over a real MessageChannel', () => {
  it('a bot the worker does not know fails the bots with its reason, as a value', async () => {
    const { port1, port2 } = new MessageChannel();
    serveBots(ends(port2), { games: [stAugustine], bots: {} });
    const client = createClient({
      type: 'local',
      game: stAugustine,
      setup,
      botSeed: 'test-secret',
      bots: { 0: 'nobody', 1: 'nobody' },
      botRunner: createWorkerBotRunner(ends(port1)),
    });
    await client.whenIdle();
    expect(client.getSnapshot().lastRejection).toEqual({
      code: 'bot_failed',
      message: "the bot of seat 0 failed: decision_failed: the bot runner has no bot 'nobody'",
    });
    client.close();
    port1.close();
  });

  it('closing while a bot thinks stops it: no late move, no failure, and the runner refuses new work', async () => {
    const { port1, port2 } = new MessageChannel();
    let asked = 0;
    let onAsked: () => void = () => undefined;
    const firstAsk = new Promise<void>((resolve) => (onAsked = resolve));
    serveBots(ends(port2), {
      games: [stAugustine],
      bots: {
        slow: { name: 'slow', act: () => (asked++, onAsked(), new Promise(() => undefined)) },
      },
    });
    const runner = createWorkerBotRunner(ends(port1));
    const client = createClient({
      type: 'local',
      game: stAugustine,
      setup,
      botSeed: 'test-secret',
      bots: { 0: 'slow', 1: 'slow' },
      botRunner: runner,
    });
    await waitForSnapshot(client, (s) => s.thinking.length === 1);
    await firstAsk;
    client.close();
    await client.whenIdle();
    const s = client.getSnapshot();
    expect(s).toMatchObject({ status: 'closed', thinking: [], lastRejection: null, version: 0 });
    expect(asked).toBe(1);
    await expect(runner.decide({} as never)).rejects.toThrow('closed');
    port1.close();
  });
});

describe('a decision port to a bot worker (the match session format)', () => {
  it('plays bot seats through messagePort + serveBots: the same game as the inline runner', async () => {
    const { port1, port2 } = new MessageChannel();
    serveBots(ends(port2), { games: [stAugustine], bots: { random: randomBot() } });
    const port = messagePort(ends(port1), { player: 'random' });
    const viaPort = createClient({
      type: 'local',
      game: stAugustine,
      setup,
      botSeed: 'test-secret',
      ports: { 0: port, 1: port },
    });
    const inline = createClient({
      type: 'local',
      game: stAugustine,
      setup,
      botSeed: 'test-secret',
      bots: { 0: 'random', 1: 'random' },
      botRunner: createInlineBotRunner({ games: [stAugustine], bots: { random: randomBot() } }),
    });
    try {
      await viaPort.whenIdle();
      await inline.whenIdle();
      expect(viaPort.getSnapshot().isOver).toBe(true);
      expect(viaPort.save()).toEqual(inline.save());
    } finally {
      viaPort.close();
      inline.close();
      port.close?.();
      port1.close();
      port2.close();
    }
  });
});

describe('a decision port to a real worker thread', () => {
  it('the fixture worker (serveBots from the built package) answers the session format', async () => {
    const endpoint = nodeWorkerEndpoint(new URL('./fixtures/bot-worker.js', import.meta.url));
    const port = messagePort(endpoint, { player: 'random' });
    const client = createClient({
      type: 'local',
      game: stAugustine,
      setup,
      botSeed: 'test-secret',
      ports: { 1: port },
    });
    try {
      // Seat 0 is the page's; seat 1 answers from the worker thread.
      for (let i = 0; i < 400 && !client.getSnapshot().isOver; i++) {
        await client.whenIdle();
        const s = client.getSnapshot();
        if (s.isOver) break;
        const action = s.legalActions[0];
        if (action === undefined) throw new Error('the page has no action and the worker none');
        expect((await client.act(action)).ok).toBe(true);
      }
      expect(client.getSnapshot()).toMatchObject({ isOver: true, lastRejection: null });
      expect(client.save().actions.some((a) => a.seat === 1)).toBe(true);
    } finally {
      client.close();
      port.close?.();
    }
  });
});
