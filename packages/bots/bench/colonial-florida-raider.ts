/**
 * The raider, a second Colonial Florida reference opponent for the strength benchmark: it
 * plays for conquest and denial rather than development (the builder's style).
 */
import type { ActionBase } from '@ruleloom/core';
import {
  COLONIAL_FLORIDA_CARDS,
  FLORIDA_MAP,
  stepAround,
  type ColonialFloridaState,
} from '@ruleloom/colonial-florida';
import { policyBot, type ActionPolicy, type Bot } from '../src/index.js';

type FloridaView = Pick<ColonialFloridaState, 'players' | 'settlements' | 'pending'>;

const RING = FLORIDA_MAP.spaces.length;

/** Card ids (without the `#n` instance suffix) that may be committed to an attack. */
const ATTACKERS: ReadonlySet<string> = new Set(
  COLONIAL_FLORIDA_CARDS.filter(
    (c) => c.effect.type === 'combatant' && c.effect.params.canAttack,
  ).map((c) => c.id),
);

/** Combatants `seat` could commit against the settlement at index `i` (on its neighbours). */
export function attackersAgainst(view: FloridaView, seat: number, i: number): number {
  const n = view.settlements.length;
  let count = 0;
  for (const j of [(i + n - 1) % n, (i + 1) % n]) {
    const s = view.settlements[j];
    if (s?.controller !== seat) continue;
    for (const card of s.cards) if (ATTACKERS.has(card.split('#')[0] ?? '')) count++;
  }
  return count;
}

/**
 * How much the raider likes landing on `space`: an opponent's settlement it can attack
 * (the more combatants it may commit, the better), then an unclaimed settlement (it founds
 * it), then an opponent's unrazed settlement (its pawn there blocks that income), then its
 * own razed one, then its own, anything else last.
 */
export function raiderLandingScore(view: FloridaView, seat: number, space: number): number {
  const i = view.settlements.findIndex((x) => x.space === space);
  const s = view.settlements[i];
  if (s === undefined) return 0;
  const markers = view.players[seat]?.markersLeft ?? 0;
  if (s.controller === null) return markers > 0 ? 40 : 0;
  if (s.controller !== seat) {
    const attackers = markers > 0 ? attackersAgainst(view, seat, i) : 0;
    if (attackers > 0) return 50 + attackers;
    return s.raze === 0 ? 30 + s.cards.length : 5;
  }
  return s.raze > 0 ? 20 : 10;
}

/**
 * The raider's policy: lands where {@link raiderLandingScore} is highest; attacks with every
 * combatant it may commit and never declines; moves a surviving combatant onto a conquered
 * settlement; moves no combatant otherwise. A casualty is its first candidate.
 */
export const raiderPolicy: ActionPolicy = (input) => {
  const { legalActions, seat } = input;
  const first = legalActions[0] as ActionBase;
  if (legalActions.length === 1) return first;
  switch (first.type) {
    case 'move': {
      const view = input.view() as unknown as FloridaView;
      const pending = view.pending;
      const pawn = view.players[seat]?.pawn ?? 1;
      if (pending?.type !== 'move') return first;
      let best = first;
      let bestScore = -1;
      for (const a of legalActions) {
        const die = (a as unknown as { die: 0 | 1 }).die;
        const score = raiderLandingScore(view, seat, stepAround(pawn, pending.dice[die], RING));
        if (score > bestScore) {
          best = a;
          bestScore = score;
        }
      }
      return best;
    }
    case 'attack':
    case 'declineAttack': {
      let best: ActionBase | undefined;
      let most = 0;
      for (const a of legalActions) {
        const commit = (a as unknown as { commit?: readonly string[] }).commit;
        if (a.type === 'attack' && commit !== undefined && commit.length > most) {
          best = a;
          most = commit.length;
        }
      }
      return best ?? first;
    }
    case 'transfer':
    case 'skipTransfer':
      return legalActions.find((a) => a.type === 'transfer') ?? first;
    case 'moveCombatant':
    case 'endAction':
      return legalActions.find((a) => a.type === 'endAction') ?? first;
    default:
      return first;
  }
};

/** The raider as a bot (see {@link raiderPolicy}). */
export function raiderBot(): Bot {
  return policyBot('raider', raiderPolicy);
}
