import { parentPort, workerData } from 'node:worker_threads';
import type { ActionBase, GameKit, GameView } from '@ruleloom/core';
import { cliGameOfKit } from '../games/cli-game-of.js';
import { BOT_KINDS } from './bot-kinds.js';
import { createBotController } from './bot-controller.js';
import type { BotThreadData, BotThreadReply, BotThreadRequest } from './threaded-bot.js';

/**
 * The worker thread of one bot seat in `ruleloom play` (see `createThreadedBotController`):
 * it loads the game's kit, seats the bot as the main thread would (same seeded stream, same
 * rules) and answers each decision, so the main thread stays free to redraw "thinking…".
 */
const port = parentPort;
if (port === null) throw new Error('bot-thread.js must run in a worker thread');
const data = workerData as BotThreadData;

async function start(): Promise<(request: BotThreadRequest) => Promise<BotThreadReply>> {
  const mod = (await import(data.kitRef.module)) as Readonly<Record<string, unknown>>;
  const kit = mod[data.kitRef.export] as GameKit;
  const cliGame = cliGameOfKit(kit, data.kitRef);
  const kind = BOT_KINDS.find((k) => k.name === data.bot);
  if (kind === undefined) throw new Error(`unknown bot '${data.bot}'`);
  const controller = createBotController({
    cliGame,
    bot: kind.create(cliGame),
    seat: data.seat,
    seed: data.seed,
    players: data.players,
    options: data.options,
  });
  return async (request) => {
    const choice = await controller.choose({
      seat: request.seat,
      view: request.view as GameView,
      legalActions: request.legalActions as readonly ActionBase[],
    });
    return choice.type === 'action'
      ? { id: request.id, ok: true, action: choice.action }
      : { id: request.id, ok: false, message: 'the bot quit' };
  };
}

const ready = start();
port.on('message', (request: BotThreadRequest) => {
  ready
    .then((decide) => decide(request))
    .then(
      (reply) => port.postMessage(reply),
      (error: unknown) =>
        port.postMessage({
          id: request.id,
          ok: false,
          message: error instanceof Error ? error.message : String(error),
        } satisfies BotThreadReply),
    );
});
