import {
  competitionRanks,
  GAME_OVER_PHASE,
  Rng,
  type ForwardModel,
  type ForwardModelSetup,
  type GameResult,
  type GameView,
  type MatchState,
  type RngState,
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
import type { PlayerState, StAugustineState } from '../state.js';
import { compileRules, Pays, type CompiledRules, type StAugustineSetup } from './compile.js';

// Header slots of a fast state.
const TURN = 0;
const LAST_TURN = 1;
const CURRENT = 2;
/** The flipped card's number, -1 for none. */
const FLIPPED = 3;
/** The deck is `deck[DECK_TOP..DECK_END)`, top first. */
const DECK_TOP = 4;
const DECK_END = 5;
const DISCARD_LEN = 6;
/** The high bid in dollars, -1 before the first bid. */
const HIGH_BID = 7;
const HIGH_BIDDER = 8;
/** The seat whose call it is in the auction, -1 outside one (and once the game is over). */
const BIDDER = 9;
/** Seats still in the auction, one bit per seat. */
const IN_MASK = 10;
const OVER = 11;
/** The four words of the match's random generator. */
const RNG = 12;
/** Shops owned by all players together. */
const OWNED = 16;
const HEADER = 17;

// Slots of a player's block.
const MONEY = 0;
const COUNT = 1;
const SHOPS = 2;

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
 * St. Augustine's forward model on one flat array of numbers per state (a packed array:
 * copying one is much cheaper than allocating a typed array): cards are numbers, each
 * player's shops are counted by street and type as they are bought, and a step runs the
 * rest of the turn (forced passes, revenue, street bonus, monopoly, the next flips and
 * attractions) straight to the next auction call. Covers setups without trading.
 */
class StAugustineForwardModel implements ForwardModel<number[], StAugustineAction> {
  readonly players: number;
  private readonly rules: CompiledRules;
  private readonly engine: StAugustineSetup;
  private readonly size: number;
  private readonly deckAt: number;
  private readonly discardAt: number;
  private readonly playersAt: number;
  private readonly stride: number;
  private readonly streetsAt: number;
  private readonly typesAt: number;

  /** Built by {@link stAugustineForwardModel} (or `engine.forwardModel()`), which checks the setup. */
  constructor(engine: StAugustineSetup, rules: CompiledRules) {
    this.engine = engine;
    this.rules = rules;
    this.players = rules.players;
    const n = rules.ids.length;
    this.deckAt = HEADER;
    this.discardAt = HEADER + n;
    this.playersAt = HEADER + 2 * n;
    this.streetsAt = SHOPS + rules.totalShops;
    this.typesAt = this.streetsAt + rules.streets;
    this.stride = this.typesAt + rules.types;
    this.size = this.playersAt + this.players * this.stride;
  }

  fromState(state: MatchState): number[] {
    const g = state.game as StAugustineState;
    if (g.trade !== null || g.tradeRound !== null)
      throw new Error('the St. Augustine forward model covers auctions only, not the trade phase');
    if (state.result === null && g.auction === null)
      throw new Error('the St. Augustine forward model needs a state at a decision or at the end');
    const f: number[] = new Array<number>(this.size).fill(0);
    f[TURN] = g.turn;
    f[LAST_TURN] = g.lastTurn;
    f[CURRENT] = g.current;
    f[FLIPPED] = g.flipped === null ? -1 : this.cardNumber(g.flipped);
    f[DECK_TOP] = 0;
    f[DECK_END] = g.deck.length;
    for (let i = 0; i < g.deck.length; i++)
      f[this.deckAt + i] = this.cardNumber(g.deck[i] as string);
    f[DISCARD_LEN] = g.discard.length;
    for (let i = 0; i < g.discard.length; i++)
      f[this.discardAt + i] = this.cardNumber(g.discard[i] as string);
    const a = g.auction;
    f[HIGH_BID] = a?.highBid ?? -1;
    f[HIGH_BIDDER] = a?.highBidder ?? -1;
    let mask = 0;
    for (const seat of a?.inPlayers ?? []) mask |= 1 << seat;
    f[IN_MASK] = mask;
    f[BIDDER] = state.result === null ? (g.bidder ?? -1) : -1;
    f[OVER] = state.result === null ? 0 : 1;
    for (let i = 0; i < 4; i++) f[RNG + i] = state.rng[i] as number;
    for (let seat = 0; seat < this.players; seat++) {
      const p = g.players[seat] as PlayerState;
      f[this.playersAt + seat * this.stride + MONEY] = p.money;
      for (const id of p.shops) this.gain(f, seat, this.cardNumber(id));
    }
    return f;
  }

