import { canonicalJson, createEngine, Rng, type ActionBase, type AnyGame } from '@ruleloom/core';
import type { DecisionPort, DecisionRequest } from '@ruleloom/core/session';
import type { Bot, BotRules } from './bot.js';

/** Engines a bot port keeps (one per player count and options; most recent last). */
const KEPT = 8;

/**
 * A match session's decision port (`@ruleloom/core/session`) played by a bot in this thread:
 * each `DecisionRequest` becomes the bot's input (the view, the legal actions, a stream
 * seeded from the request's `seed`, and the rules built once per player count and public
 * options). A process bot is a port too: `botPort(processBot({ command }), game)`. On the other
 * side of a Web Worker or a worker thread, `serveDecisions(endpoint, port.decide)` answers a
 * session's `messagePort`.
 *
 * @example
 * ```ts
 * const session = createSession(pig, { seed: 1, players: 2 }, {
 *   ports: { 1: botPort(mctsBot({ iterations: 200 }), pig) },
 * });
 * ```
 * @public
 */
export function botPort<TAction extends ActionBase>(
  bot: Bot<TAction>,
  game: AnyGame,
  options: { readonly player?: string } = {},
): DecisionPort & { decide(request: DecisionRequest): Promise<unknown> } {
  const engines = new Map<string, BotRules<TAction>>();
  const rulesFor = (request: DecisionRequest): BotRules<TAction> => {
    const key = `${String(request.setup.players)}\u0000${canonicalJson(request.setup.options)}`;
    let rules = engines.get(key);
    if (rules === undefined) {
      rules = createEngine(game, {
        players: request.setup.players,
        options: request.setup.options,
      });
      if (engines.size >= KEPT) engines.delete(engines.keys().next().value as string);
    } else engines.delete(key);
    engines.set(key, rules);
    return rules;
  };
  return {
    player: options.player ?? bot.name,
    async decide(request: DecisionRequest): Promise<unknown> {
      if (request.game.id !== game.id)
        throw new Error(`this port plays '${game.id}', not '${request.game.id.slice(0, 60)}'`);
      return await bot.act({
        seat: request.seat,
        view: request.view,
        legalActions: request.legalActions as readonly TAction[],
        rng: Rng.fromSeed(request.seed),
        rules: rulesFor(request),
      });
    },
  };
}
