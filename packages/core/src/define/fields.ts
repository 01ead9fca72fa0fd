import type { ParseResult } from './types.js';

import { quoteName } from '../util/describe.js';

function quoted(names: readonly string[]): string {
  const shown = names.slice(0, 8).map(quoteName).join(', ');
  return names.length > 8 ? `${shown} and ${String(names.length - 8)} more` : shown;
}

/**
 * Checks that a record has no fields besides `fields`: returns a message naming the
 * unexpected ones (for a `malformed_action` rejection), or undefined when there are none.
 * Allocates nothing in the common case where every field is allowed.
 *
 * @param name - what the record is, for the message (for example `'give'`)
 * @example
 * ```ts
 * checkFields({ money: 1000, note: 'hi' }, ['money', 'shops'], 'give');
 * // "'give' takes only 'money', 'shops'; unexpected 'note'"
 * ```
 * @public
 */
export function checkFields(
  record: Readonly<Record<string, unknown>>,
  fields: readonly string[],
  name: string,
): string | undefined {
  return unexpected(record, fields, name, false);
}

/**
 * {@link checkFields} for an action input: `type` is always allowed and names the action
 * in the message. Handlers call it first in `parse` to reject unknown fields.
 *
 * @example
 * ```ts
 * checkActionFields({ type: 'bid', amount: 5000, note: 'x' }, ['amount']);
 * // "'bid' takes only 'amount'; unexpected 'note'"
 * ```
 * @public
 */
export function checkActionFields(
  input: Readonly<Record<string, unknown>>,
  fields: readonly string[],
): string | undefined {
  const type = input.type;
  return unexpected(
    input,
    fields,
    typeof type === 'string' ? type.slice(0, 60) : 'the action',
    true,
  );
}

function unexpected(
  record: Readonly<Record<string, unknown>>,
  fields: readonly string[],
  name: string,
  typeAllowed: boolean,
): string | undefined {
  const keys = Object.keys(record);
  let allKnown = true;
  for (let i = 0; i < keys.length && allKnown; i++) {
    const key = keys[i] as string;
    allKnown = (typeAllowed && key === 'type') || fields.includes(key);
  }
  if (allKnown) return undefined;
  const extra = keys.filter((k) => !(typeAllowed && k === 'type') && !fields.includes(k));
  const takes = fields.length === 0 ? 'takes no fields' : `takes only ${quoted(fields)}`;
  return `'${name}' ${takes}; unexpected ${quoted(extra)}`;
}

/**
 * The `parse` of an action that has no fields besides its `type` (a pass, an end of turn):
 * it rejects any other field and returns a fresh `{ type }`.
 *
 * @example
 * ```ts
 * const endTurn: ActionHandler<MyState, { type: 'endTurn' }> = {
 *   parse: parseBareAction('endTurn'),
 *   // validate, resolve, enumerate...
 * };
 * ```
 * @public
 */
export function parseBareAction<TType extends string>(
  type: TType,
): (input: Readonly<Record<string, unknown>>) => ParseResult<{ readonly type: TType }> {
  return (input) => {
    const extra = checkActionFields(input, NO_FIELDS);
    return extra === undefined ? { action: { type } } : { error: extra };
  };
}

const NO_FIELDS: readonly string[] = [];
