import { describeValue } from '@ruleloom/core';
import { MONEY_UNIT } from '../money.js';

/** Checks that params are an object; returns it as a record, or a problem. */
export function paramsRecord(params: unknown): Record<string, unknown> | string {
  if (typeof params !== 'object' || params === null || Array.isArray(params))
    return 'expected params { ... }';
  return params as Record<string, unknown>;
}

/** Problems with a money field of params (a positive multiple of $1,000). */
export function checkMoneyField(
  record: Record<string, unknown>,
  field: string,
  allowZero = false,
): string[] {
  const value = record[field];
  const ok =
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value % MONEY_UNIT === 0 &&
    (allowZero ? value >= 0 : value > 0);
  return ok
    ? []
    : [
        `${field} must be a ${allowZero ? 'non-negative' : 'positive'} multiple of ${String(MONEY_UNIT)}, got ${describeValue(value)}`,
      ];
}

/** Problems with a text field of params. */
export function checkTextField(record: Record<string, unknown>, field: string): string[] {
  const value = record[field];
  return typeof value === 'string' && value !== ''
    ? []
    : [`${field} must be non-empty text, got ${describeValue(value)}`];
}

/** Builds a `checkParams` from field checks. */
export function paramsChecker(
  check: (record: Record<string, unknown>) => string[],
): (params: unknown) => readonly string[] {
  return (params) => {
    const record = paramsRecord(params);
    return typeof record === 'string' ? [record] : check(record);
  };
}
