import type { ActionBase, Heuristic } from '@ruleloom/core';
import { actionKey } from './action-key.js';
import type { SearchSpace } from './space.js';

/**
 * `action` of `seat` stepped on a copy of `state`: the copy, and the other seat that must act
 * next (the addressee of an offer), or -1 when nobody else does.
 */
export function stepped<S, TAction extends ActionBase>(
  space: SearchSpace<S, TAction>,
  state: S,
  seat: number,
  action: TAction,
  trusted: boolean,
): { readonly next: S; readonly to: number } {
  const next = space.clone(state);
  space.step(next, seat, action, trusted);
  const to = space.toAct(next);
  return { next, to: to === seat ? -1 : to };
}

/**
 * The value of `action` for `seat` one move ahead with the answer modelled: `action` is
 * stepped on a copy of `state`; when another seat must answer next (a trade offer), it
 * answers with the reply its own heuristic scores best (the greedy opponent model); the
 * result is scored with `seat`'s heuristic.
 */
export function replyValue<S, TAction extends ActionBase>(
  space: SearchSpace<S, TAction>,
  state: S,
  seat: number,
  action: TAction,
  heuristic: Heuristic,
  trusted: boolean,
): number {
  const { next, to: other } = stepped(space, state, seat, action, trusted);
  if (other >= 0) {
    const replies = space.legalActions(next, other);
    if (replies.length > 1 && replies.length <= 8) {
      let best = -Infinity;
      let chosen: S | undefined;
      for (const reply of replies) {
        const after = space.clone(next);
        space.step(after, other, reply, true);
        const v = heuristic(space.view(after, other), other);
        if (v > best) {
          best = v;
          chosen = after;
        }
      }
      if (chosen !== undefined) return heuristic(space.view(chosen, seat), seat);
    }
  }
  return heuristic(space.view(next, seat), seat);
}

/**
 * How a seat judges an offer it could make (an action after which another seat must answer,
 * such as a trade proposal): `to` is the seat that answers (-1 when `action` is not an offer:
 * then the values are 0), `accepted` the proposer's value once the offer is taken (the worst
 * for it of the addressee's replies that are not a declared pass or decline), `now` its
 * value before the offer.
 */
export interface OfferJudgement {
  readonly to: number;
  readonly accepted: number;
  readonly now: number;
}

/**
 * Judges `action` as an offer of `seat` on `state` (see {@link OfferJudgement}): the one rule
 * the bots share for offers to other seats, read through `seat`'s heuristic of `seat`'s view
 * only. `state` is the bot's own sample of what it cannot see (a determinization of its view).
 */
export function judgeOffer<S, TAction extends ActionBase>(
  space: SearchSpace<S, TAction>,
  state: S,
  seat: number,
  action: TAction,
  heuristic: Heuristic,
  trusted: boolean,
): OfferJudgement {
  const { next, to } = stepped(space, state, seat, action, trusted);
  if (to < 0) return { to: -1, accepted: 0, now: 0 };
  const now = heuristic(space.view(state, seat), seat);
  const declines = space.traits.timeoutTypes;
  let accepted = Infinity;
  for (const reply of space.legalActions(next, to)) {
    if (declines.includes(reply.type)) continue;
    const after = space.clone(next);
    space.step(after, to, reply, true);
    accepted = Math.min(accepted, heuristic(space.view(after, seat), seat));
  }
  return { to, accepted: accepted === Infinity ? now : accepted, now };
}

/**
 * Whether a seat makes an offer so judged: only one it would accept itself (taken, it gains
 * the proposer value; an offer that loses value, such as a shop sold below what it earns, or
 * that changes nothing, is not worth a question to the addressee).
 */
export function offerWorthMaking(judgement: OfferJudgement): boolean {
  return judgement.to >= 0 && judgement.accepted > judgement.now + 1e-9;
}

/**
 * Candidate generation for a wide action type at the root (the trade phase's listed
 * proposals): every action of a type with more than `max` legal actions is scored with
 * {@link replyValue} on one sampled state, and only the `max` best that gain value for
 * `seat` (worth more than the position now, the answer modelled) stay; other actions all
 * stay. The order of `legal` is kept.
 */
export function wideCandidates<S, TAction extends ActionBase>(
  space: SearchSpace<S, TAction>,
  state: S,
  seat: number,
  legal: readonly TAction[],
  max: number,
  heuristic: Heuristic,
): readonly TAction[] {
  if (max === Infinity || legal.length <= max) return legal;
  const counts = new Map<string, number>();
  for (const action of legal) counts.set(action.type, (counts.get(action.type) ?? 0) + 1);
  let anyWide = false;
  for (const n of counts.values()) if (n > max) anyWide = true;
  if (!anyWide) return legal;
  // Scored on the sample's own list (trusted steps: every action comes from legalActions
  // of this very state), then matched back to the root's actions by key.
  const own = space.legalActions(state, seat);
  const now = heuristic(space.view(state, seat), seat);
  const scored: { key: string; value: number; index: number }[] = [];
  own.forEach((action, index) => {
    if ((counts.get(action.type) ?? 0) <= max) return;
    const value = replyValue(space, state, seat, action, heuristic, true);
    if (value > now + 1e-9) scored.push({ key: actionKey(action), value, index });
  });
  scored.sort((a, b) => b.value - a.value || a.index - b.index);
  const keep = new Set(scored.slice(0, max).map((s) => s.key));
  const out = legal.filter(
    (action) => (counts.get(action.type) as number) <= max || keep.has(actionKey(action)),
  );
  return out.length === 0 ? legal : out;
}

/**
 * The value check of a chosen action whose type the bot plays only when it does not lose
 * value (accepting a trade): its {@link replyValue} averaged over `samples` sampled states
 * must be at least that of every other legal action; otherwise the best other action is
 * returned instead.
 */
export function checkValue<S, TAction extends ActionBase>(
  space: SearchSpace<S, TAction>,
  seat: number,
  chosen: TAction,
  legal: readonly TAction[],
  heuristic: Heuristic,
  samples: number,
): TAction {
  const totals = new Float64Array(legal.length);
  const keys = legal.map(actionKey);
  for (let k = 0; k < samples; k++) {
    const state = space.sample();
    const own = space.legalActions(state, seat);
    for (const action of own) {
      const i = keys.indexOf(actionKey(action));
      if (i >= 0)
        totals[i] = (totals[i] as number) + replyValue(space, state, seat, action, heuristic, true);
    }
  }
  const chosenIndex = keys.indexOf(actionKey(chosen));
  if (chosenIndex < 0) return chosen;
  let bestIndex = chosenIndex;
  for (let i = 0; i < legal.length; i++)
    if ((totals[i] as number) > (totals[bestIndex] as number) + 1e-9) bestIndex = i;
  return legal[bestIndex] as TAction;
}