  toState(f: number[]): MatchState<StAugustineState> {
    const over = f[OVER] === 1;
    const rng: RngState = [
      f[RNG] as number,
      f[RNG + 1] as number,
      f[RNG + 2] as number,
      f[RNG + 3] as number,
    ];
    const ids = this.rules.ids;
    const deck: string[] = [];
    for (let i = f[DECK_TOP] as number; i < (f[DECK_END] as number); i++)
      deck.push(ids[f[this.deckAt + i] as number] as string);
    const game = this.open(f, {}, 'deck', deck) as unknown as StAugustineState;
    return { phase: over ? GAME_OVER_PHASE : 'bid', rng, result: this.result(f), game };
  }

  /**
   * Writes the game state's fields into `out` in the state's order, the deck's slot as
   * `deckKey: deck` (the deck itself, or `deckSize` for a view).
   */
  private open(
    f: number[],
    out: Record<string, unknown>,
    deckKey: 'deck' | 'deckSize',
    deck: unknown,
  ): Record<string, unknown> {
    const ids = this.rules.ids;
    const discard: string[] = [];
    for (let i = 0; i < (f[DISCARD_LEN] as number); i++)
      discard.push(ids[f[this.discardAt + i] as number] as string);
    const players: PlayerState[] = [];
    for (let seat = 0; seat < this.players; seat++) {
      const p = this.playersAt + seat * this.stride;
      const shops: string[] = [];
      for (let i = 0; i < (f[p + COUNT] as number); i++)
        shops.push(ids[f[p + SHOPS + i] as number] as string);
      players.push({ money: f[p + MONEY] as number, shops });
    }
    const bidder = f[BIDDER] as number;
    const inPlayers: number[] = [];
    for (let seat = 0; seat < this.players; seat++)
      if (((f[IN_MASK] as number) & (1 << seat)) !== 0) inPlayers.push(seat);
    const flipped = f[FLIPPED] as number;
    const highBid = f[HIGH_BID] as number;
    const highBidder = f[HIGH_BIDDER] as number;
    out.turn = f[TURN];
    out.lastTurn = f[LAST_TURN];
    out.current = f[CURRENT];
    out.flipped = flipped < 0 ? null : ids[flipped];
    out[deckKey] = deck;
    out.discard = discard;
    out.auction =
      bidder < 0
        ? null
        : {
            highBid: highBid < 0 ? null : highBid,
            highBidder: highBidder < 0 ? null : highBidder,
            inPlayers,
          };
    out.bidder = bidder < 0 ? null : bidder;
    out.trade = null;
    out.tradeRound = null;
    out.players = players;
    return out;
  }

  clone(f: number[]): number[] {
    return f.slice();
  }

  copyInto(target: number[], source: number[]): void {
    for (let i = 0; i < source.length; i++) target[i] = source[i] as number;
  }

  toAct(f: number[]): number {
    return f[BIDDER] as number;
  }

  legalActions(f: number[]): readonly StAugustineAction[] {
    const seat = f[BIDDER] as number;
    if (seat < 0) return EMPTY;
    const from = this.lowestBid(f);
    const to = this.highestBid(f, seat);
    return bidCount(from, to) > 0 ? bidList(from / MONEY_UNIT, to / MONEY_UNIT) : [PASS];
  }

  step(f: number[], action: StAugustineAction): void {
    const seat = f[BIDDER] as number;
    if (action.type === 'bid') {
      f[HIGH_BID] = action.amount;
      f[HIGH_BIDDER] = seat;
    } else {
      f[IN_MASK] = (f[IN_MASK] as number) & ~(1 << seat);
    }
    this.afterCall(f, seat);
    this.advance(f);
  }

