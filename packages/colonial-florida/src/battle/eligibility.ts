import type { Rules } from '../context.js';
import { layoutOf } from '../rules/board.js';
import { cardInfo } from '../rules/card-info.js';
import type { ColonialFloridaState, SettlementState } from '../state.js';

/**
 * The combatants a seat may commit against the settlement with index `target`: every C or M
 * card except Fortresses on the adjacent settlements the seat controls (left neighbour first).
 */
export function attackCandidates(
  state: ColonialFloridaState,
  rules: Rules,
  seat: number,
  target: number,
): string[] {
  const out: string[] = [];
  for (const n of layoutOf(rules).neighbours[target] ?? []) {
    const s = state.settlements[n] as SettlementState;
    if (s.controller !== seat) continue;
    for (const card of s.cards) {
      const info = cardInfo(rules, card);
      if (info.combatant && info.canAttack) out.push(card);
    }
  }
  return out;
}
