import { identifierWords, type PresentContext } from '@ruleloom/core';
import type { StAugustineCard } from '../cards/card.js';
import { STREET_NAMES } from '../cards/cards.js';
import { formatMoney } from '../money.js';
import type { StAugustineOptions } from '../options.js';
import type { TradeOffer } from '../state.js';

/**
 * What St. Augustine's presentation reads: seat names and the match's rules.
 * @public
 */
export type StAugustinePresentContext = PresentContext<StAugustineOptions, StAugustineCard>;

/**
 * The card of an instance id, when the rules know it.
 * @public
 */
export function cardOf(ctx: StAugustinePresentContext, id: string): StAugustineCard | undefined {
  return ctx.rules.cards.byInstance.get(id);
}

/**
 * `King Street` for a street code (`street m` for a street no table names).
 * @public
 */
export function streetName(code: string): string {
  return (STREET_NAMES as Readonly<Record<string, string>>)[code] ?? `street ${code}`;
}

/**
 * `Pub (King Street)` for a shop, the name for an attraction, the id when unknown.
 * @public
 */
export function cardName(ctx: StAugustinePresentContext, id: string): string {
  const card = cardOf(ctx, id);
  if (card === undefined) return id;
  return card.kind === 'shop' ? `${card.name} (${streetName(card.street)})` : card.name;
}

/**
 * `Pub (King Street) and $2,000`, or `nothing`.
 * @public
 */
export function offerText(ctx: StAugustinePresentContext, offer: TradeOffer): string {
  const parts = offer.shops.map((id) => cardName(ctx, id));
  if (offer.money > 0) parts.push(formatMoney(offer.money));
  return parts.length === 0 ? 'nothing' : parts.join(' and ');
}

/** An English noun's plural: `Art Gallery` → `Art Galleries`, `Café` → `Cafés`, `box` → `boxes`. */
export function pluralOf(noun: string): string {
  if (/[^aeiou]y$/i.test(noun)) return `${noun.slice(0, -1)}ies`;
  if (/(s|sh|ch|x|z)$/i.test(noun)) return `${noun}es`;
  return `${noun}s`;
}

/** `1 shop`, `3 shops`: a count and its noun, plural when the count is not one. */
export function countOf(n: number, noun: string): string {
  return `${String(n)} ${n === 1 ? noun : pluralOf(noun)}`;
}

/**
 * A shop type's name from the card table, plural (`art-gallery` → `art galleries`, `cafe` →
 * `cafés`), lower case as it reads inside a sentence; the type made readable when no card has it.
 */
export function shopTypePlural(ctx: StAugustinePresentContext, shopType: string): string {
  let name = shopType.replace(/-/g, ' ');
  for (const card of ctx.rules.cards.byInstance.values())
    if (card.kind === 'shop' && card.shopType === shopType) {
      name = card.name;
      break;
    }
  return pluralOf(name.toLowerCase());
}

/** The phases' names (a variant's own phase reads as its id made readable). */
const PHASE_NAMES: Readonly<Record<string, string>> = {
  record: 'turn start',
  flip: 'card flip',
  attraction: 'attraction',
  bid: 'auction',
  trade: 'trading',
  revenue: 'revenue',
  streetBonus: 'street bonuses',
  monopoly: 'monopoly bonuses',
  gameOver: 'game over',
};

/** A phase id as words: `bid` → `auction`, `gameOver` → `game over`. */
export function phaseName(phase: string): string {
  return PHASE_NAMES[phase] ?? identifierWords(phase);
}
