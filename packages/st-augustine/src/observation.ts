import {
  GAME_OVER_PHASE,
  type ActionSpace,
  type GameObservation,
  type GameView,
} from '@ruleloom/core';
import type { StAugustineAction } from './actions/actions.js';
import { stAugustineCards } from './cards/cards.js';
import { MONEY_UNIT } from './money.js';
import { stAugustinePhases } from './phases/phases.js';
import { PROPOSAL_PRICES } from './rules/proposals.js';
import type { TradeOffer } from './state.js';
import { readStAugustineView } from './view.js';

/** Seats are encoded relative to the viewer (offset 0 is the viewer), up to this many. */
const SEATS = 8;
/** Money is scaled by this many dollars. */
const MONEY_SCALE = 100_000;

const CARD_IDS: readonly string[] = stAugustineCards.map((c) => c.id);
const SHOP_IDS: readonly string[] = stAugustineCards
  .filter((c) => c.kind === 'shop')
  .map((c) => c.id);
const CARD_INDEX = new Map(CARD_IDS.map((id, i) => [id, i]));
const SHOP_INDEX = new Map(SHOP_IDS.map((id, i) => [id, i]));
const PHASES: readonly string[] = [...stAugustinePhases.map((p) => p.id), GAME_OVER_PHASE];
const SHOPS = SHOP_IDS.length;
const CARDS = CARD_IDS.length;

/** Offsets of the parts of the encoding, in order. */
function layout<const T extends Record<string, number>>(
  parts: T,
): { [K in keyof T]: number } & { size: number } {
  const out: Record<string, number> = {};
  let at = 0;
  for (const [name, length] of Object.entries(parts)) {
    out[name] = at;
    at += length;
  }
  return { ...(out as { [K in keyof T]: number }), size: at };
}

/** The parts of the encoding, in order, with their sizes. */
const PARTS = {
  present: SEATS,
  money: SEATS,
  shopOwner: SHOPS * SEATS,
  flipped: CARDS + 1,
  discard: CARDS,
  counters: 4, // deckSize, turn, lastTurn, turns left
  phase: PHASES.length,
  current: SEATS,
  auction: 2, // running, high bid
  highBidder: SEATS,
  inAuction: SEATS,
  bidder: SEATS,
  trade: 3, // pending, give money, receive money
  tradeFrom: SEATS,
  tradeTo: SEATS,
  giveShops: SHOPS,
  receiveShops: SHOPS,
  tradeRound: 2, // running, passes
  speaker: SEATS,
  proposals: SEATS,
} as const;

const F = layout(PARTS);

/**
 * Bid amounts with an index: $1,000 up to this many thousands (bid index k is $1,000 × (k + 1)).
 * A bid above $1,024,000 has no index; no setup of the laws comes near it (random play of the
 * standard game stays under $400,000).
 * @public
 */
export const BID_STEPS = 1024;

/** Trade proposals indexed per target seat: sell a shop, buy a shop (at each price), swap two. */
const SELL = 0;
const BUY = SHOPS * PROPOSAL_PRICES.length;
const SWAP = 2 * SHOPS * PROPOSAL_PRICES.length;
const PER_TARGET = SWAP + SHOPS * SHOPS;
const A_PASS = 0;
const A_ACCEPT = 1;
const A_REJECT = 2;
const A_BID = 3;
const A_TRADE = A_BID + BID_STEPS;

function relative(seat: number | null, viewer: number, players: number): number {
  return seat === null ? -1 : (seat - viewer + players) % players;
}

function oneHot(into: Float32Array, at: number, offset: number): void {
  if (offset >= 0 && offset < SEATS) into[at + offset] = 1;
}

function shopsOf(into: Float32Array, at: number, offer: TradeOffer): void {
  for (const id of offer.shops) {
    const i = SHOP_INDEX.get(id);
    if (i !== undefined) into[at + i] = 1;
  }
}

function encode(raw: GameView, seat: number, into: Float32Array): void {
  into.fill(0, 0, F.size);
  const v = readStAugustineView(raw);
  const n = v.players.length;
  for (let k = 0; k < Math.min(n, SEATS); k++) {
    const p = v.players[(seat + k) % n];
    if (p === undefined) continue;
    into[F.present + k] = 1;
    into[F.money + k] = p.money / MONEY_SCALE;
    for (const id of p.shops) {
      const i = SHOP_INDEX.get(id);
      if (i !== undefined) into[F.shopOwner + i * SEATS + k] = 1;
    }
  }
  const flipped = v.flipped === null ? CARDS : CARD_INDEX.get(v.flipped);
  if (flipped !== undefined) into[F.flipped + flipped] = 1;
  for (const id of v.discard) {
    const i = CARD_INDEX.get(id);
    if (i !== undefined) into[F.discard + i] = 1;
  }
  into[F.counters] = v.deckSize / CARDS;
  into[F.counters + 1] = v.turn / 100;
  into[F.counters + 2] = v.lastTurn / 100;
  into[F.counters + 3] = (v.lastTurn - v.turn) / 100;
  const phase = PHASES.indexOf(v.phase);
  if (phase >= 0) into[F.phase + phase] = 1;
  oneHot(into, F.current, relative(v.current, seat, n));
  if (v.auction !== null) {
    into[F.auction] = 1;
    into[F.auction + 1] = (v.auction.highBid ?? 0) / MONEY_SCALE;
    oneHot(into, F.highBidder, relative(v.auction.highBidder, seat, n));
    for (const s of v.auction.inPlayers) oneHot(into, F.inAuction, relative(s, seat, n));
  }
  oneHot(into, F.bidder, relative(v.bidder, seat, n));
  if (v.trade !== null) {
    into[F.trade] = 1;
    into[F.trade + 1] = v.trade.give.money / MONEY_SCALE;
    into[F.trade + 2] = v.trade.receive.money / MONEY_SCALE;
    oneHot(into, F.tradeFrom, relative(v.trade.from, seat, n));
    oneHot(into, F.tradeTo, relative(v.trade.to, seat, n));
    shopsOf(into, F.giveShops, v.trade.give);
    shopsOf(into, F.receiveShops, v.trade.receive);
  }
  if (v.tradeRound !== null) {
    into[F.tradeRound] = 1;
    into[F.tradeRound + 1] = v.tradeRound.passes / SEATS;
    oneHot(into, F.speaker, relative(v.tradeRound.speaker, seat, n));
    for (let s = 0; s < v.tradeRound.proposals.length; s++)
      into[F.proposals + relative(s, seat, n)] = (v.tradeRound.proposals[s] ?? 0) / 10;
  }
}

