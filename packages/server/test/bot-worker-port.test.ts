import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { createMatch, publicOptions, type AnyGame } from '@ruleloom/core';
import {
  DECISION_REQUEST,
  messagePort,
  type DecisionEndpoint,
  type DecisionRequest,
} from '@ruleloom/core/session';
import { stAugustine } from '@ruleloom/st-augustine';
import { afterAll, describe, expect, it } from 'vitest';
import { BotRunner } from '../src/bots/bot-runner.js';
import type { BotWorkerData } from '../src/bots/bot-worker.js';
import { resolveGames } from '../src/games/hosted-game.js';
import { HOSTED_GAMES } from './helpers/start-server.js';

/** A decision request for seat `seat` of a fresh St. Augustine match, as a session asks it. */
function requestFor(player: string, id = 1): DecisionRequest {
  const setup = { seed: 'worker-port', players: 3, options: { trading: 'off' } };
  const match = createMatch(stAugustine as AnyGame, setup);
  const seat = match.toAct[0]!;
  return {
    type: DECISION_REQUEST,
    id,
    game: { id: stAugustine.id, rulesVersion: stAugustine.rulesVersion },
    setup: { players: 3, options: publicOptions(stAugustine as AnyGame, setup.options) },
    seat,
    version: 0,
    view: match.view(seat),
    legalActions: match.legalActions(seat),
    deadline: null,
    seed: 'a-seed',
    player,
  };
}

const runner = new BotRunner(1, resolveGames(HOSTED_GAMES).values(), 2_000);
afterAll(() => runner.close());

describe("the server's bot worker speaks core's decision-port format", () => {
  it("answers a session's messagePort over a worker thread with a legal action; refuses an unknown game", async () => {
    const worker = new Worker(fileURLToPath(new URL('../dist/bot-worker.js', import.meta.url)), {
      workerData: {
        ruleloomBotWorker: true,
        timeMs: 1_000,
        games: [
          {
            id: stAugustine.id,
            rulesVersion: stAugustine.rulesVersion,
            module: HOSTED_GAMES[0]!.module!,
            heuristic: HOSTED_GAMES[0]!.heuristic!,
          },
        ],
      } satisfies BotWorkerData,
    });
    const endpoint: DecisionEndpoint = {
      onmessage: null,
      postMessage: (m) => worker.postMessage(m),
      terminate: () => void worker.terminate(),
    };
    worker.on('message', (data: unknown) => {
      (endpoint.onmessage as ((e: { data: unknown }) => void) | null)?.({ data });
    });
    const port = messagePort(endpoint);
    try {
      for (const bot of ['random', 'policy', 'greedy', 'ismcts']) {
        const request = requestFor(bot);
        const action = await port.decide(request, undefined as never);
        expect(request.legalActions).toContainEqual(action);
      }
      const unknown = { ...requestFor('random', 9), game: { id: 'no-such-game', rulesVersion: 1 } };
      await expect(Promise.resolve(port.decide(unknown, undefined as never))).rejects.toThrow(
        /decision_failed: no bots for the game 'no-such-game'/,
      );
    } finally {
      port.close?.();
    }
  });

  it('the pool stops a worker over its budget and plays the next decision on a fresh one', async () => {
    const slow = await runner.decide({ ...requestFor('mcts'), player: 'mcts' }, 1);
    expect(slow).toEqual({ ok: false, reason: 'timeout' });
    const request = requestFor('random');
    const next = await runner.decide(request, 5_000);
    expect(next.ok).toBe(true);
    expect(request.legalActions).toContainEqual((next as { action: unknown }).action);
  });
});
