import { describeValue } from '@ruleloom/core';
import type { CardDefinition } from '@ruleloom/core';

/**
 * The card type letters of the sheet: T Trade, L Labor, F Food Crop, K Cash Crop,
 * V Civilization, A Animal, W Wood, S Sea (income types); C Combatant, M Movable Combatant;
 * X Special.
 * @public
 */
export type CardTypeLetter = 'T' | 'L' | 'F' | 'K' | 'V' | 'A' | 'W' | 'S' | 'C' | 'M' | 'X';

/**
 * The income types, in a fixed order (pairs are counted per type).
 * @public
 */
export const INCOME_TYPES = [
  'T',
  'L',
  'F',
  'K',
  'V',
  'A',
  'W',
  'S',
] as const satisfies readonly CardTypeLetter[];

/**
 * Every card type letter.
 * @public
 */
export const CARD_TYPES = [
  ...INCOME_TYPES,
  'C',
  'M',
  'X',
] as const satisfies readonly CardTypeLetter[];

/**
 * What a card is for the rules, as data the rules read (no handler runs for it):
 *
 * - `income`: an income card; `count` is how many cards it counts as in the income formula
 *   (a Provincial Capitol counts 2).
 * - `incomePenalty`: the settlement earns `amount` Gold less (Cutthroats &amp; Thieves: 1).
 * - `combatant`: a combatant; `movable` (M cards move one step per action), `canAttack`
 *   (false for a Fortress), `indestructible` (a Fortress is never destroyed and changes hands
 *   with its settlement).
 *
 * Checked when the game is defined and for every card override ({@link checkColonialFloridaCard}).
 * @public
 */
export type CardTraits =
  | { readonly type: 'income'; readonly count: number }
  | { readonly type: 'incomePenalty'; readonly amount: number }
  | {
      readonly type: 'combatant';
      readonly movable: boolean;
      readonly canAttack: boolean;
      readonly indestructible: boolean;
    };

/**
 * The traits of an income card.
 * @public
 */
export type IncomeParams = Omit<Extract<CardTraits, { type: 'income' }>, 'type'>;

/**
 * The traits of an income penalty card.
 * @public
 */
export type IncomePenaltyParams = Omit<Extract<CardTraits, { type: 'incomePenalty' }>, 'type'>;

/**
 * The traits of a combatant.
 * @public
 */
export type CombatantParams = Omit<Extract<CardTraits, { type: 'combatant' }>, 'type'>;

/**
 * One row of the Enhancement deck: a card definition with its sheet name, types and effect.
 * @public
 */
export interface ColonialFloridaCard extends CardDefinition {
  /** Kebab-case id; instance ids are `<id>#1` .. `<id>#<copies>`. */
  readonly id: string;
  /** The name printed on the card. */
  readonly name: string;
  /** How many copies are in the deck. */
  readonly copies: number;
  /** Its types (one or two letters; `T/S` is `['T', 'S']`). */
  readonly types: readonly CardTypeLetter[];
  /** What the card is for the rules (income, penalty, combatant): data, not an effect. */
  readonly traits: CardTraits;
  /** The sheet's note, if any. */
  readonly note?: string;
}

const INCOME_SET: ReadonlySet<string> = new Set(INCOME_TYPES);
const TYPE_SET: ReadonlySet<string> = new Set(CARD_TYPES);

/**
 * The game's own checks of one card definition (shape, types, and effect consistent with the
 * types): used for the table and for every card override.
 * @public
 */
export function checkColonialFloridaCard(card: unknown): string[] {
  if (typeof card !== 'object' || card === null) return ['expected a card definition object'];
  const c = card as Record<string, unknown>;
  const problems: string[] = [];
  if (typeof c.name !== 'string' || c.name === '') problems.push('a card needs a non-empty name');
  if (typeof c.copies !== 'number')
    problems.push('a card needs copies (a whole number of at least 1)');
  if (
    !Array.isArray(c.types) ||
    c.types.length === 0 ||
    c.types.some((t) => typeof t !== 'string' || !TYPE_SET.has(t))
  ) {
    problems.push(`types must be a non-empty list of ${CARD_TYPES.join(', ')}`);
    return problems;
  }
  const types = c.types as readonly string[];
  if (new Set(types).size !== types.length) problems.push('types must not repeat');
  const hasIncome = types.some((t) => INCOME_SET.has(t));
  const isCombatant = types.includes('C') || types.includes('M');
  if (hasIncome && isCombatant)
    problems.push('a card cannot be both an income card and a combatant');
  if (c.effect !== undefined)
    problems.push(
      "a Colonial Florida card has no effect: declare what it is in 'traits' ({ type: 'income', count: 1 }, ...)",
    );
  const traits = c.traits;
  if (typeof traits !== 'object' || traits === null || Array.isArray(traits)) {
    problems.push('a card needs traits: income, incomePenalty or combatant');
    return problems;
  }
  const t = traits as Record<string, unknown>;
  problems.push(...checkTraitFields(t));
  if (hasIncome && t.type !== 'income') {
    problems.push(`a card with an income type needs 'income' traits, not ${describeValue(t.type)}`);
  } else if (isCombatant && t.type !== 'combatant') {
    problems.push(`a C or M card needs 'combatant' traits, not ${describeValue(t.type)}`);
  } else if (t.type === 'combatant' && (t.movable === true) !== types.includes('M')) {
    problems.push("a combatant is movable exactly when it has type 'M'");
  } else if (!hasIncome && t.type === 'income') {
    problems.push("'income' traits need an income type (T, L, F, K, V, A, W or S)");
  }
  return problems;
}

const TRAIT_FIELDS: Readonly<Record<string, readonly string[]>> = {
  income: ['count'],
  incomePenalty: ['amount'],
  combatant: ['movable', 'canAttack', 'indestructible'],
};

/** The fields of a card's traits: a known type, exactly its fields, each of the right kind. */
function checkTraitFields(t: Readonly<Record<string, unknown>>): string[] {
  const fields = typeof t.type === 'string' ? TRAIT_FIELDS[t.type] : undefined;
  if (fields === undefined || !Object.hasOwn(TRAIT_FIELDS, t.type as string))
    return [
      `traits.type must be one of ${Object.keys(TRAIT_FIELDS).join(', ')}, got ${describeValue(t.type)}`,
    ];
  const problems: string[] = [];
  for (const key of Object.keys(t))
    if (key !== 'type' && !fields.includes(key))
      problems.push(`'${String(t.type)}' traits have no '${key}' (expected ${fields.join(', ')})`);
  for (const key of fields) {
    const v = t[key];
    if (t.type === 'combatant') {
      if (typeof v !== 'boolean') problems.push(`traits.${key} must be true or false`);
    } else if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) {
      problems.push(`traits.${key} must be a whole number of at least 0`);
    }
  }
  return problems;
}
