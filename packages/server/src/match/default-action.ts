import { actionTraitsOf } from '@ruleloom/core';

/**
 * The action types a turn timer prefers, in order, when a seat does not act in time and the
 * game is not known: the "do nothing" decision of each shipped game (leave an auction or
 * propose no trade, reject a trade, decline an attack, skip a transfer, end an action). With
 * the game, {@link defaultAction} reads its declared pass and decline traits instead.
 * @public
 */
export const TIMEOUT_ACTION_TYPES = [
  'pass',
  'rejectTrade',
  'declineAttack',
  'skipTransfer',
  'endAction',
] as const;

/**
 * The documented default for a seat that runs out of time. With `game`: the first legal
 * action whose type the game declares as a pass or a decline (see `ActionTraitIndex.timeoutAction`
 * in `@ruleloom/core`), else the first legal action. Without: the first legal action whose
 * `type` is in {@link TIMEOUT_ACTION_TYPES} (earliest type first), else the first legal
 * action. Undefined when there is none.
 * @public
 */
export function defaultAction<TAction extends { readonly type: string }>(
  legalActions: readonly TAction[],
  game?: { readonly actions: object },
): TAction | undefined {
  if (game !== undefined) return actionTraitsOf(game).timeoutAction(legalActions);
  for (const type of TIMEOUT_ACTION_TYPES) {
    const found = legalActions.find((a) => a.type === type);
    if (found !== undefined) return found;
  }
  return legalActions[0];
}
