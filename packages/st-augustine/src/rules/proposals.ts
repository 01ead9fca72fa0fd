import { rejection, type Rejection, describeValue } from '@ruleloom/core';
import type { ProposeTradeAction } from '../actions/actions.js';
import type { StAugustineRules } from '../context.js';
import { formatMoney, MONEY_UNIT } from '../money.js';
import type { PlayerState, StAugustineState, TradeOffer } from '../state.js';

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
 * Visits the listed proposals of `seat`, to each other player clockwise: each of your shops
 * for each listed price they can pay, each of their shops for each listed price you can pay,
 * then each of your shops for each of theirs. Returns how many there are.
 */
export function forEachListedProposal(
  state: StAugustineState,
  seat: number,
  rules: StAugustineRules,
  visit?: (action: ProposeTradeAction) => void,
): number {
  if (!canPropose(state, seat, rules.options.maxProposalsPerPlayer)) return 0;
  const me = state.players[seat] as PlayerState;
  let total = 0;
  for (let i = 1; i < rules.players; i++) {
    const to = (seat + i) % rules.players;
    const them = state.players[to] as PlayerState;
    if (visit === undefined) {
      total +=
        me.shops.length * countPrices(them.money) +
        them.shops.length * countPrices(me.money) +
        me.shops.length * them.shops.length;
      continue;
    }
    for (const shop of me.shops) {
      for (const price of PROPOSAL_PRICES) {
        if (price > them.money) continue;
        visit({
          type: 'proposeTrade',
          to,
          give: { money: 0, shops: [shop] },
          receive: { money: price, shops: [] },
        });
        total++;
      }
    }
    for (const shop of them.shops) {
      for (const price of PROPOSAL_PRICES) {
        if (price > me.money) continue;
        visit({
          type: 'proposeTrade',
          to,
          give: { money: price, shops: [] },
          receive: { money: 0, shops: [shop] },
        });
        total++;
      }
    }
    for (const mine of me.shops) {
      for (const theirs of them.shops) {
        visit({
          type: 'proposeTrade',
          to,
          give: { money: 0, shops: [mine] },
          receive: { money: 0, shops: [theirs] },
        });
        total++;
      }
    }
  }
  return total;
}
