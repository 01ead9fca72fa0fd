/*
 * Why a control that would play an action is disabled: said from the seat's legal actions (the
 * engine's own list), for any game; the words are the game presenter's.
 */
import { actionTraitsOf, plainText, type ActionBase, type AnyGame } from '@ruleloom/core';
import { describeAction } from './narration.js';
import { presentContext } from './presenters.js';
import { findGame } from './games.js';

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

/** An action in the game presenter's words (`bids $5,000`). */
export function actionWords(game: string | null, action: ActionBase): string {
  return plainText(describeAction(game, presentContext(game), action));
}

/**
 * Why `action` cannot be played now, as a sentence from the legal actions (null when it is
 * legal): none of its kind is legal, or the legal ones of its kind (ordered by their declared
 * amount when the game declares one) and their range: `Not allowed now: bids $5,500. Allowed:
 * bids $5,000 up to bids $20,000 (16 choices).`
 */
export function whyNotLegal(
  game: string | null,
  action: ActionBase,
  legalActions: readonly ActionBase[],
): string | null {
  if (legalActions.some((a) => same(a, action))) return null;
  const lead = `Not allowed now: ${actionWords(game, action)}.`;
  const kind = legalActions.filter((a) => a.type === action.type);
  if (kind.length === 0) return `${lead} Nothing of this kind is allowed now.`;
  const definition: AnyGame | undefined = findGame(game)?.game;
  const traits = definition === undefined ? undefined : actionTraitsOf(definition);
  const amount = (a: ActionBase) => traits?.amountOf(a) ?? 0;
  const sorted =
    traits?.amountTrait(action.type) === undefined
      ? kind
      : [...kind].sort((x, y) => amount(x) - amount(y));
  if (sorted.length === 1) return `${lead} Allowed: ${actionWords(game, sorted[0]!)}.`;
  return `${lead} Allowed: ${actionWords(game, sorted[0]!)} up to ${actionWords(game, sorted[sorted.length - 1]!)} (${String(sorted.length)} choices).`;
}
