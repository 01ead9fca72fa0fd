import type { ActionBase, GameView, Heuristic } from '@ruleloom/core';
import { judgeOffer, offerWorthMaking, stepped } from './candidates.js';
import type { SearchSpace } from './space.js';

/** The list at a dotted `path` in the view, or undefined when there is none. */
export function countsAt(view: GameView, path: string): readonly unknown[] | undefined {
  let at: unknown = view;
  for (const key of path.split('.')) {
    if (at === null || typeof at !== 'object' || !Object.hasOwn(at, key)) return undefined;
    at = (at as Readonly<Record<string, unknown>>)[key];
  }
  return Array.isArray(at) ? (at as readonly unknown[]) : undefined;
}

/** Whether an action's type declares a `seat` field (it may address another seat). */
function hasSeatField(fields: Readonly<Record<string, unknown>> | undefined): boolean {
  if (fields === undefined) return false;
  return Object.values(fields).some(
    (spec) =>
      spec === 'seat' ||
      (typeof spec === 'object' && spec !== null && (spec as { kind?: unknown }).kind === 'seat'),
  );
}

/**
 * The offers among `legal` that a bot will not make (1 at their index), the one rule every bot
 * of the catalog shares for offers to other seats: an offer is an action whose type declares a
 * `seat` field and after which another seat must answer (judged by `judgeOffer` on `sample`,
 * the bot's own determinization of its view). Barred: an offer the bot would refuse itself
 * (with a heuristic: taken, it gains the proposer no value), and, when `received` (the view's
 * per-seat count of offers received this phase) is given, any offer to a seat that already
 * received one, whoever made it.
 */
export function barredOffers<S, TAction extends ActionBase>(
  space: SearchSpace<S, TAction>,
  sample: S,
  seat: number,
  legal: readonly TAction[],
  heuristic: Heuristic | undefined,
  received: readonly unknown[] | undefined,
): Uint8Array {
  const barred = new Uint8Array(legal.length);
  for (let i = 0; i < legal.length; i++) {
    const action = legal[i] as TAction;
    if (!hasSeatField(space.traits.fieldsOf(action.type))) continue;
    const judged =
      heuristic === undefined
        ? { to: stepped(space, sample, seat, action, false).to, accepted: 1, now: 0 }
        : judgeOffer(space, sample, seat, action, heuristic, false);
    if (judged.to < 0) continue; // nobody else answers it: not an offer
    const had = received?.[judged.to];
    if (!offerWorthMaking(judged) || (typeof had === 'number' && had >= 1)) barred[i] = 1;
  }
  return barred;
}