  result(f: number[]): GameResult | null {
    if (f[OVER] !== 1) return null;
    const scores: number[] = [];
    let best = -Infinity;
    for (let seat = 0; seat < this.players; seat++) {
      const money = f[this.playersAt + seat * this.stride + MONEY] as number;
      scores.push(money);
      if (money > best) best = money;
    }
    const winners: number[] = [];
    for (let seat = 0; seat < this.players; seat++) if (scores[seat] === best) winners.push(seat);
    return { winners, scores, ranks: competitionRanks(scores) };
  }

  view(f: number[], viewer: number | 'spectator'): GameView {
    // With the game's own zones only the deck is hidden, from every viewer alike: the view is
    // the state with `deckSize` in the deck's place (the law compares it with the engine's).
    if (!this.rules.ownZones) return this.engine.view(this.toState(f), viewer);
    const phase = f[OVER] === 1 ? GAME_OVER_PHASE : 'bid';
    const deckSize = (f[DECK_END] as number) - (f[DECK_TOP] as number);
    return this.open(f, { phase }, 'deckSize', deckSize) as GameView;
  }

  private cardNumber(id: string): number {
    const n = this.rules.number.get(id);
    if (n === undefined) throw new Error(`unknown card '${id}'`);
    return n;
  }

  /** The lowest legal bid now ({@link lowestBid}). */
  private lowestBid(f: number[]): number {
    const high = f[HIGH_BID] as number;
    return lowestBid(high < 0 ? null : high, this.rules.minimumBid);
  }

  /** A shop joins a player's holdings (in buying order) and their street and type counts. */
  private gain(f: number[], seat: number, card: number): void {
    const p = this.playersAt + seat * this.stride;
    const count = f[p + COUNT] as number;
    f[p + SHOPS + count] = card;
    f[p + COUNT] = count + 1;
    const street = p + this.streetsAt + (this.rules.street[card] as number);
    const type = p + this.typesAt + (this.rules.type[card] as number);
    f[street] = (f[street] as number) + 1;
    f[type] = (f[type] as number) + 1;
    f[OWNED] = (f[OWNED] as number) + 1;
  }

  private closeAuction(f: number[]): void {
    f[FLIPPED] = -1;
    f[HIGH_BID] = -1;
    f[HIGH_BIDDER] = -1;
    f[BIDDER] = -1;
    f[IN_MASK] = 0;
  }

  /** After a bid or a pass ({@link auctionOutcome}): the shop is discarded, sold, or the call goes on. */
  private afterCall(f: number[], seat: number): void {
    const mask = f[IN_MASK] as number;
    const high = f[HIGH_BIDDER] as number;
    const winner = high < 0 ? null : high;
    const outcome = auctionOutcome(fewSeats(mask), winner, high >= 0 && (mask & (1 << high)) !== 0);
    if (outcome === 'unsold') {
      const at = f[DISCARD_LEN] as number;
      f[this.discardAt + at] = f[FLIPPED] as number;
      f[DISCARD_LEN] = at + 1;
      this.closeAuction(f);
      return;
    }
    if (outcome === 'sold') {
      const p = this.playersAt + high * this.stride + MONEY;
      f[p] = (f[p] as number) - (f[HIGH_BID] as number);
      this.gain(f, high, f[FLIPPED] as number);
      this.closeAuction(f);
      return;
    }
    callMask = mask;
    f[BIDDER] = nextInAuction(seat, this.players, inCallMask) ?? -1;
  }

  /** The highest bid a seat can afford ({@link highestBid}). */
  private highestBid(f: number[], seat: number): number {
    return highestBid(f[this.playersAt + seat * this.stride + MONEY] as number);
  }

  /** Runs automatic play until a seat has a real choice or the game is over. */
  private advance(f: number[]): void {
    for (;;) {
      const seat = f[BIDDER] as number;
      if (seat >= 0) {
        if (bidCount(this.lowestBid(f), this.highestBid(f, seat)) > 0) return;
        // Cannot afford a bid: the only legal action is to pass.
        f[IN_MASK] = (f[IN_MASK] as number) & ~(1 << seat);
        this.afterCall(f, seat);
        continue;
      }
      if (f[OVER] === 1) return;
      this.endTurn(f);
      if (f[OVER] === 1) return;
      this.startTurn(f);
      if (f[OVER] === 1) return;
    }
  }

