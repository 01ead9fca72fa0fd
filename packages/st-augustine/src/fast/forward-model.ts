import {
  packedForwardModel,
  packedLayout,
  Rng,
  type ForwardModel,
  type ForwardModelSetup,
  type PackedFields,
  type PackedKernel,
  type PackedLayout,
} from '@ruleloom/core';
import type { StAugustineAction } from '../actions/actions.js';
import { bidAction } from '../actions/bid.js';
import { PASS } from '../actions/pass.js';
import { MONEY_UNIT } from '../money.js';
import {
  attractionPayout,
  auctionOutcome,
  bidCount,
  highestBid,
  lowestBid,
  lowestPaid,
  nextInAuction,
  revenueFor,
} from '../rules/formulas.js';
import type { StAugustineCard } from '../cards/card.js';
import type { StAugustineOptions } from '../options.js';
import type { StAugustineState } from '../state.js';
import { compileRules, Pays, type CompiledRules } from './compile.js';

const EMPTY: readonly StAugustineAction[] = Object.freeze([]);

/**
 * Legal action lists by lowest and highest bid (in thousands): each list is built once and
 * shared, so listing legal actions allocates nothing in a search. Bounded: larger amounts
 * get a fresh list.
 */
const LISTS: (StAugustineAction[] | undefined)[][] = [];
const MAX_FROM = 64;
const MAX_TO = 256;

function buildList(fromK: number, toK: number): StAugustineAction[] {
  const list: StAugustineAction[] = [];
  for (let k = fromK; k <= toK; k++) list.push(bidAction(k * MONEY_UNIT));
  list.push(PASS);
  return list;
}

function bidList(fromK: number, toK: number): readonly StAugustineAction[] {
  if (fromK >= MAX_FROM || toK >= MAX_TO) return buildList(fromK, toK);
  let row = LISTS[fromK];
  if (row === undefined) {
    row = [];
    LISTS[fromK] = row;
  }
  let list = row[toK];
  if (list === undefined) {
    list = buildList(fromK, toK);
    row[toK] = list;
  }
  return list;
}

/** The seats still in the auction whose next call is being found, one bit each. */
let callMask = 0;
/** Whether a seat is in {@link callMask} (one shared predicate: no closure per call). */
const inCallMask = (seat: number): boolean => (callMask & (1 << seat)) !== 0;

/** How many seats a mask holds: 0, 1, or 2 for two or more (all {@link auctionOutcome} reads). */
function fewSeats(mask: number): number {
  if (mask === 0) return 0;
  return (mask & (mask - 1)) === 0 ? 1 : 2;
}

/**
 * The fields of St. Augustine's state in its key order, as a packed layout lays them out
 * (core's `packedLayout`), plus the kernel's running counts: each player's shops by street and
 * type, and the shops owned by all players together.
 */
function stAugustineFields(rules: CompiledRules) {
  return {
    turn: { kind: 'int' },
    lastTurn: { kind: 'int' },
    current: { kind: 'seat' },
    flipped: { kind: 'card', nullable: true },
    deck: { kind: 'cards' },
    discard: { kind: 'cards' },
    auction: {
      kind: 'record',
      nullable: true,
      fields: {
        highBid: { kind: 'int', nullable: true },
        highBidder: { kind: 'seat', nullable: true },
        inPlayers: { kind: 'seatSet' },
      },
    },
    bidder: { kind: 'seat', nullable: true },
    trade: { kind: 'const', value: null },
    tradeRound: { kind: 'const', value: null },
    players: {
      kind: 'perSeat',
      fields: {
        money: { kind: 'int' },
        shops: { kind: 'cards', capacity: Math.max(1, rules.totalShops) },
        counts: { kind: 'scratch', size: rules.streets + rules.types },
      },
    },
    owned: { kind: 'scratch', size: 1 },
  } as const satisfies PackedFields;
}

type Fields = ReturnType<typeof stAugustineFields>;

/**
 * St. Augustine's forward model: the rules kernel on a packed state (core's `packedLayout`
 * makes the rest: state to array and back, copies, the result and views). Cards are numbers,
 * each player's shops are counted by street and type as they are bought, and a step runs the
 * rest of the turn (forced passes, revenue, street bonus, monopoly, the next flips and
 * attractions) straight to the next auction call. Covers setups without trading.
 */
