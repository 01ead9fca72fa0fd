import { rejection, type CardTable, type Rejection, describeValue } from '@ruleloom/core';
import type { ProposeTradeAction } from '../actions/actions.js';
import type { StAugustineRules } from '../context.js';
import { formatMoney, MONEY_UNIT } from '../money.js';
import type { PlayerState, StAugustineState, TradeOffer } from '../state.js';
import { ListMemo } from './list-memo.js';

/**
 * The prices `legalActions` offers in the listed "one shop for a price" proposals. Any
 * other valid price is accepted by `apply`; the list only bounds what is enumerated.
 * @public
 */
export const PROPOSAL_PRICES: readonly number[] = [1000, 5000, 10000];

function checkOffer(
  offer: TradeOffer,
  owner: PlayerState,
  who: string,
  side: 'give' | 'receive',
  rules: StAugustineRules,
): Rejection | undefined {
  if (!Number.isInteger(offer.money) || offer.money < 0) {
    return rejection(
      'invalid_amount',
      `${side}.money must be a whole number of dollars of at least 0, got ${describeValue(offer.money)}`,
    );
  }
  if (offer.money % MONEY_UNIT !== 0) {
    return rejection(
      'amount_not_multiple',
      `${side}.money ${formatMoney(offer.money)} is not a multiple of ${formatMoney(MONEY_UNIT)}`,
    );
  }
  if (offer.money > owner.money) {
    return rejection(
      'insufficient_funds',
      `${who} cannot give ${formatMoney(offer.money)}: ${who === 'you' ? 'you have' : 'they have'} only ${formatMoney(owner.money)}`,
    );
  }
  const seen = new Set<string>();
  for (const id of offer.shops) {
    if (seen.has(id)) return rejection('duplicate_shop', `${side}.shops lists '${id}' twice`);
    seen.add(id);
    if (!rules.cards.byInstance.has(id))
      return rejection('unknown_card', `'${id}' is not a card of this game`);
    if (!owner.shops.includes(id))
      return rejection('not_owned', `${who} ${who === 'you' ? 'do' : 'does'} not own '${id}'`);
  }
  return undefined;
}

/** Why a proposal is not allowed now, or undefined when it is. */
export function checkProposal(
  state: StAugustineState,
  seat: number,
  action: ProposeTradeAction,
  rules: StAugustineRules,
): Rejection | undefined {
  const round = state.tradeRound;
  if (round === null)
    return rejection('not_trade_phase', 'trades can only be proposed in the trade phase');
  if (state.trade !== null)
    return rejection('trade_pending', 'a trade proposal is waiting for an answer');
  const max = rules.options.maxProposalsPerPlayer;
  if ((round.proposals[seat] ?? 0) >= max) {
    return rejection(
      'proposal_limit_reached',
      `you have made your ${String(max)} proposals in this trade phase: you can only pass`,
    );
  }
  const to = action.to;
  if (!Number.isInteger(to) || to < 0 || to >= rules.players) {
    return rejection(
      'unknown_player',
      `'to' must be a seat from 0 to ${String(rules.players - 1)}, got ${describeValue(to)}`,
    );
  }
  if (to === seat)
    return rejection('cannot_trade_with_self', 'a trade must be proposed to another player');
  if (
    action.give.money === 0 &&
    action.give.shops.length === 0 &&
    action.receive.money === 0 &&
    action.receive.shops.length === 0
  ) {
    return rejection(
      'empty_trade',
      'a trade must exchange something: give or receive money or shops',
    );
  }
  const me = state.players[seat] as PlayerState;
  const them = state.players[to] as PlayerState;
  return (
    checkOffer(action.give, me, 'you', 'give', rules) ??
    checkOffer(action.receive, them, `seat ${String(to)}`, 'receive', rules)
  );
}

/** Whether `seat` may propose now (it is their call and they have proposals left). */
export function canPropose(state: StAugustineState, seat: number, max: number): boolean {
  const round = state.tradeRound;
  return (
    round !== null &&
    state.trade === null &&
    round.speaker === seat &&
    (round.proposals[seat] ?? 0) < max
  );
}

function countPrices(money: number): number {
  let n = 0;
  for (const price of PROPOSAL_PRICES) if (price <= money) n++;
  return n;
}

/**
 * The listed proposals as shared immutable values: one frozen action per (addressee, shop,
 * price) or (addressee, shop, shop), made on first use and kept, so that listing hundreds of
 * proposals allocates only the list (the trade phase's decisions were mostly garbage
 * collection). Numbered by the card's place in the match's card table.
 */
interface ProposalTable {
  readonly numberOf: Readonly<Record<string, number | undefined>>;
  readonly cards: number;
  /** Each seat's shop list as card numbers, once per distinct list (lists are replaced). */
  readonly numbers: ListMemo<Int32Array>;
  /**
   * By addressee, then (shop number, price number): a packed row per addressee, every slot
   * present (made whole on first use, so that reading it stays a packed-array read).
   */
  readonly sells: (ProposeTradeAction | undefined)[][];
  readonly buys: (ProposeTradeAction | undefined)[][];
  /** By addressee, then (your shop, their shop) number: a packed row per addressee, likewise. */
  readonly swaps: (ProposeTradeAction | undefined)[][];
}

/** A packed row of `size` empty slots (`new Array(size)` would leave holes). */
function emptyRow(size: number): (ProposeTradeAction | undefined)[] {
  const row: (ProposeTradeAction | undefined)[] = [];
  for (let i = 0; i < size; i++) row.push(undefined);
  return row;
}

const tables = new WeakMap<CardTable, ProposalTable>();
let lastCards: CardTable | undefined;
let lastTable: ProposalTable | undefined;

