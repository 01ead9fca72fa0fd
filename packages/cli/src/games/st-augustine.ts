import type { GameEvent, GameView } from '@ruleloom/core';
import {
  asStAugustineView,
  formatMoney,
  STREETS,
  stAugustine,
  stAugustineHeuristic,
  type TradeOffer,
} from '@ruleloom/st-augustine';
import { seatName } from '../narration/narrate.js';
import { askStAugustine } from '../players/st-augustine-prompts.js';
import { renderTable } from '../output/table.js';
import type { CliGame, EventNarration, NarrationContext } from './cli-game.js';
import { cardName, cardOf, offerText, streetName } from './st-augustine-names.js';

/** A player's shops grouped by street: `King: Pub, Cafe · Cordova: Pizzeria`. */
function shopsByStreet(ctx: NarrationContext, shops: readonly string[]): string {
  const groups = new Map<string, string[]>();
  for (const id of shops) {
    const card = cardOf(ctx, id);
    const street = card?.kind === 'shop' ? card.street : '?';
    const list = groups.get(street) ?? [];
    list.push(card?.name ?? id);
    groups.set(street, list);
  }
  const order = [
    ...(STREETS as readonly string[]),
    ...[...groups.keys()].filter((k) => !(STREETS as readonly string[]).includes(k)),
  ];
  const parts: string[] = [];
  for (const street of order) {
    const list = groups.get(street);
    if (list === undefined) continue;
    parts.push(`${streetName(street).replace(/ Street$/, '')}: ${list.join(', ')}`);
  }
  return parts.length === 0 ? '-' : parts.join(' · ');
}

/** `revenue`, `street bonus on King Street`, `monopoly of Pubs`, or the paying card's name. */
function payReason(ctx: NarrationContext, reason: unknown): string {
  if (typeof reason !== 'string') return '';
  if (reason === 'revenue') return 'revenue';
  if (reason.startsWith('streetBonus:'))
    return `street bonus, ${streetName(reason.slice('streetBonus:'.length))}`;
  if (reason.startsWith('monopoly:'))
    return `monopoly of ${reason.slice('monopoly:'.length).replace(/-/g, ' ')}s`;
  return ctx.engine.cards.byInstance.has(reason) ? cardName(ctx, reason) : reason;
}

/** The lines of the board that change within a phase: the running auction, the pending offer. */
function renderStatus(gameView: GameView, ctx: NarrationContext): string[] {
  const view = asStAugustineView(gameView);
  const c = ctx.palette;
  const lines: string[] = [];
  const auction = view.auction;
  if (auction !== null) {
    const high =
      auction.highBid === null || auction.highBidder === null
        ? 'no bids yet'
        : `high bid ${c.yellow(formatMoney(auction.highBid))} by ${seatName(ctx, auction.highBidder)}`;
    const still = auction.inPlayers.map((s) => seatName(ctx, s)).join(', ');
    lines.push(`Auction: ${high}; still in: ${still}`);
  }
  if (view.trade !== null) {
    const t = view.trade;
    lines.push(
      `Trade offer: ${seatName(ctx, t.from)} gives ${offerText(ctx, t.give)} to ${seatName(ctx, t.to)} for ${offerText(ctx, t.receive)}`,
    );
  }
  return lines;
}

function renderBoard(gameView: GameView, ctx: NarrationContext): string[] {
  const view = asStAugustineView(gameView);
  const c = ctx.palette;
  const lines = [
    c.bold(`Turn ${String(view.turn)} of ${String(view.lastTurn)}`) +
      ` · phase ${view.phase} · deck ${String(view.deckSize)} cards · discard ${String(view.discard.length)}`,
  ];
  if (view.flipped !== null) lines.push(`Flipped card: ${c.cyan(cardName(ctx, view.flipped))}`);
  lines.push(...renderStatus(gameView, ctx));
  const rows = view.players.map((p, seat) => [
    seat === view.current ? c.bold(`${seatName(ctx, seat)} *`) : seatName(ctx, seat),
    formatMoney(p.money),
    String(p.shops.length),
    shopsByStreet(ctx, p.shops),
  ]);
  lines.push(
    renderTable(['Player', 'Money', '#', 'Shops by street'], rows, [
      'left',
      'right',
      'right',
      'left',
    ]),
  );
  return lines;
}

/**
 * Whether a flipped attraction resolves (in the same events) without paying anyone: its
 * payments come between the flip and its `attractionResolved`.
 */
