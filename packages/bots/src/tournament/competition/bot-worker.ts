import { parentPort } from 'node:worker_threads';
import { Engine, Rng, type ActionBase, type GameView } from '@ruleloom/core';
import { isCheatingBot, type Bot, type BotRules } from '../../bot.js';
import { message } from '../play-game.js';
import { loadTournamentGame } from '../game-variant.js';
import { closeBots, createBot } from '../specs.js';
import type { BotDecideMessage, BotInitMessage, BotWorkerMessage } from './bot-protocol.js';

/**
 * The thread of one seat's bot in a competition game: it never sees the match state, only
 * the serialized view and legal actions of each decision.
 */
const port = parentPort;
if (port === null) throw new Error('bot-worker.js must run in a worker thread');
let seated: { bot: Bot; rules: BotRules; rng: Rng } | undefined;

function post(reply: BotWorkerMessage): void {
  port?.postMessage(reply);
}

async function init(msg: BotInitMessage): Promise<void> {
  try {
    const game = await loadTournamentGame(msg.game, msg.variant);
    const bot = await createBot(msg.spec);
    if (isCheatingBot(bot)) {
      post({
        type: 'failed',
        message: `bot '${bot.name}' reads the state: competition seats honest bots only`,
      });
      return;
    }
    const rules = new Engine(game, {
      players: msg.players,
      options: msg.options,
    }) as unknown as BotRules;
    seated = { bot, rules, rng: Rng.fromState(msg.rngState) };
    post({ type: 'ready' });
  } catch (e) {
    post({ type: 'failed', message: message(e) });
  }
}

async function decide(msg: BotDecideMessage): Promise<void> {
  const s = seated;
  if (s === undefined) {
    post({ type: 'error', id: msg.id, message: 'the bot was not initialised' });
    return;
  }
  try {
    const input = JSON.parse(msg.input) as {
      seat: number;
      view: GameView;
      legalActions: readonly ActionBase[];
    };
    const action = await s.bot.act({ ...input, rng: s.rng, rules: s.rules });
    post({ type: 'answer', id: msg.id, action, rngState: s.rng.state() });
  } catch (e) {
    post({ type: 'error', id: msg.id, message: `bot '${s.bot.name}' threw: ${message(e)}` });
  }
}

port.on('message', (msg: BotInitMessage | BotDecideMessage | { type: 'close' }) => {
  if (msg.type === 'close') {
    const bot = seated?.bot;
    void (bot === undefined ? Promise.resolve() : closeBots([bot])).finally(() =>
      port.postMessage({ type: 'closed' }),
    );
    return;
  }
  void (msg.type === 'init' ? init(msg) : decide(msg));
});
