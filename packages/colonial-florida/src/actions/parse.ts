import { checkActionFields, type ParseResult } from '@ruleloom/core';

const CARD_FIELDS: readonly string[] = ['card'];

/** Parser of an action with a single `card` field (an instance id). */
export function parseCard<TType extends string>(
  type: TType,
): (
  input: Readonly<Record<string, unknown>>,
) => ParseResult<{ readonly type: TType; readonly card: string }> {
  return (input) => {
    const extra = checkActionFields(input, CARD_FIELDS);
    if (extra !== undefined) return { error: extra };
    if (typeof input.card !== 'string')
      return { error: `'${type}' needs 'card': a card instance id such as 'soldiers#1'` };
    return { action: { type, card: input.card } };
  };
}
