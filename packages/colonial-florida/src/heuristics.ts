import { GAME_OVER_PHASE, type GameView, type Heuristic } from '@ruleloom/core';
import { COLONIAL_FLORIDA_CARDS } from './cards/cards.js';
import { describeCard, type CardInfo } from './rules/card-info.js';

const INFO: ReadonlyMap<string, CardInfo> = new Map(
  COLONIAL_FLORIDA_CARDS.map((card) => [card.id, describeCard(card)]),
);

interface ViewPlayer {
  readonly gold?: unknown;
}
interface ViewSettlement {
  readonly controller?: unknown;
  readonly raze?: unknown;
  readonly cards?: unknown;
}

/** Expected Gold per turn of a settlement seen in a view (unknown cards count as one income card). */
function expectedIncome(settlement: ViewSettlement): number {
  const cards = Array.isArray(settlement.cards) ? (settlement.cards as unknown[]) : [];
  let count = 0;
  let penalty = 0;
  let combat = 0;
  for (const id of cards) {
    const info = typeof id === 'string' ? INFO.get(id.split('#')[0] ?? '') : undefined;
    if (info === undefined) count += 1;
    else {
      count += info.income;
      penalty += info.penalty;
      if (info.combatant) combat += 1;
    }
  }
  const razed = typeof settlement.raze === 'number' && settlement.raze > 0 ? 0.5 : 1;
  return Math.max(0, 1 + count * 1.2 - penalty) * razed + combat * 0.3;
}

/**
 * A heuristic evaluation for bots: each player's Gold plus a few turns of expected income,
 * relative to the others and to `goldToWin`, as a number in [0, 1]. A finished game scores
 * 1 for a winner (shared between tied winners) and 0 for the others.
 * @public
 */
export const colonialFloridaHeuristic: Heuristic = (view: GameView, seat: number): number => {
  const players = Array.isArray(view.players) ? (view.players as ViewPlayer[]) : [];
  if (players.length === 0 || seat < 0 || seat >= players.length) return 0;
  const gold = players.map((p) => (typeof p.gold === 'number' ? p.gold : 0));
  if (view.phase === GAME_OVER_PHASE) {
    const best = Math.max(...gold);
    const winners = gold.filter((g) => g === best).length;
    return gold[seat] === best ? 1 / winners : 0;
  }
  const goal = typeof view.goldToWin === 'number' && view.goldToWin > 0 ? view.goldToWin : 50;
  const income = gold.map(() => 0);
  for (const s of Array.isArray(view.settlements) ? (view.settlements as ViewSettlement[]) : []) {
    if (typeof s.controller === 'number' && s.controller >= 0 && s.controller < income.length) {
      income[s.controller] = (income[s.controller] as number) + expectedIncome(s);
    }
  }
  const strength = gold.map((g, i) => {
    const progress = Math.min(1, (g + 4 * (income[i] as number)) / goal);
    return 0.05 + progress * progress;
  });
  const total = strength.reduce((a, b) => a + b, 0);
  return (strength[seat] as number) / total;
};
