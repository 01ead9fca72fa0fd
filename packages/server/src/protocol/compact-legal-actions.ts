import { legalEntryCount, type ActionBase, type CompactLegalActions } from '@ruleloom/core';
import * as v from 'valibot';

/**
 * The most actions one `legal` of a frame may stand for: a frame whose ranges add up to more
 * is refused by {@link parseServerMessage}, so a client never expands an unbounded list.
 * @public
 */
export const MAX_EXPANDED_LEGAL_ACTIONS = 1_000_000;

const int = v.pipe(v.number(), v.safeInteger());
/**
 * A game action on the wire: an object with a string `type` (its other fields pass through
 * as they are; the game validates them).
 */
export const actionSchema = v.custom<ActionBase>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as { type?: unknown }).type === 'string',
  'an action is an object with a string type',
);
const action = actionSchema;

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
      (r) =>
        legalEntryCount(r) > 0 &&
        Object.hasOwn(r.action, r.field) &&
        Reflect.get(r.action, r.field) === r.from,
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
  v.object({
    count: v.pipe(int, v.minValue(0)),
    entries: v.pipe(v.array(entrySchema), v.readonly()),
  }),
  v.check(
    (c) =>
      c.count <= MAX_EXPANDED_LEGAL_ACTIONS &&
      c.entries.reduce((n, e) => n + legalEntryCount(e), 0) === c.count,
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
