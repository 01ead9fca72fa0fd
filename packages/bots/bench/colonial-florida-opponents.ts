/**
 * Colonial Florida reference opponents for the strength benchmark: rule-based bots of a
 * different style than the search bots (game-specific, so they live here).
 */
import type { ActionBase } from '@ruleloom/core';
import { FLORIDA_MAP, stepAround, type ColonialFloridaState } from '@ruleloom/colonial-florida';
import { policyBot, type ActionPolicy, type Bot } from '../src/index.js';

/** What the reference opponents read of a Colonial Florida view. */
export type FloridaView = Pick<ColonialFloridaState, 'players' | 'settlements' | 'pending'>;

/** How much a rule-based opponent likes landing on `space` (higher is better). */
export type LandingScore = (view: FloridaView, seat: number, space: number) => number;

/** Ring size of the default map (the view does not carry the map). */
const RING = FLORIDA_MAP.spaces.length;

/**
 * How much the builder likes landing on `space`: an unclaimed settlement first (it founds
 * it), then its own razed one (it repairs it), its own (it draws an Enhancement), an
 * opponent's (it attacks), anything else last.
 */
function landingScore(view: FloridaView, seat: number, space: number): number {
  const s = view.settlements.find((x) => x.space === space);
  if (s === undefined) return 0;
  if (s.controller === null) return (view.players[seat]?.markersLeft ?? 0) > 0 ? 4 : 0;
  if (s.controller === seat) return s.raze > 0 ? 3 : 2;
  return 1;
}

function pick(legal: readonly ActionBase[], type: string): ActionBase | undefined {
  return legal.find((a) => a.type === type);
}

/**
 * A rule-based Colonial Florida policy around a landing preference: lands where `score` is
 * highest; attacks with everything it may commit and never declines; moves a combatant onto
 * a conquered settlement; ends optional combatant moves at once. A casualty is its first
 * candidate.
 */
export function landingPolicy(score: LandingScore): ActionPolicy {
  return (input) => {
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
          const s = score(view, seat, stepAround(pawn, pending.dice[die], RING));
          if (s > bestScore) {
            best = a;
            bestScore = s;
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
        return pick(legalActions, 'transfer') ?? first;
      case 'moveCombatant':
      case 'endAction':
        return pick(legalActions, 'endAction') ?? first;
      default:
        return first;
    }
  };
}

/**
 * The builder's policy: moves onto unclaimed settlements first, then repairs and develops its
 * own, then attacks (see {@link landingPolicy} for the rest of its choices).
 */
export const builderPolicy: ActionPolicy = landingPolicy(landingScore);

/** The builder as a bot (see {@link builderPolicy}). */
export function builderBot(): Bot {
  return policyBot('builder', builderPolicy);
}
