/**
 * One player's holdings: money in whole dollars and the shop card ids they own.
 * @public
 */
export interface PlayerState {
  money: number;
  /** Replaced, never changed in place: successive states share it until it changes. */
  shops: readonly string[];
}

/**
 * The running auction. `highBid` and `highBidder` are null before the first bid;
 * `inPlayers` lists the seats that have not passed, in seat order.
 * @public
 */
export interface AuctionState {
  highBid: number | null;
  highBidder: number | null;
  inPlayers: number[];
}

/**
 * One side of a trade: the money and shops that side gives.
 * @public
 */
export interface TradeOffer {
  readonly money: number;
  readonly shops: readonly string[];
}

/**
 * A pending trade proposal: `from` gives `give` to `to` and receives `receive` from them.
 * @public
 */
export interface TradeProposal {
  readonly from: number;
  readonly to: number;
  readonly give: TradeOffer;
  readonly receive: TradeOffer;
}

/**
 * Bookkeeping of the trade phase: whose call it is, how many proposals each seat made in
 * this phase, how many each seat received in it, and how many passes in a row since the
 * last proposal. Public, like every proposal: every seat sees it in its view.
 * @public
 */
export interface TradeRound {
  speaker: number;
  /** Per seat: the proposals it made in this trade phase. */
  proposals: number[];
  /**
   * Per seat: the proposals made to it in this trade phase (answered or pending). Bots read
   * it so that a seat gets at most one offer a turn from them (the kit's `greedy` settings).
   */
  received: number[];
  passes: number;
}

/**
 * The game state of St. Augustine: plain JSON, shaped like the view.
 *
 * @remarks
 * Cards live in exactly one of `deck` (top first, hidden), `discard`, `flipped` and the
 * players' `shops`. The core adds `phase` to views; this state never holds it.
 *
 * The card lists (`deck`, `discard`, each player's `shops`) are read-only: the rules replace
 * a list when it changes (`withCard`, `withoutCard` from `@ruleloom/core`), so successive states and the copies that
 * search steps in place share every list that did not change.
 * @public
 */
export interface StAugustineState {
  /** The current turn number (the last turn played once the game is over); 0 before turn 1. */
  turn: number;
  /** The turn after which the game ends (from `turns` and `turnCounting`). */
  lastTurn: number;
  /** The seat whose turn it is. */
  current: number;
  /** The flipped card, or null. */
  flipped: string | null;
  /** The draw pile, top first. Hidden from everybody (views show `deckSize`). */
  deck: readonly string[];
  /** The discard pile, oldest first. */
  discard: readonly string[];
  /** The running auction, or null outside one. */
  auction: AuctionState | null;
  /** The seat whose call it is in the auction, or null outside one. */
  bidder: number | null;
  /** The pending trade proposal, or null. */
  trade: TradeProposal | null;
  /** Trade phase bookkeeping, or null outside the trade phase. */
  tradeRound: TradeRound | null;
  /** Every seat's money and shops. */
  players: PlayerState[];
}

function cloneOffer(offer: TradeOffer): TradeOffer {
  return { money: offer.money, shops: offer.shops.slice() };
}

function copyState(s: StAugustineState, shareLists: boolean): StAugustineState {
  const players: PlayerState[] = new Array<PlayerState>(s.players.length);
  for (let i = 0; i < s.players.length; i++) {
    const p = s.players[i] as PlayerState;
    players[i] = { money: p.money, shops: shareLists ? p.shops : p.shops.slice() };
  }
  const a = s.auction;
  const t = s.trade;
  const r = s.tradeRound;
  return {
    turn: s.turn,
    lastTurn: s.lastTurn,
    current: s.current,
    flipped: s.flipped,
    deck: shareLists ? s.deck : s.deck.slice(),
    discard: shareLists ? s.discard : s.discard.slice(),
    auction:
      a === null
        ? null
        : { highBid: a.highBid, highBidder: a.highBidder, inPlayers: a.inPlayers.slice() },
    bidder: s.bidder,
    trade:
      t === null
        ? null
        : { from: t.from, to: t.to, give: cloneOffer(t.give), receive: cloneOffer(t.receive) },
    tradeRound:
      r === null
        ? null
        : {
            speaker: r.speaker,
            proposals: r.proposals.slice(),
            received: r.received.slice(),
            passes: r.passes,
          },
    players,
  };
}

/**
 * A deep copy of a state that knows its shape (faster than a generic JSON copy): it shares
 * nothing with its input (views are built on it).
 * @public
 */
export function cloneStAugustineState(s: StAugustineState): StAugustineState {
  return copyState(s, false);
}

/**
 * The copy the engine steps in place (the game's `cloneForStep`): like
 * {@link cloneStAugustineState}, but the card lists, which the rules only ever replace, are
 * shared with the input instead of copied.
 */
export function copyStAugustineStateForStep(s: StAugustineState): StAugustineState {
  return copyState(s, true);
}
