import { describeValue, standardSchema, type FieldsOutput } from '@ruleloom/core';
import * as v from 'valibot';
import { MONEY_UNIT } from '../money.js';

/** A money param: a positive (or, with `allowZero`, non-negative) multiple of $1,000. */
function money(field: string, allowZero = false) {
  const message = (issue: { readonly input: unknown }) =>
    `${field} must be a ${allowZero ? 'non-negative' : 'positive'} multiple of ${String(MONEY_UNIT)}, got ${describeValue(issue.input)}`;
  return standardSchema(
    v.pipe(
      v.number(message),
      v.check(
        (n) => Number.isInteger(n) && n % MONEY_UNIT === 0 && (allowZero ? n >= 0 : n > 0),
        message,
      ),
    ),
  );
}

/** A text param: a non-empty string. */
function text(field: string) {
  const message = (issue: { readonly input: unknown }) =>
    `${field} must be non-empty text, got ${describeValue(issue.input)}`;
  return standardSchema(v.pipe(v.string(message), v.nonEmpty(message)));
}

/** A whole-number param of at least `min`. */
function whole(field: string, min: number) {
  const message = (issue: { readonly input: unknown }) =>
    `${field} must be a whole number of at least ${String(min)}, got ${describeValue(issue.input)}`;
  return standardSchema(v.pipe(v.number(message), v.integer(message), v.minValue(min, message)));
}

const tableMessage = 'table must be a non-empty list of dollar amounts';
const entryMessage = `every table entry must be a non-negative multiple of ${String(MONEY_UNIT)}`;

/**
 * The params of `payRevenue`, declared once: its type, check and messages derive from it.
 * @public
 */
export const revenueParams = {
  /** Dollars the current player gains per shop owned. */
  perShop: money('perShop', true),
};

/**
 * Params of the `payRevenue` effect (declared by {@link revenueParams}).
 * @public
 */
export type RevenueParams = FieldsOutput<typeof revenueParams>;

/**
 * The params of `payStreetBonus`, declared once.
 * @public
 */
export const streetBonusParams = {
  /** Dollars per shop when the current player owns strictly the most shops on the street. */
  majority: money('majority', true),
  /** Dollars per shop when tied with another player for the most. */
  tie: money('tie', true),
  /** The fewest shops on a street that can earn a bonus (2 by the rules). */
  minShops: whole('minShops', 1),
};

/**
 * Params of the `payStreetBonus` effect (declared by {@link streetBonusParams}).
 * @public
 */
export type StreetBonusParams = FieldsOutput<typeof streetBonusParams>;

/**
 * The params of `monopolyBonus`, declared once.
 * @public
 */
export const monopolyParams = {
  /**
   * Dollars by number of shops of one type: `table[n]` for n shops (n beyond the table's
   * end uses its last entry). The rules' table is `[0, 0, 4000, 9000, 16000, 25000]`.
   */
  table: standardSchema(
    v.pipe(
      v.array(v.number(entryMessage), tableMessage),
      v.minLength(1, tableMessage),
      v.everyItem((n) => Number.isInteger(n) && n >= 0 && n % MONEY_UNIT === 0, entryMessage),
      v.readonly(),
    ),
  ),
};

/**
 * Params of the `monopolyBonus` effect (declared by {@link monopolyParams}).
 * @public
 */
export type MonopolyParams = FieldsOutput<typeof monopolyParams>;

/**
 * The params of the `streetIncome` attraction effect, declared once.
 * @public
 */
export const streetIncomeParams = {
  /** Street code (`g`, `k`, `v`, `c`, `d`, or a variant's own). */
  street: text('street'),
  /** Dollars per shop, a multiple of $1,000. */
  amount: money('amount'),
};

/**
 * The params of the `shopIncome` attraction effect, declared once.
 * @public
 */
export const shopIncomeParams = {
  /** Dollars per shop, a multiple of $1,000. */
  amount: money('amount'),
};

/**
 * The params of the `typeIncome` attraction effect, declared once.
 * @public
 */
export const typeIncomeParams = {
  /** Shop type id (`pub`, `bed-and-breakfast`, ...). */
  shopType: text('shopType'),
  /** Dollars per shop, a multiple of $1,000. */
  amount: money('amount'),
};

/**
 * The params of the `leastMoneyBonus` and `fewestShopsBonus` attraction effects, declared once.
 * @public
 */
export const bonusParams = {
  /** Dollars paid, a multiple of $1,000. */
  amount: money('amount'),
};
