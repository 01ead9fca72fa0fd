import type { Ctx, Rules } from '../context.js';
import type { MapLayout } from '../map/map.js';
import type { ColonialFloridaState, SettlementState } from '../state.js';
import { layoutOf, noCardOnBoard } from './board.js';
import { cardInfo } from './card-info.js';

/** One possible movable-combatant step. */
export interface CombatantMove {
  readonly card: string;
  readonly from: number;
  readonly to: number;
}

/**
 * Every step a seat's movable combatants may take now: an M card on a settlement the seat
 * controls, not moved yet this action, to an adjacent settlement the seat controls.
 * With `firstOnly`, stops at the first one found.
 */
export function listCombatantMoves(
  state: ColonialFloridaState,
  rules: Rules,
  seat: number,
  moved: readonly string[],
  firstOnly = false,
): CombatantMove[] {
  const out: CombatantMove[] = [];
  if (noCardOnBoard(state, rules)) return out;
  const { neighbours } = layoutOf(rules);
  const settlements = state.settlements;
  for (let i = 0; i < settlements.length; i++) {
    const s = settlements[i] as SettlementState;
    if (s.controller !== seat || s.cards.length === 0) continue;
    const targets = (neighbours[i] ?? []).filter((n) => settlements[n]?.controller === seat);
    if (targets.length === 0) continue;
    for (const card of s.cards) {
      if (!cardInfo(rules, card).movable || moved.includes(card)) continue;
      for (const n of targets) {
        out.push({ card, from: s.space, to: (settlements[n] as SettlementState).space });
        if (firstOnly) return out;
      }
    }
  }
  return out;
}

/**
 * How many steps {@link listCombatantMoves} would list (with `firstOnly`, 0 or 1), counted
 * without building the list: the forced-decision check and the end of every action ask it
 * (with no card on the board, which is most of the time, at once).
 */
export function countCombatantMoves(
  state: ColonialFloridaState,
  rules: Rules,
  seat: number,
  moved: readonly string[],
  firstOnly = false,
): number {
  if (noCardOnBoard(state, rules)) return 0;
  let count = 0;
  let neighbours: MapLayout['neighbours'] | undefined;
  const settlements = state.settlements;
  for (let i = 0; i < settlements.length; i++) {
    const s = settlements[i] as SettlementState;
    // Most settlements have no card: looked at first, the map only when one has.
    if (s.cards.length === 0 || s.controller !== seat) continue;
    neighbours ??= layoutOf(rules).neighbours;
    const around = neighbours[i];
    if (around === undefined) continue;
    let targets = 0;
    for (let k = 0; k < around.length; k++)
      if (settlements[around[k] as number]?.controller === seat) targets++;
    if (targets === 0) continue;
    const cards = s.cards;
    for (let c = 0; c < cards.length; c++) {
      const card = cards[c] as string;
      if (!cardInfo(rules, card).movable || moved.includes(card)) continue;
      if (firstOnly) return 1;
      count += targets;
    }
  }
  return count;
}

/** Ends the acting player's action. */
export function finishAction(ctx: Ctx, seat: number): void {
  ctx.state.pending = null;
  if (ctx.recording) ctx.emit({ type: 'actionEnded', seat });
}

/** No card moved yet (shared: the check allocates nothing). */
const NONE_MOVED: readonly string[] = Object.freeze([]);

/**
 * Moves to the last part of an action: movable-combatant moves, or the end of the action
 * at once when no move is possible (a decision with one answer is never asked). `moved`
 * (the cards that already moved this action, none when omitted) is kept in the pending
 * decision; a list is allocated only then.
 */
export function beginCombatantMoves(ctx: Ctx, seat: number, moved?: string[]): void {
  if (countCombatantMoves(ctx.state, ctx, seat, moved ?? NONE_MOVED, true) === 0) {
    finishAction(ctx, seat);
    return;
  }
  ctx.state.pending = { type: 'moveCombatant', seat, moved: moved ?? [] };
}