/** The index of a listed proposal shape within its target's block, or -1. */
function tradeSlot(give: TradeOffer, receive: TradeOffer): number {
  const one = (o: TradeOffer): number =>
    o.shops.length === 1 ? (SHOP_INDEX.get(o.shops[0] as string) ?? -1) : -1;
  if (give.money === 0 && receive.shops.length === 0 && give.shops.length === 1) {
    const s = one(give);
    const p = PROPOSAL_PRICES.indexOf(receive.money);
    return s < 0 || p < 0 ? -1 : SELL + s * PROPOSAL_PRICES.length + p;
  }
  if (receive.money === 0 && give.shops.length === 0 && receive.shops.length === 1) {
    const s = one(receive);
    const p = PROPOSAL_PRICES.indexOf(give.money);
    return s < 0 || p < 0 ? -1 : BUY + s * PROPOSAL_PRICES.length + p;
  }
  if (give.money === 0 && receive.money === 0) {
    const a = one(give);
    const b = one(receive);
    return a < 0 || b < 0 ? -1 : SWAP + a * SHOPS + b;
  }
  return -1;
}

function tradeAt(slot: number, to: number): StAugustineAction {
  const offer = (money: number, shop?: string): TradeOffer => ({
    money,
    shops: shop === undefined ? [] : [shop],
  });
  const priced = (i: number): [string, number] => [
    SHOP_IDS[Math.floor(i / PROPOSAL_PRICES.length)] as string,
    PROPOSAL_PRICES[i % PROPOSAL_PRICES.length] as number,
  ];
  if (slot < BUY) {
    const [shop, price] = priced(slot - SELL);
    return { type: 'proposeTrade', to, give: offer(0, shop), receive: offer(price) };
  }
  if (slot < SWAP) {
    const [shop, price] = priced(slot - BUY);
    return { type: 'proposeTrade', to, give: offer(price), receive: offer(0, shop) };
  }
  const i = slot - SWAP;
  return {
    type: 'proposeTrade',
    to,
    give: offer(0, SHOP_IDS[Math.floor(i / SHOPS)]),
    receive: offer(0, SHOP_IDS[i % SHOPS]),
  };
}

const ACTION_SPACE = A_TRADE + (SEATS - 1) * PER_TARGET;

const actions: ActionSpace<StAugustineAction> = {
  size: ACTION_SPACE,
  indexOf(action, view, seat) {
    switch (action.type) {
      case 'pass':
        return A_PASS;
      case 'acceptTrade':
        return A_ACCEPT;
      case 'rejectTrade':
        return A_REJECT;
      case 'bid': {
        const k = action.amount / MONEY_UNIT - 1;
        return Number.isInteger(k) && k >= 0 && k < BID_STEPS ? A_BID + k : undefined;
      }
      case 'proposeTrade': {
        const n = readStAugustineView(view).players.length;
        const d = relative(action.to, seat, n);
        const slot = tradeSlot(action.give, action.receive);
        return d < 1 || d >= SEATS || slot < 0 ? undefined : A_TRADE + (d - 1) * PER_TARGET + slot;
      }
    }
  },
  actionAt(index, view, seat) {
    if (!Number.isInteger(index) || index < 0 || index >= ACTION_SPACE) return undefined;
    if (index === A_PASS) return { type: 'pass' };
    if (index === A_ACCEPT) return { type: 'acceptTrade' };
    if (index === A_REJECT) return { type: 'rejectTrade' };
    if (index < A_TRADE) return { type: 'bid', amount: (index - A_BID + 1) * MONEY_UNIT };
    const n = readStAugustineView(view).players.length;
    const d = Math.floor((index - A_TRADE) / PER_TARGET) + 1;
    if (d >= n) return undefined;
    return tradeAt((index - A_TRADE) % PER_TARGET, (seat + d) % n);
  },
};

/**
 * The observation features of St. Augustine, for learning bots: a fixed-length encoding of a
 * seat's view (seats relative to the viewer, up to 8; money in units of $100,000; each shop's
 * owner; the flipped card, the discard, the auction and the pending trade) and an action index
 * space: pass, accept, reject, bids of $1,000 to $1,024,000 ({@link BID_STEPS}), and every
 * proposal `legalActions` lists — per other seat, sell one shop or buy one at each of
 * `PROPOSAL_PRICES`, or swap one shop for one. Proposals `apply` accepts but does not list
 * (several shops, other sums) have no index. Cards a variant adds are not encoded.
 * @public
 */
export const stAugustineObservation: GameObservation<StAugustineAction> = {
  size: F.size,
  layout: Object.entries(PARTS).map(([name, size]) => ({ name, size })),
  encode,
  actions,
};
