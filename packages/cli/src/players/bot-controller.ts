import { createEngine, publicOptions, Rng, type ActionBase, type Engine } from '@ruleloom/core';
import type { CliGame } from '../games/cli-game.js';
import type { SeatController } from './controller.js';
import type { Bot } from '@ruleloom/bots';

/**
 * Settings of {@link createBotController}.
 * @public
 */
export interface BotControllerParams {
  readonly cliGame: CliGame;
  readonly bot: Bot;
  readonly seat: number;
  /** The match seed: the bot's stream is derived from it and the seat. */
  readonly seed: number | string;
  readonly players: number;
  readonly options: Readonly<Record<string, unknown>>;
}

/**
 * Seats a bot: each decision it gets its seat's view, the legal actions, its own seeded
 * stream and rules built from the public setup (secret options such as a fixed deck order
 * left out), never the match state.
 * @public
 */
export function createBotController(params: BotControllerParams): SeatController {
  const { cliGame, bot, seat } = params;
  const rng = Rng.fromSeed(`${String(params.seed)}/bot/${String(seat)}`);
  let rules: Engine<unknown, ActionBase, unknown> | undefined;
  return {
    kind: 'bot',
    name: bot.name,
    async choose(decision) {
      rules ??= createEngine(cliGame.game, {
        players: params.players,
        options: publicOptions(cliGame.game, params.options),
      }) as Engine<unknown, ActionBase, unknown>;
      const action = await bot.act({
        seat: decision.seat,
        view: decision.view,
        legalActions: decision.legalActions,
        rng,
        rules,
      });
      return { type: 'action', action };
    },
  };
}
