import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { stAugustine } from '@ruleloom/st-augustine';
import { describe, expect, it } from 'vitest';
import {
  createClient,
  createWorkerBotRunner,
  serveBots,
  type MessageEndpoint,
} from '../src/index.js';
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
      bots: { 0: 'nobody', 1: 'nobody' },
      botRunner: createWorkerBotRunner(ends(port1)),
    });
    await client.whenIdle();
    expect(client.getSnapshot().lastRejection).toEqual({
      code: 'bot_failed',
      message: "the bot of seat 0 failed: the bot runner has no bot 'nobody'",
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
