import type { CardTable } from '@ruleloom/core';
import type { ShopCard, StAugustineCard } from '../cards/card.js';
import type { StAugustineEffectContext, StAugustineRules } from '../context.js';
import type { PlayerState } from '../state.js';
import { attractionPayout } from './formulas.js';
import { ListMemo } from './list-memo.js';
import { attractionReason, payFromBank } from './pay.js';

/**
 * Where each shop of a card table sits, numbered: streets and shop types become small
 * integers, so the bonus phases count holdings in typed arrays instead of building maps
 * and looking cards up by id each turn. Built once per card table (cards are data).
 */
export interface ShopIndex {
  /** Street number of a shop instance id (absent for attractions). */
  readonly streetOf: NumberOf;
  /** Shop type number of a shop instance id (absent for attractions). */
  readonly typeOf: NumberOf;
  /** Street and type numbers of a shop instance id in one: `street * PLACE + type`. */
  readonly placeOf: NumberOf;
  /** The card of an instance id: the card table's, at hand in a prototype-less object. */
  readonly cardOf: Readonly<Record<string, StAugustineCard | undefined>>;
  /** Street codes by number, in first-seen card order. */
  readonly streets: readonly string[];
  /** Shop type ids by number, in first-seen card order. */
  readonly shopTypes: readonly string[];
  /** The number of shop instances in the table. */
  readonly totalShops: number;
  /** Each seat's shop list counted by street and type, once per distinct list ({@link tallyOf}). */
  readonly tallies: ListMemo<Tally>;
}

/**
 * A shop list counted by street and by shop type (see {@link tallyOf}).
 */
export interface Tally {
  /** Shops on each street, by street number. */
  readonly byStreet: Int32Array;
  /** Shops of each type, by type number. */
  readonly byType: Int32Array;
  /** Street numbers in the order the list first shows them (the first `streets` entries). */
  readonly streetOrder: Int32Array;
  /** Type numbers in the order the list first shows them (the first `types` entries). */
  readonly typeOrder: Int32Array;
  /** How many streets the list has shops on. */
  streets: number;
  /** How many shop types the list has. */
  types: number;
}

/** The factor of the street number in {@link ShopIndex.placeOf} (more than any type number). */
const PLACE = 65536;

/**
 * A number by card id: a prototype-less object rather than a `Map`, because V8 looks a
 * string key up in it faster (these lookups run for every shop counted).
 */
export type NumberOf = Readonly<Record<string, number | undefined>>;

const indexes = new WeakMap<CardTable<StAugustineCard>, ShopIndex>();
/** The last table asked for (one match or search usually asks for the same one). */
let lastCards: CardTable<StAugustineCard> | undefined;
let lastIndex: ShopIndex | undefined;

/** The {@link ShopIndex} of a match's card table (built on first use, then cached). */
export function shopIndex(cards: CardTable<StAugustineCard>): ShopIndex {
  if (cards === lastCards && lastIndex !== undefined) return lastIndex;
  let index = indexes.get(cards);
  if (index === undefined) {
    index = buildIndex(cards);
    indexes.set(cards, index);
  }
  lastCards = cards;
  lastIndex = index;
  return index;
}

function buildIndex(cards: CardTable<StAugustineCard>): ShopIndex {
  const streetOf = Object.create(null) as Record<string, number>;
  const typeOf = Object.create(null) as Record<string, number>;
  const placeOf = Object.create(null) as Record<string, number>;
  const cardOf = Object.create(null) as Record<string, StAugustineCard>;
  let totalShops = 0;
  const streets: string[] = [];
  const shopTypes: string[] = [];
  for (const id of cards.instanceIds) {
    const card = cards.byInstance.get(id);
    if (card === undefined) continue;
    cardOf[id] = card;
    if (card.kind !== 'shop') continue;
    const street = numberOf(streets, card.street);
    const type = numberOf(shopTypes, card.shopType);
    streetOf[id] = street;
    typeOf[id] = type;
    placeOf[id] = street * PLACE + type;
    totalShops++;
  }
  const tallies = new ListMemo<Tally>((shops, into) =>
    countPlaces(placeOf, shops, into ?? newTally(streets.length, shopTypes.length)),
  );
  return { streetOf, typeOf, placeOf, cardOf, streets, shopTypes, totalShops, tallies };
}

function newTally(streets: number, types: number): Tally {
  return {
    byStreet: new Int32Array(streets),
    byType: new Int32Array(types),
    streetOrder: new Int32Array(streets),
    typeOrder: new Int32Array(types),
    streets: 0,
    types: 0,
  };
}

