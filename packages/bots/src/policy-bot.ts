import { actionTraitsOf, type ActionBase } from '@ruleloom/core';
import type { Bot } from './bot.js';
import { auctionPolicy, type ActionPolicy, type AuctionPolicyParams } from './policy.js';

/**
 * A bot that follows an {@link ActionPolicy}: a function of the legal actions, the seat's
 * view and a seeded stream. Handy for scripted or rule-of-thumb opponents.
 * @public
 */
export function policyBot<TAction extends ActionBase = ActionBase>(
  name: string,
  policy: ActionPolicy<TAction>,
): Bot<TAction> {
  return {
    name,
    act: ({ seat, view, legalActions, rng, rules }) =>
      policy({ seat, legalActions, rng, traits: actionTraitsOf(rules.game), view: () => view }),
  };
}

/**
 * The "pass with probability 1/2, otherwise bid the minimum" bot of auction games (see
 * {@link auctionPolicy}): the game's declared pass action with probability `passProbability`
 * when legal, otherwise the legal action with the lowest declared amount, otherwise a random
 * legal action.
 * @public
 */
export function auctionPolicyBot<TAction extends ActionBase = ActionBase>(
  params: AuctionPolicyParams & { readonly name?: string } = {},
): Bot<TAction> {
  return policyBot(params.name ?? 'auction-policy', auctionPolicy<TAction>(params));
}
