/*
 * Why a control that would play an action is disabled: said from the seat's legal actions (the
 * engine's own list), for any game; the words are the game presenter's.
 */
import {
  actionTraitsOf,
  plainText,
  type ActionBase,
  type AnyGame,
  type GamePresenter,
  type PresentContext,
} from '@ruleloom/core';
import { describeLoggedAction } from './narration.js';

/** Whether two actions are the same (their fields, in any order). */
function same(a: ActionBase, b: ActionBase): boolean {
  const ka = Object.keys(a);
  const rb = b as unknown as Record<string, unknown>;
  const ra = a as unknown as Record<string, unknown>;
  return (
    ka.length === Object.keys(b).length &&
    ka.every((k) => JSON.stringify(ra[k]) === JSON.stringify(rb[k]))
  );
}

/**
 * What {@link whyNotLegal} words actions with: the presenter and present context (the words),
 * and the game (its declared amounts order the legal ones).
 * @public
 */
export interface NotLegalWords {
  /** The game's presenter (undefined: generic labels). */
  readonly presenter: GamePresenter | undefined;
  /** The match's present context; null: generic labels. */
  readonly context: PresentContext | null;
  /** The game, whose declared amount trait orders the legal actions of a kind (optional). */
  readonly game?: AnyGame | undefined;
}

/**
 * Why `action` cannot be played now, as a sentence from the legal actions, for a disabled
 * control's `title` (null when it is legal): none of its kind is legal, or the legal ones of
 * its kind (ordered by their declared amount when the game declares one) and their range, in
 * the presenter's words, such as
 * `Not allowed now: bids $5,500. Allowed: bids $5,000 up to bids $20,000 (16 choices).`
 * @param action - the action the control would play
 * @param legalActions - the seat's legal actions now
 * @param words - the presenter, present context and game that word the actions
 * @public
 */
export function whyNotLegal(
  action: ActionBase,
  legalActions: readonly ActionBase[],
  { presenter, context, game }: NotLegalWords,
): string | null {
  if (legalActions.some((a) => same(a, action))) return null;
  const say = (a: ActionBase) => plainText(describeLoggedAction(presenter, context, a));
  const lead = `Not allowed now: ${say(action)}.`;
  const kind = legalActions.filter((a) => a.type === action.type);
  if (kind.length === 0) return `${lead} Nothing of this kind is allowed now.`;
  const traits = game === undefined ? undefined : actionTraitsOf(game);
  const amount = (a: ActionBase) => traits?.amountOf(a) ?? 0;
  const sorted =
    traits?.amountTrait(action.type) === undefined
      ? kind
      : [...kind].sort((x, y) => amount(x) - amount(y));
  if (sorted.length === 1) return `${lead} Allowed: ${say(sorted[0]!)}.`;
  return `${lead} Allowed: ${say(sorted[0]!)} up to ${say(sorted[sorted.length - 1]!)} (${String(sorted.length)} choices).`;
}
