import { legalEntryCount, type CompactLegalActions, type LegalActionEntry } from '@ruleloom/core';
import * as v from 'valibot';

/**
 * The most actions one `legal` of a frame may stand for: a frame whose ranges add up to more
 * is refused by {@link parseServerMessage}, so a client never expands an unbounded list.
 * @public
 */
export const MAX_EXPANDED_LEGAL_ACTIONS = 1_000_000;

const int = v.pipe(v.number(), v.safeInteger());
const action = v.looseObject({ type: v.string() });

const entrySchema = v.variant('type', [
  v.object({ type: v.literal('action'), action }),
  v.pipe(
    v.object({
      type: v.literal('range'),
      action,
      field: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
      from: int,
      to: int,
      step: int,
    }),
    v.check(
      (r) => legalEntryCount(r) > 0 && (r.action as Record<string, unknown>)[r.field] === r.from,
      'a range needs a step that joins from to to, and its action must hold from in its field',
    ),
  ),
]);

/**
 * The runtime schema (valibot) of the `legal` field of a `welcome`/`update`: the entries,
 * each range well formed, and `count` equal to what they stand for (at most
 * {@link MAX_EXPANDED_LEGAL_ACTIONS}).
 * @public
 */
export const compactLegalActionsSchema = v.pipe(
  v.object({ count: v.pipe(int, v.minValue(0)), entries: v.array(entrySchema) }),
  v.check(
    (c) =>
      c.count <= MAX_EXPANDED_LEGAL_ACTIONS &&
      c.entries.reduce((n, e) => n + legalEntryCount(e as LegalActionEntry), 0) === c.count,
    `legal.count must equal what the entries stand for (at most ${String(MAX_EXPANDED_LEGAL_ACTIONS)})`,
  ),
);

/**
 * No legal actions (a spectator, or a seat not to act).
 * @public
 */
export const NO_LEGAL_ACTIONS: CompactLegalActions = Object.freeze({
  count: 0,
  entries: Object.freeze([]),
});