class StAugustineKernel implements PackedKernel<StAugustineAction> {
  private readonly rules: CompiledRules;
  private readonly players: number;
  // Slots of the layout, read once.
  private readonly over: number;
  private readonly phase: number;
  private readonly rng: number;
  private readonly turn: number;
  private readonly lastTurn: number;
  private readonly current: number;
  private readonly flipped: number;
  private readonly deckTop: number;
  private readonly deckEnd: number;
  private readonly deckAt: number;
  private readonly discardLen: number;
  private readonly discardAt: number;
  private readonly auction: number;
  private readonly highBid: number;
  private readonly highBidder: number;
  private readonly inMask: number;
  private readonly bidder: number;
  private readonly owned: number;
  private readonly playersAt: number;
  private readonly stride: number;
  private readonly money: number;
  private readonly count: number;
  private readonly shops: number;
  private readonly streetsAt: number;
  private readonly typesAt: number;

  constructor(layout: PackedLayout<StAugustineState, Fields>, rules: CompiledRules) {
    this.rules = rules;
    this.players = rules.players;
    const at = layout.at;
    this.over = layout.over;
    this.phase = layout.phase;
    this.rng = layout.rng;
    this.turn = at.turn;
    this.lastTurn = at.lastTurn;
    this.current = at.current;
    this.flipped = at.flipped;
    this.deckTop = at.deck.start;
    this.deckEnd = at.deck.end;
    this.deckAt = at.deck.items;
    this.discardLen = at.discard.end;
    this.discardAt = at.discard.items;
    this.auction = at.auction.present;
    this.highBid = at.auction.highBid;
    this.highBidder = at.auction.highBidder;
    this.inMask = at.auction.inPlayers;
    this.bidder = at.bidder;
    this.owned = at.owned.at;
    this.playersAt = at.players.base;
    this.stride = at.players.stride;
    const seat = at.players.fields;
    this.money = seat.money;
    this.count = seat.shops.end;
    this.shops = seat.shops.items;
    this.streetsAt = seat.counts.at;
    this.typesAt = seat.counts.at + rules.streets;
  }

  /** The running counts of a packed state (street and type counts, shops owned). */
  afterPack(f: number[]): void {
    if (f[this.over] !== 1 && f[this.auction] !== 1)
      throw new Error('the St. Augustine forward model needs a state at a decision or at the end');
    for (let seat = 0; seat < this.players; seat++) {
      const p = this.playersAt + seat * this.stride;
      const count = f[p + this.count] as number;
      for (let i = 0; i < count; i++) this.tally(f, seat, f[p + this.shops + i] as number);
    }
  }

  score(f: number[]): { scores: number[] } {
    const scores: number[] = [];
    for (let seat = 0; seat < this.players; seat++)
      scores.push(f[this.playersAt + seat * this.stride + this.money] as number);
    return { scores };
  }

  toAct(f: number[]): number {
    return f[this.over] === 1 ? -1 : (f[this.bidder] as number);
  }

  legalActions(f: number[]): readonly StAugustineAction[] {
    const seat = f[this.bidder] as number;
    if (seat < 0) return EMPTY;
    const from = this.lowestBid(f);
    const to = this.highestBid(f, seat);
    return bidCount(from, to) > 0 ? bidList(from / MONEY_UNIT, to / MONEY_UNIT) : [PASS];
  }

  step(f: number[], action: StAugustineAction): void {
    const seat = f[this.bidder] as number;
    if (action.type === 'bid') {
      f[this.highBid] = action.amount;
      f[this.highBidder] = seat;
    } else {
      f[this.inMask] = (f[this.inMask] as number) & ~(1 << seat);
    }
    this.afterCall(f, seat);
    this.advance(f);
  }

  /** The lowest legal bid now ({@link lowestBid}). */
  private lowestBid(f: number[]): number {
    const high = f[this.highBid] as number;
    return lowestBid(high < 0 ? null : high, this.rules.minimumBid);
  }

