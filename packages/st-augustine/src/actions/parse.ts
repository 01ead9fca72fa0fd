import { describeValue, parseFields, standardSchema, type StandardSchemaV1 } from '@ruleloom/core';
import type { TradeOffer } from '../state.js';
import * as v from 'valibot';

/** Messages that say what was received, bounded. */
type Said = (issue: { readonly input: unknown }) => string;

/**
 * A valibot object whose missing field is reported with that field's own message (valibot
 * reports a missing key on the object itself), and whose other failures say `notObject`.
 */
function record<TEntries extends v.ObjectEntries>(entries: TEntries, notObject: string) {
  return v.object(entries, (issue) => {
    const segment = issue.path?.[0];
    const key = segment === undefined ? undefined : segment.key;
    const field: StandardSchemaV1 | undefined =
      typeof key === 'string' && Object.prototype.hasOwnProperty.call(entries, key)
        ? entries[key]
        : undefined;
    const answer = field?.['~standard'].validate(undefined);
    return answer !== undefined && !(answer instanceof Promise) && answer.issues
      ? (answer.issues[0]?.message ?? notObject)
      : notObject;
  });
}

/** A finite number, with one message for every failure. */
function finite(message: Said) {
  return v.pipe(v.number(message), v.finite(message));
}

/** One side of a trade, `{ money, shops }`. */
function offer(side: 'give' | 'receive'): StandardSchemaV1<unknown, TradeOffer> {
  const shops = `'${side}.shops' must be a list of shop card ids`;
  return v.pipe(
    record(
      {
        /** Dollars handed over (checked against the rules by the validator). */
        money: finite(
          (i) => `'${side}.money' must be a number of dollars, got ${describeValue(i.input)}`,
        ),
        /** Shop card ids handed over. */
        shops: v.pipe(v.array(v.string(shops), shops), v.readonly()),
      },
      `'${side}' must be { money, shops }`,
    ),
    v.readonly(),
  );
}

/**
 * The input of `{ type: 'bid', amount }`, declared once: the action type, its run-time check
 * and its `malformed_action` messages derive from it.
 * @public
 */
export const bidInput = parseFields('bid', {
  /** Dollars bid (a multiple of $1,000 above the high bid; checked by the validator). */
  amount: standardSchema(
    finite((i) => `'bid' needs an 'amount' in dollars, got ${describeValue(i.input)}`),
  ),
});

/**
 * The input of `{ type: 'pass' }` (no fields), declared once.
 * @public
 */
export const passInput = parseFields('pass', {});

/**
 * The input of `{ type: 'proposeTrade', to, give, receive }`, declared once.
 * @public
 */
export const proposeTradeInput = parseFields('proposeTrade', {
  /** The seat the trade is proposed to. */
  to: standardSchema(
    finite(
      (i) =>
        `'proposeTrade' needs 'to': the seat number of the other player, got ${describeValue(i.input)}`,
    ),
  ),
  /** What the proposer gives. */
  give: offer('give'),
  /** What the proposer receives. */
  receive: offer('receive'),
});

/**
 * The input of `{ type: 'acceptTrade' }` (no fields), declared once.
 * @public
 */
export const acceptTradeInput = parseFields('acceptTrade', {});

/**
 * The input of `{ type: 'rejectTrade' }` (no fields), declared once.
 * @public
 */
export const rejectTradeInput = parseFields('rejectTrade', {});
