import { describeValue } from '@ruleloom/core';
import type { CardDefinition, FieldsOutput, HandlerRef } from '@ruleloom/core';
import type {
  bonusParams,
  shopIncomeParams,
  streetIncomeParams,
  typeIncomeParams,
} from '../effects/check-params.js';

/**
 * Params of the `streetIncome` effect: every player earns `amount` per shop they own on `street`.
 * @public
 */
export type StreetIncomeParams = FieldsOutput<typeof streetIncomeParams>;

/**
 * Params of the `shopIncome` effect: every player earns `amount` per shop they own.
 * @public
 */
export type ShopIncomeParams = FieldsOutput<typeof shopIncomeParams>;

/**
 * Params of the `typeIncome` effect: every player earns `amount` per shop of `shopType`.
 * @public
 */
export type TypeIncomeParams = FieldsOutput<typeof typeIncomeParams>;

/**
 * Params of the `leastMoneyBonus` and `fewestShopsBonus` effects: the player(s) with the
 * least money (or fewest shops) earn `amount`; ties follow the `tieRule` option.
 * @public
 */
export type BonusParams = FieldsOutput<typeof bonusParams>;

/**
 * What an attraction card does: a reference to one of the game's attraction effects.
 * @public
 */
export type AttractionEffectRef =
  | { readonly type: 'streetIncome'; readonly params: StreetIncomeParams }
  | { readonly type: 'shopIncome'; readonly params: ShopIncomeParams }
  | { readonly type: 'typeIncome'; readonly params: TypeIncomeParams }
  | { readonly type: 'leastMoneyBonus'; readonly params: BonusParams }
  | { readonly type: 'fewestShopsBonus'; readonly params: BonusParams };

/**
 * A Shop card: one shop type on one street (`pub-k` is the Pub on King Street).
 * @public
 */
export interface ShopCard extends CardDefinition {
  readonly kind: 'shop';
  /** Display name, e.g. `'Pub'`. */
  readonly name: string;
  /** Shop type id (kebab-case), used by monopolies and type income. */
  readonly shopType: string;
  /** Street code (lowercase letters), used by street bonuses and street income. */
  readonly street: string;
}

/**
 * An Attraction card: flipped, it pays players as its `effect` says, then is discarded.
 * `TEffect` is one of the game's attraction effects by default; a variant that adds an effect
 * types its card with that effect's reference:
 * `AttractionCard<{ readonly type: 'tourismBoom'; readonly params: { amount: number } }>`.
 * @public
 */
export interface AttractionCard<
  TEffect extends HandlerRef = AttractionEffectRef,
> extends CardDefinition {
  readonly kind: 'attraction';
  /** Display name, e.g. `'City Gates'`. */
  readonly name: string;
  /** What it pays, as data. */
  readonly effect: TEffect;
}

/**
 * Any St. Augustine card definition.
 * @public
 */
export type StAugustineCard = ShopCard | AttractionCard;

/** Whether a card definition is a shop. */
export function isShop(card: StAugustineCard): card is ShopCard {
  return card.kind === 'shop';
}

const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * The game's own checks of one card definition (used for the table, variants and overrides).
 * @public
 */
export function checkStAugustineCard(raw: unknown): readonly string[] {
  if (typeof raw !== 'object' || raw === null) return ['expected a card definition object'];
  const card = raw as Record<string, unknown>;
  const problems: string[] = [];
  if (typeof card.name !== 'string' || card.name === '')
    problems.push('a card needs a display name');
  if (card.kind === 'shop') {
    if (typeof card.shopType !== 'string' || !KEBAB.test(card.shopType))
      problems.push(`a shop needs a kebab-case shopType, got ${describeValue(card.shopType)}`);
    if (typeof card.street !== 'string' || !/^[a-z]+$/.test(card.street))
      problems.push(
        `a shop needs a street code of lowercase letters, got ${describeValue(card.street)}`,
      );
    if (card.effect !== undefined) problems.push('a shop has no effect');
  } else if (card.kind === 'attraction') {
    if (card.effect === undefined) problems.push('an attraction needs an effect { type, params }');
  } else {
    problems.push(`kind must be 'shop' or 'attraction', got ${describeValue(card.kind)}`);
  }
  return problems;
}
