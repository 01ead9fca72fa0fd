import { auctionPolicy, randomPolicy, type ActionPolicy } from '@ruleloom/bots';
import type { ActionBase, GameView, Rng } from '@ruleloom/core';

const reference: ActionPolicy = auctionPolicy({ passProbability: 0.5 });

function noView(): GameView {
  throw new Error('the benchmark policies do not look at the view');
}

/**
 * The reference policy of the published St. Augustine figures: at each decision, pass with
 * probability 1/2, otherwise bid the minimum legal amount (or pass when no bid is legal).
 * It is the bots package's `auctionPolicy` (also `auctionPolicyBot`), written against action
 * shapes only (`{ type: 'pass' }`, `{ type: 'bid', amount }`) so that the same policy can be
 * reproduced on another engine.
 * @public
 */
export function passOrMinimumBid<TAction extends ActionBase>(
  legal: readonly TAction[],
  rng: Rng,
): TAction {
  return reference({ seat: 0, legalActions: legal, rng, view: noView }) as TAction;
}

/**
 * A uniform random choice among the legal actions (the bots package's `randomPolicy`).
 * @public
 */
export function uniformChoice<TAction extends ActionBase>(
  legal: readonly TAction[],
  rng: Rng,
): TAction {
  return randomPolicy({ seat: 0, legalActions: legal, rng, view: noView });
}