function proposalTable(cards: CardTable): ProposalTable {
  if (cards === lastCards && lastTable !== undefined) return lastTable;
  let table = tables.get(cards);
  if (table === undefined) {
    const numberOf = Object.create(null) as Record<string, number>;
    cards.instanceIds.forEach((id, i) => (numberOf[id] = i));
    const numbers = new ListMemo<Int32Array>((list, into) => {
      const out =
        into !== null && into.length >= list.length
          ? into
          : new Int32Array(Math.max(16, list.length * 2));
      for (let i = 0; i < list.length; i++) out[i] = numberOf[list[i] as string] as number;
      return out;
    });
    table = { numberOf, cards: cards.instanceIds.length, numbers, sells: [], buys: [], swaps: [] };
    tables.set(cards, table);
  }
  lastCards = cards;
  lastTable = table;
  return table;
}

const NO_SHOPS: readonly string[] = Object.freeze([]);

function offer(money: number, shop: string | null): TradeOffer {
  return Object.freeze({ money, shops: shop === null ? NO_SHOPS : Object.freeze([shop]) });
}

function proposal(to: number, give: TradeOffer, receive: TradeOffer): ProposeTradeAction {
  return Object.freeze({ type: 'proposeTrade', to, give, receive });
}

/**
 * Visits the listed proposals of `seat`, to each other player clockwise: each of your shops
 * for each listed price they can pay, each of their shops for each listed price you can pay,
 * then each of your shops for each of theirs. Returns how many there are. The visited actions
 * are shared frozen values (the same object every time the same proposal is listed).
 */
export function forEachListedProposal(
  state: StAugustineState,
  seat: number,
  rules: StAugustineRules,
  visit?: (action: ProposeTradeAction) => void,
): number {
  if (visit === undefined) return countListedProposals(state, seat, rules);
  const out: ProposeTradeAction[] = [];
  pushListedProposals(state, seat, rules, out);
  for (const action of out) visit(action);
  return out.length;
}

/** How many proposals {@link forEachListedProposal} visits, counted without listing them. */
export function countListedProposals(
  state: StAugustineState,
  seat: number,
  rules: StAugustineRules,
): number {
  if (!canPropose(state, seat, rules.options.maxProposalsPerPlayer)) return 0;
  const me = state.players[seat] as PlayerState;
  let total = 0;
  for (let i = 1; i < rules.players; i++) {
    const them = state.players[(seat + i) % rules.players] as PlayerState;
    total +=
      me.shops.length * countPrices(them.money) +
      them.shops.length * countPrices(me.money) +
      me.shops.length * them.shops.length;
  }
  return total;
}

/** The rows of `to` in each table of `table`, made (packed, every slot present) on first use. */
function growTables(table: ProposalTable, to: number): void {
  const { cards } = table;
  const prices = PROPOSAL_PRICES.length;
  while (table.swaps.length <= to) {
    table.sells.push(emptyRow(cards * prices));
    table.buys.push(emptyRow(cards * prices));
    table.swaps.push(emptyRow(cards * cards));
  }
}

/**
 * Writes the proposals {@link forEachListedProposal} visits, in its order, into `out` from
 * index `from` (by default its end, as pushing would): a list made with room for them all
 * ({@link countListedProposals}) is filled without growing.
 * @returns how many were written
 */
export function pushListedProposals(
  state: StAugustineState,
  seat: number,
  rules: StAugustineRules,
  out: ProposeTradeAction[],
  from?: number,
): number {
  if (!canPropose(state, seat, rules.options.maxProposalsPerPlayer)) return 0;
  const me = state.players[seat] as PlayerState;
  const start = from ?? out.length;
  let next = start;
  const table = proposalTable(rules.cards);
  const cards = table.cards;
  const prices = PROPOSAL_PRICES.length;
  const mine = me.shops;
  // Card numbers of each seat's shops, kept with the list: no lookup by id while listing.
  const myNumbers = table.numbers.get(seat, mine);
  for (let i = 1; i < rules.players; i++) {
    const to = (seat + i) % rules.players;
    const them = state.players[to] as PlayerState;
    growTables(table, to);
    const sells = table.sells[to] as (ProposeTradeAction | undefined)[];
    const buys = table.buys[to] as (ProposeTradeAction | undefined)[];
    const swaps = table.swaps[to] as (ProposeTradeAction | undefined)[];
    const theirs = them.shops;
    for (let m = 0; m < mine.length; m++) {
      const base = (myNumbers[m] as number) * prices;
      for (let p = 0; p < prices; p++) {
        const price = PROPOSAL_PRICES[p] as number;
        if (price > them.money) continue;
        let action = sells[base + p];
        if (action === undefined) {
          action = proposal(to, offer(0, mine[m] as string), offer(price, null));
          sells[base + p] = action;
        }
        out[next++] = action;
      }
    }
    const theirNumbers = table.numbers.get(to, theirs);
    for (let t = 0; t < theirs.length; t++) {
      const base = (theirNumbers[t] as number) * prices;
      for (let p = 0; p < prices; p++) {
        const price = PROPOSAL_PRICES[p] as number;
        if (price > me.money) continue;
        let action = buys[base + p];
        if (action === undefined) {
          action = proposal(to, offer(price, null), offer(0, theirs[t] as string));
          buys[base + p] = action;
        }
        out[next++] = action;
      }
    }
    for (let m = 0; m < mine.length; m++) {
      const base = (myNumbers[m] as number) * cards;
      for (let t = 0; t < theirs.length; t++) {
        const at = base + (theirNumbers[t] as number);
        let action = swaps[at];
        if (action === undefined) {
          action = proposal(to, offer(0, mine[m] as string), offer(0, theirs[t] as string));
          swaps[at] = action;
        }
        out[next++] = action;
      }
    }
  }
  return next - start;
}
