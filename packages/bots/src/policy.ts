import type { ActionBase, GameView, Rng } from '@ruleloom/core';

/**
 * What an {@link ActionPolicy} receives. `view()` computes the seat's view on demand (it
 * costs a copy of the state, so cheap policies should not call it).
 * @public
 */
export interface PolicyInput<TAction extends ActionBase = ActionBase> {
  /** The seat to act. */
  readonly seat: number;
  /** Its legal actions (never empty). */
  readonly legalActions: readonly TAction[];
  /** A seeded random stream. */
  readonly rng: Rng;
  /** The seat's view, computed on demand. */
  view(): GameView;
}

/**
 * A fast, stateless way to choose an action: used by {@link policyBot} as a whole bot and by
 * {@link mctsBot} as a rollout policy (for the bot itself or as a model of its opponents).
 * @public
 */
export type ActionPolicy<TAction extends ActionBase = ActionBase> = (
  input: PolicyInput<TAction>,
) => TAction;

/**
 * Chooses uniformly among the legal actions.
 * @public
 */
export function randomPolicy<TAction extends ActionBase>(input: PolicyInput<TAction>): TAction {
  return input.legalActions[Math.floor(input.rng.float() * input.legalActions.length)] as TAction;
}

/**
 * Settings of {@link auctionPolicy}.
 * @public
 */
export interface AuctionPolicyParams {
  /** Probability of passing when `{ type: 'pass' }` is legal (default 0.5). */
  readonly passProbability?: number;
}

/**
 * A generic auction policy: when `{ type: 'pass' }` is legal, pass with probability
 * `passProbability`; otherwise bid the lowest legal `{ type: 'bid', amount }`. When neither
 * applies (no bid is legal, or another kind of decision), it chooses uniformly at random.
 * In St. Augustine this is the "pass 1/2, else bid the minimum" reference opponent.
 * @public
 */
export function auctionPolicy<TAction extends ActionBase = ActionBase>(
  params: AuctionPolicyParams = {},
): ActionPolicy<TAction> {
  const passProbability = params.passProbability ?? 0.5;
  return (input) => {
    const legal = input.legalActions;
    let pass: TAction | undefined;
    let bid: TAction | undefined;
    let low = Infinity;
    for (const action of legal) {
      if (action.type === 'pass') pass = action;
      else if (action.type === 'bid') {
        const amount = (action as { readonly amount?: unknown }).amount;
        if (typeof amount === 'number' && amount < low) {
          low = amount;
          bid = action;
        }
      }
    }
    if (pass !== undefined && (bid === undefined || input.rng.float() < passProbability))
      return pass;
    if (bid !== undefined) return bid;
    return legal[Math.floor(input.rng.float() * legal.length)] as TAction;
  };
}