  /** Revenue, street bonus and monopoly for the current player; then the game may end. */
  private endTurn(f: number[]): void {
    const rules = this.rules;
    const seat = f[CURRENT] as number;
    const p = this.playersAt + seat * this.stride;
    // The street bonus and monopoly formulas, tabled by compileRules.
    const { streetBonus, bonusStride, streetMayPay, monopoly } = rules;
    let gain = revenueFor(f[p + COUNT] as number, rules.income.revenue);
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
    f[p + MONEY] = (f[p + MONEY] as number) + gain;
    if ((f[TURN] as number) >= (f[LAST_TURN] as number)) f[OVER] = 1;
  }

  /** Record, flip (attractions pay and are discarded) and open the auction on a shop. */
  private startTurn(f: number[]): void {
    const rules = this.rules;
    const turn = (f[TURN] as number) + 1;
    f[TURN] = turn;
    f[CURRENT] = (turn - 1) % this.players;
    for (;;) {
      if ((f[OWNED] as number) >= rules.totalShops) {
        f[OVER] = 1;
        return;
      }
      if (f[DECK_TOP] === f[DECK_END]) {
        if (!rules.reshuffle || f[DISCARD_LEN] === 0) {
          f[OVER] = 1;
          return;
        }
        this.reshuffle(f);
      }
      const top = f[DECK_TOP] as number;
      const card = f[this.deckAt + top] as number;
      f[DECK_TOP] = top + 1;
      if ((rules.pays[card] as number) < 0) {
        f[FLIPPED] = card;
        break;
      }
      this.payAttraction(f, card);
      const at = f[DISCARD_LEN] as number;
      f[this.discardAt + at] = card;
      f[DISCARD_LEN] = at + 1;
    }
    f[IN_MASK] = (1 << this.players) - 1;
    f[HIGH_BID] = -1;
    f[HIGH_BIDDER] = -1;
    f[BIDDER] = f[CURRENT];
  }

  /** The discard pile becomes the deck, shuffled with the match's generator like the engine. */
  private reshuffle(f: number[]): void {
    const size = f[DISCARD_LEN] as number;
    const deck = this.deckAt;
    for (let i = 0; i < size; i++) f[deck + i] = f[this.discardAt + i] as number;
    f[DECK_TOP] = 0;
    f[DECK_END] = size;
    f[DISCARD_LEN] = 0;
    const rng = Rng.fromState([
      f[RNG] as number,
      f[RNG + 1] as number,
      f[RNG + 2] as number,
      f[RNG + 3] as number,
    ]);
    rng.shuffleRange(f, deck, deck + size);
    const words = rng.state();
    for (let i = 0; i < 4; i++) f[RNG + i] = words[i] as number;
  }

  private payAttraction(f: number[], card: number): void {
    const rules = this.rules;
    const amount = rules.amount[card] as number;
    const kind = rules.pays[card] as number;
    const players = this.players;
    const stride = this.stride;
    if (kind === Pays.LeastMoney || kind === Pays.FewestShops) {
      const slot = kind === Pays.LeastMoney ? MONEY : COUNT;
      const at = this.playersAt + slot;
      const measure = (seat: number): number => f[at + seat * stride] as number;
      const lowest = lowestPaid(players, measure, rules.tieRule);
      if (lowest === undefined) return;
      for (let seat = 0; seat < players; seat++) {
        const p = this.playersAt + seat * stride;
        if (f[p + slot] === lowest) f[p + MONEY] = (f[p + MONEY] as number) + amount;
      }
      return;
    }
    let slot = COUNT;
    if (kind !== Pays.ShopIncome) {
      const target = rules.target[card] as number;
      if (target < 0) return;
      slot = (kind === Pays.StreetIncome ? this.streetsAt : this.typesAt) + target;
    }
    for (let seat = 0; seat < players; seat++) {
      const p = this.playersAt + seat * stride;
      f[p + MONEY] = (f[p + MONEY] as number) + attractionPayout(f[p + slot] as number, amount);
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
  return compiled === undefined ? undefined : new StAugustineForwardModel(rules, compiled);
}