  /** A shop joins a player's holdings (in buying order) and their street and type counts. */
  private gain(f: number[], seat: number, card: number): void {
    const p = this.playersAt + seat * this.stride;
    const count = f[p + this.count] as number;
    f[p + this.shops + count] = card;
    f[p + this.count] = count + 1;
    this.tally(f, seat, card);
  }

  /** A seat's street and type counts, and the shops owned, with one more shop. */
  private tally(f: number[], seat: number, card: number): void {
    const p = this.playersAt + seat * this.stride;
    const street = p + this.streetsAt + (this.rules.street[card] as number);
    const type = p + this.typesAt + (this.rules.type[card] as number);
    f[street] = (f[street] as number) + 1;
    f[type] = (f[type] as number) + 1;
    f[this.owned] = (f[this.owned] as number) + 1;
  }

  private closeAuction(f: number[]): void {
    f[this.flipped] = -1;
    f[this.auction] = 0;
    f[this.highBid] = -1;
    f[this.highBidder] = -1;
    f[this.bidder] = -1;
    f[this.inMask] = 0;
  }

  private end(f: number[]): void {
    f[this.over] = 1;
    f[this.phase] = -1;
  }

  /** After a bid or a pass ({@link auctionOutcome}): the shop is discarded, sold, or the call goes on. */
  private afterCall(f: number[], seat: number): void {
    const mask = f[this.inMask] as number;
    const high = f[this.highBidder] as number;
    const winner = high < 0 ? null : high;
    const outcome = auctionOutcome(fewSeats(mask), winner, high >= 0 && (mask & (1 << high)) !== 0);
    if (outcome === 'unsold') {
      const at = f[this.discardLen] as number;
      f[this.discardAt + at] = f[this.flipped] as number;
      f[this.discardLen] = at + 1;
      this.closeAuction(f);
      return;
    }
    if (outcome === 'sold') {
      const p = this.playersAt + high * this.stride + this.money;
      f[p] = (f[p] as number) - (f[this.highBid] as number);
      this.gain(f, high, f[this.flipped] as number);
      this.closeAuction(f);
      return;
    }
    callMask = mask;
    f[this.bidder] = nextInAuction(seat, this.players, inCallMask) ?? -1;
  }

  /** The highest bid a seat can afford ({@link highestBid}). */
  private highestBid(f: number[], seat: number): number {
    return highestBid(f[this.playersAt + seat * this.stride + this.money] as number);
  }

  /** Runs automatic play until a seat has a real choice or the game is over. */
  private advance(f: number[]): void {
    for (;;) {
      const seat = f[this.bidder] as number;
      if (seat >= 0) {
        if (bidCount(this.lowestBid(f), this.highestBid(f, seat)) > 0) return;
        // Cannot afford a bid: the only legal action is to pass.
        f[this.inMask] = (f[this.inMask] as number) & ~(1 << seat);
        this.afterCall(f, seat);
        continue;
      }
      if (f[this.over] === 1) return;
      this.endTurn(f);
      if (f[this.over] === 1) return;
      this.startTurn(f);
      if (f[this.over] === 1) return;
    }
  }

  /** Revenue, street bonus and monopoly for the current player; then the game may end. */
  private endTurn(f: number[]): void {
    const rules = this.rules;
    const seat = f[this.current] as number;
    const p = this.playersAt + seat * this.stride;
    // The street bonus and monopoly formulas, tabled by compileRules.
    const { streetBonus, bonusStride, streetMayPay, monopoly } = rules;
    let gain = revenueFor(f[p + this.count] as number, rules.income.revenue);
    for (let k = 0; k < rules.streets; k++) {
      const mine = f[p + this.streetsAt + k] as number;
      if (streetMayPay[mine] === 0) continue;
      let others = 0;
      for (let other = 0; other < this.players; other++) {
        if (other === seat) continue;
        const theirs = f[this.playersAt + other * this.stride + this.streetsAt + k] as number;
        if (theirs > others) others = theirs;
      }
      gain += streetBonus[mine * bonusStride + others] as number;
    }
    for (let k = 0; k < rules.types; k++)
      gain += monopoly[f[p + this.typesAt + k] as number] as number;
    f[p + this.money] = (f[p + this.money] as number) + gain;
    if ((f[this.turn] as number) >= (f[this.lastTurn] as number)) this.end(f);
  }

