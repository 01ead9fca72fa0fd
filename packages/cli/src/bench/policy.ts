import { auctionPolicy, randomPolicy, type ActionPolicy } from '@ruleloom/bots';
import { actionTraitsOf, type ActionBase, type GameView, type Rng } from '@ruleloom/core';

const reference: ActionPolicy = auctionPolicy({ passProbability: 0.5 });
/** Pig and Colonial Florida declare none that the uniform choice would read. */
const noTraits = actionTraitsOf({ actions: {} });

function noView(): GameView {
  throw new Error('the benchmark policies do not look at the view');
}

/**
 * The reference policy for any game: the bots package's `auctionPolicy` reading that game's
 * declared action traits (pass half the time, else the lowest amount; uniform otherwise).
 * For St. Augustine (`{ type: 'pass' }` is the pass, `{ type: 'bid', amount }` carries the
 * amount) it is the policy of the published figures: pass with probability 1/2, otherwise bid
 * the minimum legal amount (or pass when no bid is legal). A kit asks for it with
 * `benchmark: { policy: 'declared-traits' }`.
 * @public
 */
export function declaredTraitsPolicy(game: {
  readonly actions: object;
}): <TAction extends ActionBase>(legal: readonly TAction[], rng: Rng) => TAction {
  const traits = actionTraitsOf(game);
  return <TAction extends ActionBase>(legal: readonly TAction[], rng: Rng): TAction =>
    reference({ seat: 0, legalActions: legal, rng, traits, view: noView }) as TAction;
}

/**
 * A uniform random choice among the legal actions (the bots package's `randomPolicy`).
 * @public
 */
export function uniformChoice<TAction extends ActionBase>(
  legal: readonly TAction[],
  rng: Rng,
): TAction {
  return randomPolicy({ seat: 0, legalActions: legal, rng, traits: noTraits, view: noView });
}
