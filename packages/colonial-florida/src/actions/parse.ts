import type { ParseResult } from '@ruleloom/core';

/** Checks that an input has only the given fields besides `type`; returns an error message or undefined. */
export function extraFields(
  input: Readonly<Record<string, unknown>>,
  fields: readonly string[],
): string | undefined {
  for (const key of Object.keys(input)) {
    if (key !== 'type' && !fields.includes(key)) {
      return fields.length === 0
        ? `'${String(input.type)}' takes no fields, got '${key}'`
        : `'${String(input.type)}' takes only ${fields.map((f) => `'${f}'`).join(', ')}, got '${key}'`;
    }
  }
  return undefined;
}

/** Parser of an action without fields. */
export function parseBare<TType extends string>(
  type: TType,
): (input: Readonly<Record<string, unknown>>) => ParseResult<{ readonly type: TType }> {
  return (input) => {
    const extra = extraFields(input, []);
    return extra !== undefined ? { error: extra } : { action: { type } };
  };
}

/** Parser of an action with a single `card` field (an instance id). */
export function parseCard<TType extends string>(
  type: TType,
): (
  input: Readonly<Record<string, unknown>>,
) => ParseResult<{ readonly type: TType; readonly card: string }> {
  return (input) => {
    const extra = extraFields(input, ['card']);
    if (extra !== undefined) return { error: extra };
    if (typeof input.card !== 'string')
      return { error: `'${type}' needs 'card': a card instance id such as 'soldiers#1'` };
    return { action: { type, card: input.card } };
  };
}