  /** Record, flip (attractions pay and are discarded) and open the auction on a shop. */
  private startTurn(f: number[]): void {
    const rules = this.rules;
    const turn = (f[this.turn] as number) + 1;
    f[this.turn] = turn;
    f[this.current] = (turn - 1) % this.players;
    for (;;) {
      if ((f[this.owned] as number) >= rules.totalShops) {
        this.end(f);
        return;
      }
      if (f[this.deckTop] === f[this.deckEnd]) {
        if (!rules.reshuffle || f[this.discardLen] === 0) {
          this.end(f);
          return;
        }
        this.reshuffle(f);
      }
      const top = f[this.deckTop] as number;
      const card = f[this.deckAt + top] as number;
      f[this.deckTop] = top + 1;
      if ((rules.pays[card] as number) < 0) {
        f[this.flipped] = card;
        break;
      }
      this.payAttraction(f, card);
      const at = f[this.discardLen] as number;
      f[this.discardAt + at] = card;
      f[this.discardLen] = at + 1;
    }
    f[this.auction] = 1;
    f[this.inMask] = (1 << this.players) - 1;
    f[this.highBid] = -1;
    f[this.highBidder] = -1;
    f[this.bidder] = f[this.current] as number;
  }

  /** The discard pile becomes the deck, shuffled with the match's generator like the engine. */
  private reshuffle(f: number[]): void {
    const size = f[this.discardLen] as number;
    const deck = this.deckAt;
    for (let i = 0; i < size; i++) f[deck + i] = f[this.discardAt + i] as number;
    f[this.deckTop] = 0;
    f[this.deckEnd] = size;
    f[this.discardLen] = 0;
    const at = this.rng;
    const rng = Rng.fromState([
      f[at] as number,
      f[at + 1] as number,
      f[at + 2] as number,
      f[at + 3] as number,
    ]);
    rng.shuffleRange(f, deck, deck + size);
    const words = rng.state();
    for (let i = 0; i < 4; i++) f[at + i] = words[i] as number;
  }

  private payAttraction(f: number[], card: number): void {
    const rules = this.rules;
    const amount = rules.amount[card] as number;
    const kind = rules.pays[card] as number;
    const players = this.players;
    const stride = this.stride;
    if (kind === Pays.LeastMoney || kind === Pays.FewestShops) {
      const slot = kind === Pays.LeastMoney ? this.money : this.count;
      const at = this.playersAt + slot;
      const measure = (seat: number): number => f[at + seat * stride] as number;
      const lowest = lowestPaid(players, measure, rules.tieRule);
      if (lowest === undefined) return;
      for (let seat = 0; seat < players; seat++) {
        const p = this.playersAt + seat * stride;
        if (f[p + slot] === lowest) f[p + this.money] = (f[p + this.money] as number) + amount;
      }
      return;
    }
    let slot = this.count;
    if (kind !== Pays.ShopIncome) {
      const target = rules.target[card] as number;
      if (target < 0) return;
      slot = (kind === Pays.StreetIncome ? this.streetsAt : this.typesAt) + target;
    }
    for (let seat = 0; seat < players; seat++) {
      const p = this.playersAt + seat * stride;
      f[p + this.money] =
        (f[p + this.money] as number) + attractionPayout(f[p + slot] as number, amount);
    }
  }
}

/**
 * St. Augustine's fast forward model for a setup (the game's `forwardModel`), or undefined
 * when the setup trades (`trading: 'on'` with proposals allowed) or the definition changed
 * something the model does not read from data: then search uses the engine.
 * @public
 */
export function stAugustineForwardModel(
  rules: ForwardModelSetup<
    StAugustineState,
    StAugustineAction,
    StAugustineOptions,
    StAugustineCard
  >,
): ForwardModel<number[], StAugustineAction> | undefined {
  const compiled = compileRules(rules);
  if (compiled === undefined) return undefined;
  const layout = packedLayout<StAugustineState, Fields>({
    fields: stAugustineFields(compiled),
    phases: ['bid'],
    players: rules.players,
    cards: compiled.ids,
    zones: rules.game.zones,
    name: 'St. Augustine forward model',
  });
  return packedForwardModel(rules, layout, new StAugustineKernel(layout, compiled));
}