/** Counts `shops` into `t` (cleared first): one lookup per shop for both counts. */
function countPlaces(placeOf: NumberOf, shops: readonly string[], t: Tally): Tally {
  const { byStreet, byType, streetOrder, typeOrder } = t;
  // Loops, not `fill`: a builtin call costs more than clearing a handful of entries.
  for (let k = 0; k < byStreet.length; k++) byStreet[k] = 0;
  for (let k = 0; k < byType.length; k++) byType[k] = 0;
  let streets = 0;
  let types = 0;
  for (let i = 0; i < shops.length; i++) {
    const place = placeOf[shops[i] as string];
    if (place === undefined) continue;
    const street = (place / PLACE) | 0;
    const type = place - street * PLACE;
    if (byStreet[street] === 0) streetOrder[streets++] = street;
    byStreet[street] = (byStreet[street] as number) + 1;
    if (byType[type] === 0) typeOrder[types++] = type;
    byType[type] = (byType[type] as number) + 1;
  }
  t.streets = streets;
  t.types = types;
  return t;
}

/**
 * The shops of seat `seat`'s list counted by street and type. Each distinct list is counted
 * once (lists are replaced, never changed in place, so a seat that bought nothing keeps its
 * counts); read the result before the next call for the same seat.
 */
export function tallyOf(index: ShopIndex, seat: number, shops: readonly string[]): Tally {
  return index.tallies.get(seat, shops);
}

/** The place (`placeOf`) being added by {@link tallyWithCard} (no closure per call). */
let adding = 0;

/** Fills `into` with `value`'s counts plus one shop at place `adding` (`into` may be `value`). */
function addPlace(value: Tally, into: Tally): void {
  for (let k = 0; k < value.byStreet.length; k++) {
    into.byStreet[k] = value.byStreet[k] as number;
    into.streetOrder[k] = value.streetOrder[k] as number;
  }
  for (let k = 0; k < value.byType.length; k++) {
    into.byType[k] = value.byType[k] as number;
    into.typeOrder[k] = value.typeOrder[k] as number;
  }
  let streets = value.streets;
  let types = value.types;
  const street = (adding / PLACE) | 0;
  const type = adding - street * PLACE;
  if (into.byStreet[street] === 0) into.streetOrder[streets++] = street;
  into.byStreet[street] = (into.byStreet[street] as number) + 1;
  if (into.byType[type] === 0) into.typeOrder[types++] = type;
  into.byType[type] = (into.byType[type] as number) + 1;
  into.streets = streets;
  into.types = types;
}

/**
 * After seat `seat`'s list `before` was replaced by `after` = `withCard(before, id)`: keeps
 * `after`'s counts made from `before`'s (when kept) plus the one shop, instead of counting
 * `after` again at the next bonus. The same counts as counting `after` (same order too).
 */
export function tallyWithCard(
  index: ShopIndex,
  seat: number,
  before: readonly string[],
  after: readonly string[],
  id: string,
): void {
  const place = index.placeOf[id];
  if (place === undefined) return;
  adding = place;
  index.tallies.derive(seat, before, after, addPlace);
}

/** The number of `name` in `names`, in first-seen order (a new name is added at the end). */
export function numberOf(names: string[], name: string): number {
  const found = names.indexOf(name);
  if (found >= 0) return found;
  names.push(name);
  return names.length - 1;
}

/** The shop definition of a card id, or undefined when it is not a shop. */
export function shopOf(rules: Pick<StAugustineRules, 'card'>, id: string): ShopCard | undefined {
  const card = rules.card(id);
  return card.kind === 'shop' ? card : undefined;
}

/** The number of shop instances in a match's card table (cached per table). */
export function totalShops(cards: CardTable<StAugustineCard>): number {
  return shopIndex(cards).totalShops;
}

/**
 * The attraction payout to every player for their shops in one group of the shop index (a
 * street, `'byStreet'`, or a shop type, `'byType'`, at position `k`): `amount` per such shop.
 * Shared by the street and type income effects.
 */
export function payPerShopIn(
  ctx: StAugustineEffectContext,
  effect: 'streetIncome' | 'typeIncome',
  group: 'byStreet' | 'byType',
  k: number,
  amount: number,
): void {
  const index = shopIndex(ctx.cards);
  const players = ctx.state.players;
  const reason = attractionReason(ctx, effect);
  for (let seat = 0; seat < players.length; seat++) {
    const n = tallyOf(index, seat, (players[seat] as PlayerState).shops)[group][k] as number;
    payFromBank(ctx, seat, attractionPayout(n, amount), reason);
  }
}
