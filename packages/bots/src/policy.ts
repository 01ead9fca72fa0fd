import type { ActionBase, ActionTraitIndex, GameView, Rng } from '@ruleloom/core';

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
  /**
   * The game's declared action traits (which action passes, which field is an amount; see
   * `actionTraitsOf` in `@ruleloom/core`): what a policy may know of the game's actions.
   */
  readonly traits: ActionTraitIndex;
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
  /** Probability of passing when the game's declared pass action is legal (default 0.5). */
  readonly passProbability?: number;
}

/**
 * A generic auction policy, reading only the game's declared action traits: when an action
 * declared as the pass is legal, take it with probability `passProbability`; otherwise take
 * the legal action with the lowest declared amount (the minimum bid; the first one when the
 * game declares its amounts listed in ascending order). When neither applies
 * (no amount is legal, or another kind of decision), it chooses uniformly at random. In
 * St. Augustine this is the "pass 1/2, else bid the minimum" reference opponent.
 * @public
 */
export function auctionPolicy<TAction extends ActionBase = ActionBase>(
  params: AuctionPolicyParams = {},
): ActionPolicy<TAction> {
  const passProbability = params.passProbability ?? 0.5;
  const read = traitReader();
  return (input) => {
    const legal = input.legalActions;
    const n = legal.length;
    read.use(input.traits);
    // Find the pass and whether any amount exists (games usually list the pass last, next to
    // the highest bid: this stops after a step or two); scan every amount only when bidding.
    let pass: TAction | undefined;
    let anyAmount = false;
    for (let i = n - 1; i >= 0 && (pass === undefined || !anyAmount); i--) {
      const action = legal[i] as TAction;
      const field = read.fieldOf(action.type);
      if (field === PASS) pass ??= action;
      else if (field !== null) anyAmount ||= isAmount(amountIn(action, field));
    }
    if (pass !== undefined && (!anyAmount || input.rng.float() < passProbability)) return pass;
    if (anyAmount) {
      // A game with one amount type that lists its amounts in ascending order (declared,
      // and checked by the laws): the first usable amount is the lowest.
      const onlyAscending = read.onlyAscending;
      let lowest: TAction | undefined;
      let low = Infinity;
      for (let i = 0; i < n; i++) {
        const action = legal[i] as TAction;
        const field = read.fieldOf(action.type);
        if (field === null || field === PASS) continue;
        const amount = amountIn(action, field);
        if (amount < low) {
          low = amount;
          lowest = action;
          if (onlyAscending) break;
        }
      }
      return lowest as TAction;
    }
    return legal[Math.floor(input.rng.float() * n)] as TAction;
  };
}

/** What {@link traitReader} answers for a pass action type (not a field name). */
const PASS: unique symbol = Symbol('pass');

/**
 * A policy's view of one game's traits: per action type, `PASS`, its amount field or null
 * (neither), remembered for the last two types asked (a list of bids and a pass), so that a
 * scan of a long list reads one string comparison per action.
 */
function traitReader() {
  let traits: ActionTraitIndex | undefined;
  let typeA: string | undefined;
  let answerA: string | typeof PASS | null = null;
  let typeB: string | undefined;
  let answerB: string | typeof PASS | null = null;
  const reader = {
    onlyAscending: false,
    use(next: ActionTraitIndex): void {
      if (next === traits) return;
      traits = next;
      typeA = typeB = undefined;
      const only =
        next.amountTypes.length === 1 ? next.amountTrait(next.amountTypes[0] as string) : undefined;
      reader.onlyAscending = only?.ascending === true;
    },
    fieldOf(type: string): string | typeof PASS | null {
      if (type === typeA) return answerA;
      if (type === typeB) return answerB;
      const t = traits as ActionTraitIndex;
      const answer = t.passTypes.includes(type) ? PASS : (t.amountTrait(type)?.field ?? null);
      typeB = typeA;
      answerB = answerA;
      typeA = type;
      answerA = answer;
      return answer;
    },
  };
  return reader;
}

/** An action's amount field as a number (NaN when it is not a finite number: never lowest). */
function amountIn(action: ActionBase, field: string): number {
  const value = (action as unknown as Readonly<Record<string, unknown>>)[field];
  return typeof value === 'number' && Number.isFinite(value) ? value : NaN;
}

/** Whether a declared amount is usable (a number below infinity). */
function isAmount(amount: number): boolean {
  return amount < Infinity;
}
