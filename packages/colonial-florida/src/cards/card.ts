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
 * What a card does, as a reference to a named effect with params:
 *
 * - `income`: an income card; `count` is how many cards it counts as in the income formula
 *   (a Provincial Capitol counts 2).
 * - `incomePenalty`: the settlement earns `amount` Gold less (Cutthroats &amp; Thieves: 1).
 * - `combatant`: a combatant; `movable` (M cards move one step per action), `canAttack`
 *   (false for a Fortress), `indestructible` (a Fortress is never destroyed and changes hands
 *   with its settlement).
 * @public
 */
export type CardEffectRef =
  | { readonly type: 'income'; readonly params: { readonly count: number } }
  | { readonly type: 'incomePenalty'; readonly params: { readonly amount: number } }
  | {
      readonly type: 'combatant';
      readonly params: {
        readonly movable: boolean;
        readonly canAttack: boolean;
        readonly indestructible: boolean;
      };
    };

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
  /** What the card does. */
  readonly effect: CardEffectRef;
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
  const effect = c.effect as { type?: unknown; params?: Record<string, unknown> } | undefined;
  const hasIncome = types.some((t) => INCOME_SET.has(t));
  const isCombatant = types.includes('C') || types.includes('M');
  if (hasIncome && isCombatant)
    problems.push('a card cannot be both an income card and a combatant');
  if (typeof effect !== 'object' || effect === null) {
    problems.push('a card needs an effect: income, incomePenalty or combatant');
  } else if (hasIncome && effect.type !== 'income') {
    problems.push(
      `a card with an income type needs the 'income' effect, not ${describeValue(effect.type)}`,
    );
  } else if (isCombatant && effect.type !== 'combatant') {
    problems.push(`a C or M card needs the 'combatant' effect, not ${describeValue(effect.type)}`);
  } else if (
    effect.type === 'combatant' &&
    (effect.params?.movable === true) !== types.includes('M')
  ) {
    problems.push("a combatant is movable exactly when it has type 'M'");
  } else if (!hasIncome && effect.type === 'income') {
    problems.push("the 'income' effect needs an income type (T, L, F, K, V, A, W or S)");
  }
  return problems;
}
