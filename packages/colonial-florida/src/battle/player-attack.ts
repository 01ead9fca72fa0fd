import type { Ctx } from '../context.js';
import { beginCombatantMoves } from '../rules/action-flow.js';
import { combatantsOf, destroyCard, findCard, settlementAt } from '../rules/board.js';
import { cardInfo } from '../rules/card-info.js';
import type { SettlementState } from '../state.js';
import { casualtyCandidates, rollCasualty } from './casualty.js';
import { rollBattle } from './roll-battle.js';
import { beginTransfer } from './transfer.js';

/**
 * A player's attack on the settlement at `target` with the committed combatants, resolved in
 * the rules' order: dice; the loser's losses; conquest when the attacker won; the winner's
 * casualty roll and choice; the attacker's optional transfer.
 */
export function resolvePlayerAttack(
  ctx: Ctx,
  seat: number,
  target: number,
  commit: readonly string[],
): void {
  const state = ctx.state;
  const settlement = settlementAt(state, ctx, target) as SettlementState;
  const defender = settlement.controller;
  const defenders = combatantsOf(ctx, settlement);
  const attackerWon = rollBattle(ctx, {
    attacker: seat,
    defender,
    space: target,
    attackers: commit.length,
    defenders: defenders.length,
  });
  if (!attackerWon) {
    for (const card of commit) {
      const at = findCard(state, card);
      if (at >= 0) destroyCard(ctx, state.settlements[at] as SettlementState, card, 'battle');
    }
    const pending =
      defender !== null &&
      rollCasualty(ctx, {
        seat: defender,
        target,
        candidates: casualtyCandidates(ctx, defenders),
        attacker: seat,
        attackerWon: false,
        committed: [],
      });
    if (!pending) beginCombatantMoves(ctx, seat);
    return;
  }
  for (const card of defenders)
    if (!cardInfo(ctx, card).indestructible) destroyCard(ctx, settlement, card, 'battle');
  settlement.controller = seat;
  (state.players[seat] as { markersLeft: number }).markersLeft -= 1;
  if (defender !== null) (state.players[defender] as { markersLeft: number }).markersLeft += 1;
  ctx.emit({
    type: 'conquered',
    space: target,
    seat,
    from: defender,
    cards: [...settlement.cards],
  });
  const committed = [...commit];
  const pending = rollCasualty(ctx, {
    seat,
    target,
    candidates: casualtyCandidates(ctx, committed),
    attacker: seat,
    attackerWon: true,
    committed,
  });
  if (!pending) beginTransfer(ctx, seat, target, committed);
}
