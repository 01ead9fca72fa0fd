import type { ActionBase, Rng } from '@ruleloom/core';

/**
 * The reference policy of the published St. Augustine figures: at each decision, pass with
 * probability 1/2, otherwise bid the minimum legal amount (or pass when no bid is legal).
 * Outside auctions it takes the first legal action. Written against action shapes only
 * (`{ type: 'pass' }`, `{ type: 'bid', amount }`), so the same policy can be reproduced on
 * another engine.
 * @public
 */
export function passOrMinimumBid<TAction extends ActionBase>(
  legal: readonly TAction[],
  rng: Rng,
): TAction {
  let pass: TAction | undefined;
  let minBid: TAction | undefined;
  let minAmount = Infinity;
  for (const action of legal) {
    if (action.type === 'pass') pass = action;
    else if (action.type === 'bid') {
      const amount = (action as unknown as { amount: number }).amount;
      if (amount < minAmount) {
        minAmount = amount;
        minBid = action;
      }
    }
  }
  if (pass !== undefined && (minBid === undefined || rng.chance(0.5))) return pass;
  return minBid ?? (legal[0] as TAction);
}

/**
 * A uniform random choice among the legal actions.
 * @public
 */
export function uniformChoice<TAction>(legal: readonly TAction[], rng: Rng): TAction {
  return legal[rng.int(0, legal.length - 1)] as TAction;
}
