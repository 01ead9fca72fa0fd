import type { Ctx } from '../context.js';
import { combatantsOf, destroyCard, razeSettlement, settlementAt } from '../rules/board.js';
import { cardInfo } from '../rules/card-info.js';
import { markerSpace } from '../rules/markers.js';
import { rollD3 } from '../rules/roll.js';
import type { MarkerName } from '../state.js';
import { casualtyCandidates, rollCasualty } from './casualty.js';
import { rollBattle } from './roll-battle.js';

/**
 * A Pirate or Indian Raid strike on the settlement under the marker: 1D3 raiders attack it as
 * a battle. When the raiders win, the settlement's combatants other than Fortresses are lost
 * and it gets 1D6 Raze markers; control never changes. When the defender wins, its
 * controller may have to choose a casualty (a decision in the middle of the board phases).
 */
export function resolveRaid(ctx: Ctx, marker: Extract<MarkerName, 'pirate' | 'raid'>): void {
  const state = ctx.state;
  const space = markerSpace(state.markers, marker);
  const settlement = settlementAt(state, ctx, space);
  if (settlement === undefined) return;
  const raiders = rollD3(ctx, ctx.recording ? `raiders:${marker}` : undefined);
  if (ctx.recording) ctx.emit({ type: 'raid', marker, space, raiders });
  const defenders = combatantsOf(ctx, settlement);
  const defender = settlement.controller;
  const raidersWon = rollBattle(ctx, {
    attacker: marker,
    defender,
    space,
    attackers: raiders,
    defenders: defenders.length,
  });
  if (raidersWon) {
    for (const card of defenders)
      if (!cardInfo(ctx, card).indestructible) destroyCard(ctx, settlement, card, 'battle');
    razeSettlement(ctx, settlement, marker);
    return;
  }
  // A casualty is possible only with two combatants or more (see casualtyCandidates).
  if (defender !== null && defenders.length > 1) {
    rollCasualty(ctx, {
      seat: defender,
      target: space,
      candidates: casualtyCandidates(ctx, defenders),
      attacker: null,
      attackerWon: false,
      committed: [],
    });
  }
}
