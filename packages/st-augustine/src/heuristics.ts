import { GAME_OVER_PHASE, type GameView, type Heuristic } from '@ruleloom/core';
import { stAugustineCards } from './cards/cards.js';
import { stAugustinePhases } from './phases/phases.js';
import {
  incomeParams,
  monopolyFor,
  revenueFor,
  streetBonusFor,
  type IncomeParams,
} from './rules/formulas.js';
import { readStAugustineView, type StAugustinePlayerView } from './view.js';

interface ShopKey {
  readonly street: string;
  readonly shopType: string;
}

const SHOPS = new Map<string, ShopKey>();
for (const card of stAugustineCards) if (card.kind === 'shop') SHOPS.set(card.id, card);

/** Street and type of a shop id: from the card table, else from the `<type>-<street>` id pattern. */
function shopKey(id: string): ShopKey | undefined {
  const known = SHOPS.get(id);
  if (known !== undefined) return known;
  const at = id.lastIndexOf('-');
  return at > 0 ? { shopType: id.slice(0, at), street: id.slice(at + 1) } : undefined;
}

function counts(shops: readonly string[], key: keyof ShopKey): Map<string, number> {
  const out = new Map<string, number>();
  for (const id of shops) {
    const k = shopKey(id)?.[key];
    if (k !== undefined) out.set(k, (out.get(k) ?? 0) + 1);
  }
  return out;
}

/** The income params of the rules' own phase table (what the heuristic expects by default). */
const RULES_INCOME: IncomeParams = incomeParams(stAugustinePhases);

/**
 * What a player would earn on one of their own turns with the shops everyone holds now:
 * revenue, street bonuses and monopolies, computed with the same formulas the income
 * effects pay with and the params of the phase table (the rules' own by default).
 * @public
 */
export function incomePerTurn(
  players: readonly StAugustinePlayerView[],
  seat: number,
  params: IncomeParams = RULES_INCOME,
): number {
  const me = players[seat];
  if (me === undefined) return 0;
  let income = revenueFor(me.shops.length, params.revenue);
  const others = players.filter((_, i) => i !== seat).map((p) => counts(p.shops, 'street'));
  for (const [street, n] of counts(me.shops, 'street')) {
    const best = Math.max(0, ...others.map((c) => c.get(street) ?? 0));
    income += streetBonusFor(n, best, params.streetBonus);
  }
  for (const n of counts(me.shops, 'shopType').values()) income += monopolyFor(n, params.monopoly);
  return income;
}

/**
 * The heuristic evaluation of a game or variant ({@link stAugustineHeuristic} for the rules'
 * own): the income it expects is what that definition's income phases pay
 * ({@link incomeParams} of its `phases`), so a variant that changes their params is
 * evaluated with its own numbers.
 * @public
 */
export function stAugustineHeuristicFor(game: {
  readonly phases: readonly { readonly steps?: readonly unknown[] }[];
}): Heuristic {
  const params = incomeParams(game.phases);
  return (gameView, seat) => evaluate(gameView, seat, params);
}

/**
 * A heuristic evaluation for bots: each player's worth is their money plus the income their
 * shops would bring over their remaining turns; the result is `seat`'s share of the total
 * worth (1 / players when everybody is equal), a number in [0, 1]. Once the game is over
 * it is 1 for a winner and 0 otherwise. Expects the rules' own income phases; for a variant
 * use {@link stAugustineHeuristicFor}.
 * @public
 */
export const stAugustineHeuristic: Heuristic = (gameView, seat) =>
  evaluate(gameView, seat, RULES_INCOME);

function evaluate(gameView: GameView, seat: number, params: IncomeParams): number {
  const view = readStAugustineView(gameView);
  const players = view.players;
  const n = players.length;
  if (n === 0 || seat < 0 || seat >= n) return 0;
  if (view.phase === GAME_OVER_PHASE) {
    const best = Math.max(...players.map((p) => p.money));
    return (players[seat] as StAugustinePlayerView).money === best ? 1 : 0;
  }
  const ownTurnsLeft = Math.max(0, view.lastTurn - view.turn) / n;
  let total = 0;
  let mine = 0;
  for (let i = 0; i < n; i++) {
    const worth =
      (players[i] as StAugustinePlayerView).money +
      ownTurnsLeft * incomePerTurn(players, i, params);
    total += worth;
    if (i === seat) mine = worth;
  }
  if (total <= 0) return 1 / n;
  return Math.min(1, Math.max(0, mine / total));
}
