import type { CardTable } from '@ruleloom/core';
import { INCOME_TYPES, type ColonialFloridaCard } from '../cards/card.js';
import type { Rules } from '../context.js';

/** What the rules need to know about a card, read once from its data. */
export interface CardInfo {
  /** How many income cards it counts as (0 for a non-income card; 2 for a Provincial Capitol). */
  readonly income: number;
  /** Bit i set when it has income type `INCOME_TYPES[i]`. */
  readonly incomeTypes: number;
  /** Whether it is a Labor card. */
  readonly labor: boolean;
  /** Gold the settlement earns less because of it. */
  readonly penalty: number;
  /** Whether it is a combatant (C or M). */
  readonly combatant: boolean;
  /** Whether it may move one step per action (M). */
  readonly movable: boolean;
  /** Whether it may be committed to an attack (not a Fortress). */
  readonly canAttack: boolean;
  /** Whether nothing can destroy it (a Fortress). */
  readonly indestructible: boolean;
}

const LABOR_BIT = 1 << INCOME_TYPES.indexOf('L');

/** Reads a card definition's data into a {@link CardInfo}. */
export function describeCard(card: ColonialFloridaCard): CardInfo {
  let incomeTypes = 0;
  INCOME_TYPES.forEach((t, i) => {
    if (card.types.includes(t)) incomeTypes |= 1 << i;
  });
  const e = card.effect;
  return {
    income: e.type === 'income' ? e.params.count : 0,
    incomeTypes: e.type === 'income' ? incomeTypes : 0,
    labor: e.type === 'income' && (incomeTypes & LABOR_BIT) !== 0,
    penalty: e.type === 'incomePenalty' ? e.params.amount : 0,
    combatant: e.type === 'combatant',
    movable: e.type === 'combatant' && e.params.movable,
    canAttack: e.type === 'combatant' && e.params.canAttack,
    indestructible: e.type === 'combatant' && e.params.indestructible,
  };
}

/**
 * Card infos by instance id: a prototype-less object rather than a `Map`, because V8 looks a
 * string key up in it faster (these lookups run for every attached card, every turn).
 */
type InfoById = Record<string, CardInfo | undefined>;

const cache = new WeakMap<CardTable, InfoById>();
/** The last table asked for (a match or a search asks for the same one again and again). */
let lastTable: CardTable | undefined;
let lastInfos: InfoById = Object.create(null) as InfoById;

/** The {@link CardInfo} of a card instance id in this match's card table (cached per table). */
export function cardInfo(rules: Rules, id: string): CardInfo {
  const cards = rules.cards;
  if (cards !== lastTable) {
    let perTable = cache.get(cards);
    if (perTable === undefined) {
      perTable = Object.create(null) as InfoById;
      cache.set(cards, perTable);
    }
    lastTable = cards;
    lastInfos = perTable;
  }
  let info = lastInfos[id];
  if (info === undefined) {
    info = describeCard(rules.card(id));
    lastInfos[id] = info;
  }
  return info;
}
