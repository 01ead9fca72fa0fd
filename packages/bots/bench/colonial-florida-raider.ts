/**
 * The raider, a second Colonial Florida reference opponent for the strength benchmark: it
 * plays for conquest and denial rather than development (the builder's style).
 */
import { COLONIAL_FLORIDA_CARDS } from '@ruleloom/colonial-florida';
import { policyBot, type ActionPolicy, type Bot } from '../src/index.js';
import { landingPolicy, type FloridaView } from './colonial-florida-opponents.js';

/** Card ids (without the `#n` instance suffix) that may be committed to an attack. */
const ATTACKERS: ReadonlySet<string> = new Set(
  COLONIAL_FLORIDA_CARDS.filter((c) => c.traits.type === 'combatant' && c.traits.canAttack).map(
    (c) => c.id,
  ),
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
 * The raider's policy: lands where {@link raiderLandingScore} is highest (see
 * `landingPolicy` for the rest of its choices).
 */
export const raiderPolicy: ActionPolicy = landingPolicy(raiderLandingScore);

/** The raider as a bot (see {@link raiderPolicy}). */
export function raiderBot(): Bot {
  return policyBot('raider', raiderPolicy);
}
