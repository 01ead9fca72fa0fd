import { seatName, styled, type BoardBlock, type RichText } from '@ruleloom/core';
import { STREETS } from '../cards/cards.js';
import { formatMoney } from '../money.js';
import type { StAugustineView } from '../view.js';
import {
  cardName,
  cardOf,
  offerText,
  phaseName,
  streetName,
  type StAugustinePresentContext,
} from './names.js';

/** A player's shops grouped by street: `King: Pub, Cafe · Cordova: Pizzeria`. */
function shopsByStreet(ctx: StAugustinePresentContext, shops: readonly string[]): string {
  const groups = new Map<string, string[]>();
  for (const id of shops) {
    const card = cardOf(ctx, id);
    const street = card?.kind === 'shop' ? card.street : '?';
    const list = groups.get(street) ?? [];
    list.push(card?.name ?? id);
    groups.set(street, list);
  }
  const known = STREETS as readonly string[];
  const order = [...known, ...[...groups.keys()].filter((k) => !known.includes(k))];
  const parts: string[] = [];
  for (const street of order) {
    const list = groups.get(street);
    if (list === undefined) continue;
    parts.push(`${streetName(street).replace(/ Street$/, '')}: ${list.join(', ')}`);
  }
  return parts.length === 0 ? '-' : parts.join(' · ');
}

/**
 * The lines of the board that change within a phase: the running auction, the pending offer.
 * @public
 */
export function renderStAugustineStatus(
  view: StAugustineView,
  ctx: StAugustinePresentContext,
): BoardBlock[] {
  const blocks: BoardBlock[] = [];
  const auction = view.auction;
  if (auction !== null) {
    const high: RichText =
      auction.highBid === null || auction.highBidder === null
        ? 'no bids yet'
        : [
            'high bid ',
            styled('money', formatMoney(auction.highBid)),
            ` by ${seatName(ctx, auction.highBidder)}`,
          ];
    const still = auction.inPlayers.map((s) => seatName(ctx, s)).join(', ');
    blocks.push({ type: 'line', text: ['Auction: ', high, `; still in: ${still}`] });
  }
  if (view.trade !== null) {
    const t = view.trade;
    blocks.push({
      type: 'line',
      text: `Trade offer: ${seatName(ctx, t.from)} gives ${offerText(ctx, t.give)} to ${seatName(ctx, t.to)} for ${offerText(ctx, t.receive)}`,
    });
  }
  return blocks;
}

/**
 * The St. Augustine board: turn, phase, deck and discard, the flipped card, the running
 * auction or offer, and a table of every player's money and shops by street.
 * @public
 */
export function renderStAugustineBoard(
  view: StAugustineView,
  ctx: StAugustinePresentContext,
): BoardBlock[] {
  const blocks: BoardBlock[] = [
    {
      type: 'line',
      text: [
        styled('strong', `Turn ${String(view.turn)} of ${String(view.lastTurn)}`),
        ` · phase: ${phaseName(view.phase)} · deck ${String(view.deckSize)} cards · discard ${String(view.discard.length)}`,
      ],
    },
  ];
  if (view.flipped !== null)
    blocks.push({
      type: 'line',
      text: ['Flipped card: ', styled('card', cardName(ctx, view.flipped))],
    });
  blocks.push(...renderStAugustineStatus(view, ctx));
  blocks.push({
    type: 'table',
    columns: [
      // The star marks the seat whose turn it is; the title says so.
      { title: 'Player (* turn)', align: 'left' },
      { title: 'Money', align: 'right' },
      { title: 'Shops', align: 'right' },
      { title: 'Shops by street', align: 'left' },
    ],
    rows: view.players.map((p, seat) => [
      seat === view.current ? styled('strong', `${seatName(ctx, seat)} *`) : seatName(ctx, seat),
      formatMoney(p.money),
      String(p.shops.length),
      shopsByStreet(ctx, p.shops),
    ]),
  });
  return blocks;
}