function paysNobody(flip: GameEvent, following: readonly GameEvent[]): boolean {
  for (const e of following) {
    if (e.type === 'bankPaid') return false;
    if (e.type === 'attractionResolved') return e.card === flip.card;
    if (e.type === 'cardFlipped' || e.type === 'turnStarted') return false;
  }
  return false;
}

function narrateEvent(
  event: GameEvent,
  ctx: NarrationContext,
  following: readonly GameEvent[],
): EventNarration {
  const c = ctx.palette;
  const who = (): string => seatName(ctx, event.seat);
  switch (event.type) {
    case 'turnStarted':
      return c.bold(`— Turn ${String(event.turn)}: ${who()} —`);
    case 'cardFlipped':
      return `Flipped: ${c.cyan(cardName(ctx, String(event.card)))}${paysNobody(event, following) ? ': it pays nobody.' : ''}`;
    case 'attractionResolved':
      return null;
    case 'bankPaid':
      return `${who()} earns ${c.green(formatMoney(Number(event.amount)))}${typeof event.reason === 'string' ? ` (${payReason(ctx, event.reason)})` : ''}`;
    case 'auctionPassed':
    case 'tradeRejected':
    case 'tradePhaseEnded':
      return null;
    case 'auctionWon':
      return `${c.bold(who())} buys ${c.cyan(cardName(ctx, String(event.card)))} for ${c.yellow(formatMoney(Number(event.amount)))}`;
    case 'shopDiscarded':
      return `Nobody bought ${cardName(ctx, String(event.card))}: it is discarded.`;
    case 'tradeAccepted': {
      const give = event.give as TradeOffer;
      const receive = event.receive as TradeOffer;
      return `Trade done: ${seatName(ctx, event.from)} gives ${offerText(ctx, give)} and gets ${offerText(ctx, receive)} from ${seatName(ctx, event.to)}.`;
    }
    case 'deckReshuffled':
      return `The discard pile is shuffled into a new deck (${String(event.size)} cards).`;
    case 'gameEnding':
      return event.reason === 'noShopsLeft'
        ? 'No shops are left: the game ends.'
        : 'The deck is exhausted: the game ends.';
    default:
      return undefined;
  }
}

function describeAction(action: unknown, ctx: NarrationContext): string | undefined {
  const a = action as { type: string; to?: number; give?: TradeOffer; receive?: TradeOffer };
  if (
    a.type === 'proposeTrade' &&
    a.give !== undefined &&
    a.receive !== undefined &&
    a.to !== undefined
  ) {
    return `offers ${seatName(ctx, a.to)} ${offerText(ctx, a.give)} for ${offerText(ctx, a.receive)}`;
  }
  return undefined;
}

function describeChoice(
  action: unknown,
  _view: GameView,
  ctx: NarrationContext,
): string | undefined {
  const a = action as { type: string; to?: number; give?: TradeOffer; receive?: TradeOffer };
  if (
    a.type === 'proposeTrade' &&
    a.give !== undefined &&
    a.receive !== undefined &&
    a.to !== undefined
  ) {
    return `propose to ${seatName(ctx, a.to)}: give ${offerText(ctx, a.give)} for ${offerText(ctx, a.receive)}`;
  }
  return undefined;
}

/**
 * St. Augustine Shopkeepers as the command line shows it.
 * @public
 */
export const stAugustineCli: CliGame = {
  id: 'st-augustine',
  game: stAugustine,
  gameRef: { module: '@ruleloom/st-augustine', export: 'stAugustine' },
  summary: [
    'St. Augustine Shopkeepers, for 2-6 players (up to 8 with maxPlayers): build the richest business in old St. Augustine.',
    'Each turn the top card of the deck is flipped. An attraction pays the players at once (per shop on a street, per shop of a type, or to whoever has the least money or fewest shops) and the next card is flipped. A shop is auctioned: starting with the current player, everyone bids higher or passes; the last bidder pays the bank and takes the shop. If nobody bids it is discarded.',
    'Then players may trade shops and money (unless trading=off), and the current player collects revenue: $1,000 per shop, a bonus for leading a street, and monopoly bonuses for several shops of one type.',
    'After the last turn the player with the most money wins.',
  ],
  rulesDoc: 'docs/rules/st-augustine.md',
  defaultPlayers: 3,
  quickOptions: { turns: 6, trading: 'off' },
  heuristic: stAugustineHeuristic,
  heuristicRef: { module: '@ruleloom/st-augustine', export: 'stAugustineHeuristic' },
  seatLabel: (seat) => `Seat ${String(seat)}`,
  formatScore: (score) => formatMoney(score),
  renderBoard,
  renderStatus,
  askHuman: askStAugustine,
  narrateEvent,
  describeChoice,
  describeAction,
};
