import {
  GAME_OVER_PHASE,
  type CardDefinition,
  type CardTable,
  type GameView,
  type Heuristic,
} from '@ruleloom/core';
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

/** The street and type of each shop card id of a card table. */
type ShopTable = ReadonlyMap<string, ShopKey>;

/** The shops of a card table (a card is read defensively: only a kind, street and type). */
function shopTableOf(cards: readonly CardDefinition[]): ShopTable {
  const shops = new Map<string, ShopKey>();
  for (const card of cards) {
    const { kind, street, shopType } = card as {
      kind?: unknown;
      street?: unknown;
      shopType?: unknown;
    };
    if (kind === 'shop' && typeof street === 'string' && typeof shopType === 'string')
      shops.set(card.id, { street, shopType });
  }
  return shops;
}

/** The base game's shops. */
const BASE_SHOPS: ShopTable = shopTableOf(stAugustineCards);

/** Street and type of a shop id: from the card table, else from the `<type>-<street>` id pattern. */
function shopKey(id: string, table: ShopTable): ShopKey | undefined {
  const known = table.get(id);
  if (known !== undefined) return known;
  const at = id.lastIndexOf('-');
  return at > 0 ? { shopType: id.slice(0, at), street: id.slice(at + 1) } : undefined;
}

function counts(
  shops: readonly string[],
  key: keyof ShopKey,
  table: ShopTable,
): Map<string, number> {
  const out = new Map<string, number>();
  for (const id of shops) {
    const k = shopKey(id, table)?.[key];
    if (k !== undefined) out.set(k, (out.get(k) ?? 0) + 1);
  }
  return out;
}

/** The income params of the rules' own phase table (what the heuristic expects by default). */
const RULES_INCOME: IncomeParams = incomeParams(stAugustinePhases);

/**
 * What a player would earn on one of their own turns with the shops everyone holds now:
 * revenue, street bonuses and monopolies, computed with the same formulas the income
 * effects pay with and the params of the phase table (the rules' own by default). `cards` is
 * the match's card table (a variant's added shops count on their own street and type); the
 * base game's cards by default.
 * @public
 */
export function incomePerTurn(
  players: readonly StAugustinePlayerView[],
  seat: number,
  params: IncomeParams = RULES_INCOME,
  cards?: CardTable,
): number {
  return income(
    players,
    seat,
    params,
    cards === undefined ? BASE_SHOPS : shopTableOf(cards.definitions),
  );
}

function income(
  players: readonly StAugustinePlayerView[],
  seat: number,
  params: IncomeParams,
  table: ShopTable,
): number {
  const me = players[seat];
  if (me === undefined) return 0;
  let total = revenueFor(me.shops.length, params.revenue);
  const others = players.filter((_, i) => i !== seat).map((p) => counts(p.shops, 'street', table));
  for (const [street, n] of counts(me.shops, 'street', table)) {
    const best = Math.max(0, ...others.map((c) => c.get(street) ?? 0));
    total += streetBonusFor(n, best, params.streetBonus);
  }
  for (const n of counts(me.shops, 'shopType', table).values())
    total += monopolyFor(n, params.monopoly);
  return total;
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
  return (gameView, seat) => evaluate(gameView, seat, params, BASE_SHOPS);
}

/**
 * The heuristic for the rules of one match (a kit's heuristic factory): the income params of
 * the match's game (`rules.game`, when the rules are an engine; the base rules' otherwise) and
 * the match's card table, so a variant's added or replaced shops are valued on their own
 * street and type. {@link stAugustineHeuristic} is this factory applied to the default rules.
 * @public
 */
export function createStAugustineHeuristic(rules: {
  readonly cards: CardTable;
  readonly game?: { readonly phases: readonly { readonly steps?: readonly unknown[] }[] };
}): Heuristic {
  const params = rules.game === undefined ? RULES_INCOME : incomeParams(rules.game.phases);
  const table = shopTableOf(rules.cards.definitions);
  return (gameView, seat) => evaluate(gameView, seat, params, table);
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
  evaluate(gameView, seat, RULES_INCOME, BASE_SHOPS);

function evaluate(
  gameView: GameView,
  seat: number,
  params: IncomeParams,
  table: ShopTable,
): number {
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
      ownTurnsLeft * income(players, i, params, table);
    total += worth;
    if (i === seat) mine = worth;
  }
  if (total <= 0) return 1 / n;
  return Math.min(1, Math.max(0, mine / total));
}
