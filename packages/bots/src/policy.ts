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
    const n = legal.length;
    // Find the pass and whether any bid exists (games usually list the pass last, next to
    // the highest bid: this stops after a step or two); scan every bid only when bidding.
    let pass: TAction | undefined;
    let anyBid = false;
    for (let i = n - 1; i >= 0 && (pass === undefined || !anyBid); i--) {
      const action = legal[i] as TAction;
      if (action.type === 'pass') pass ??= action;
      else if (action.type === 'bid') anyBid ||= isAmount(action);
    }
    if (pass !== undefined && (!anyBid || input.rng.float() < passProbability)) return pass;
    if (anyBid) {
      let bid: TAction | undefined;
      let low = Infinity;
      for (let i = 0; i < n; i++) {
        const action = legal[i] as TAction;
        if (action.type !== 'bid' || !isAmount(action)) continue;
        const amount = (action as unknown as { readonly amount: number }).amount;
        if (amount < low) {
          low = amount;
          bid = action;
        }
      }
      return bid as TAction;
    }
    return legal[Math.floor(input.rng.float() * n)] as TAction;
  };
}

/** Whether a bid carries a usable amount (a number below infinity). */
function isAmount(action: ActionBase): boolean {
  const amount = (action as { readonly amount?: unknown }).amount;
  return typeof amount === 'number' && amount < Infinity;
}
