import { describeValue, quoteName } from '../util/describe.js';

/**
 * The kind of value a declared field holds (an action's or an event's):
 * `integer`, `number` (finite), `string`, `boolean`, `seat` (a whole number from 0),
 * `card` (a card instance id), `cards` (a list of them), `seats` (a list of seats),
 * `record` (a JSON object) or `json` (any JSON value).
 * @public
 */
export type FieldKind =
  | 'integer'
  | 'number'
  | 'string'
  | 'boolean'
  | 'seat'
  | 'card'
  | 'cards'
  | 'seats'
  | 'record'
  | 'json';

/**
 * A declared field: its kind, or its kind with `optional` (may be absent), `nullable` (may be
 * null) or `oneOf` (the only values allowed).
 * @public
 */
export type FieldSpec =
  | FieldKind
  | {
      readonly kind: FieldKind;
      readonly optional?: boolean;
      readonly nullable?: boolean;
      readonly oneOf?: readonly (string | number)[];
    };

/**
 * The fields of a record type, each with its {@link FieldSpec}: every key of `T` except
 * `type` (and an event's `audience`) must be declared, and nothing else.
 * @public
 */
export type FieldsOf<T> = {
  readonly [K in Exclude<keyof T & string, 'type' | 'audience'>]-?: FieldSpec;
};

const KINDS: ReadonlySet<string> = new Set<FieldKind>([
  'integer',
  'number',
  'string',
  'boolean',
  'seat',
  'card',
  'cards',
  'seats',
  'record',
  'json',
]);

function isSeat(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

function kindHolds(kind: FieldKind, value: unknown): boolean {
  switch (kind) {
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'string':
    case 'card':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'seat':
      return isSeat(value);
    case 'cards':
      return Array.isArray(value) && value.every((v) => typeof v === 'string');
    case 'seats':
      return Array.isArray(value) && value.every(isSeat);
    case 'record':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'json':
      return value !== undefined;
  }
}

/** The kind of a field spec. */
export function kindOf(spec: FieldSpec): FieldKind {
  return typeof spec === 'string' ? spec : spec.kind;
}

/**
 * Checks one value against its declared field: a message saying what is wrong (for
 * `what`, as `'streetBonus.street'`), or undefined when it holds.
 * @public
 */
export function checkField(spec: FieldSpec, value: unknown, what: string): string | undefined {
  const full = typeof spec === 'string' ? { kind: spec } : spec;
  if (value === undefined) return full.optional === true ? undefined : `${what} is missing`;
  if (value === null && full.nullable === true) return undefined;
  if (!kindHolds(full.kind, value))
    return `${what} should be ${article(full.kind)}, got ${describeValue(value)}`;
  if (full.oneOf !== undefined && !full.oneOf.includes(value as string | number))
    return `${what} should be one of ${full.oneOf.map((v) => describeValue(v)).join(', ')}, got ${describeValue(value)}`;
  return undefined;
}

/**
 * Checks a record against its declared fields: every declared field holds and no other
 * field is present (`type` and `audience` aside). Returns every problem found.
 * @public
 */
export function checkRecordFields(
  fields: Readonly<Record<string, FieldSpec>>,
  record: Readonly<Record<string, unknown>>,
  what: string,
): string[] {
  const problems: string[] = [];
  for (const [name, spec] of Object.entries(fields)) {
    const problem = checkField(spec, record[name], `${what}.${name}`);
    if (problem !== undefined) problems.push(problem);
  }
  for (const key of Object.keys(record)) {
    if (key === 'type' || key === 'audience' || Object.hasOwn(fields, key)) continue;
    problems.push(`${what} has an undeclared field ${quoteName(key)}`);
  }
  return problems;
}

/** Problems of a field declaration itself (an unknown kind, an empty `oneOf`), for definition checks. */
export function checkFieldSpec(spec: unknown, what: string): string[] {
  const kind = typeof spec === 'string' ? spec : (spec as { kind?: unknown } | null)?.kind;
  if (typeof kind !== 'string' || !KINDS.has(kind))
    return [
      `${what} should be a field kind (${[...KINDS].join(', ')}), got ${describeValue(kind)}`,
    ];
  const oneOf = typeof spec === 'object' ? (spec as { oneOf?: unknown }).oneOf : undefined;
  if (oneOf !== undefined && (!Array.isArray(oneOf) || oneOf.length === 0))
    return [`${what}.oneOf should list at least one value`];
  return [];
}

function article(kind: FieldKind): string {
  switch (kind) {
    case 'integer':
      return 'an integer';
    case 'number':
      return 'a finite number';
    case 'string':
      return 'a string';
    case 'boolean':
      return 'true or false';
    case 'seat':
      return 'a seat number';
    case 'card':
      return 'a card id';
    case 'cards':
      return 'a list of card ids';
    case 'seats':
      return 'a list of seat numbers';
    case 'record':
      return 'an object';
    case 'json':
      return 'a JSON value';
  }
}
