import { checkActionFields, checkFields } from './fields.js';
import type { ParseResult } from './types.js';
import { quoteName } from '../util/describe.js';
import {
  issueMessage,
  runSchema,
  type InferSchemaOutput,
  type StandardSchemaIssue,
  type StandardSchemaV1,
} from './standard-schema.js';

/**
 * The fields of an action or of an effect's params, each declared once with a
 * {@link StandardSchemaV1} (a valibot, zod or ArkType schema, ...).
 * @public
 */
export type FieldSchemas = Readonly<Record<string, StandardSchemaV1>>;

/**
 * The typed value of a {@link FieldSchemas} record: each field's schema output.
 * @public
 */
export type FieldsOutput<TFields extends FieldSchemas> = {
  readonly [K in keyof TFields]: InferSchemaOutput<TFields[K]>;
};

/**
 * The action that {@link parseFields} parses: `{ type }` and the declared fields.
 * @public
 */
export type FieldsAction<TType extends string, TFields extends FieldSchemas> = {
  readonly type: TType;
} & FieldsOutput<TFields>;

/**
 * The action type that a {@link FieldsParser} parses (`ParsedAction<typeof bidInput>`).
 * @public
 */
export type ParsedAction<TParser extends { readonly type: string; readonly fields: FieldSchemas }> =
  FieldsAction<TParser['type'], TParser['fields']>;

/**
 * An action's `parse` made from declared fields; the declaration stays readable on it
 * (`type`, `fields`) for generic code such as bots and test laws.
 * @public
 */
export type FieldsParser<TType extends string, TFields extends FieldSchemas> = ((
  input: Readonly<Record<string, unknown>>,
) => ParseResult<FieldsAction<TType, TFields>>) & {
  /** The action type parsed. */
  readonly type: TType;
  /** The declared fields, by name, in declaration order. */
  readonly fields: TFields;
};

/**
 * The `parse` of an action whose fields are declared once with schemas: the action type is
 * derived from them (`FieldsAction<'bid', typeof bidFields>`), and so are the run-time check
 * and the message of a `malformed_action` rejection.
 *
 * @remarks
 * The engine's limits on outside input (`ACTION_LIMITS`) have run before `parse` is called.
 * Fields besides `type` and the declared ones are refused first (as {@link checkActionFields}
 * says); then each field, in declaration order, is checked by its schema (a missing field is
 * checked as `undefined`, so the schema's own message says what was expected). The message
 * is the first issue's, bounded, prefixed with the field unless it names it. The parsed
 * action is a fresh object holding the schemas' outputs.
 * @example
 * ```ts
 * import * as v from 'valibot';
 * const bidFields = { amount: v.pipe(v.number(), v.integer()) };
 * type BidAction = FieldsAction<'bid', typeof bidFields>; // { type: 'bid'; amount: number }
 * const bid: ActionHandler<State, BidAction> = { parse: parseFields('bid', bidFields), ... };
 * ```
 * @public
 */
export function parseFields<TType extends string, TFields extends FieldSchemas>(
  type: TType,
  fields: TFields,
): FieldsParser<TType, TFields> {
  const names = Object.keys(fields);
  const schemas = names.map((name) => fields[name] as StandardSchemaV1);
  const parse = (input: Readonly<Record<string, unknown>>) => {
    const extra = checkActionFields(input, names);
    if (extra !== undefined) return { error: extra };
    const action: Record<string, unknown> = { type };
    for (let i = 0; i < names.length; i++) {
      const name = names[i] as string;
      const value = Object.prototype.hasOwnProperty.call(input, name) ? input[name] : undefined;
      const result = runSchema(schemas[i] as StandardSchemaV1, value);
      if (result.issues !== undefined) return { error: firstIssue(result.issues, name) };
      const nested = droppedField(value, result.value, name);
      if (nested !== undefined) return { error: nested };
      action[name] = result.value;
    }
    return { action: action as FieldsAction<TType, TFields> };
  };
  return Object.assign(parse, { type, fields });
}

/**
 * The `parse` of an action described by one schema of the whole action object (any
 * {@link StandardSchemaV1}). Fields the schema drops from its output (valibot's `object`,
 * zod's default) are refused as unexpected, so a parsed action holds only declared fields.
 * @public
 */
export function parseWith<TAction extends { readonly type: string }>(
  schema: StandardSchemaV1<unknown, TAction>,
): (input: Readonly<Record<string, unknown>>) => ParseResult<TAction> {
  return (input) => {
    const result = runSchema(schema, input);
    if (result.issues !== undefined) return { error: firstIssue(result.issues, '') };
    const type = typeof input.type === 'string' ? input.type.slice(0, 60) : 'the action';
    const dropped = droppedField(input, result.value, type, true);
    return dropped === undefined ? { action: result.value } : { error: dropped };
  };
}

/**
 * The `checkParams` of an effect or condition whose params are declared once with schemas,
 * one per field: params must be an object with exactly these fields, each valid. Every
 * problem is listed (the game definition error shows them all at once).
 *
 * @example
 * ```ts
 * const revenueFields = { perShop: v.pipe(v.number(), v.integer(), v.minValue(0)) };
 * export const payRevenue: Effect<FieldsOutput<typeof revenueFields>> = Object.assign(
 *   (ctx, params) => { ... },
 *   { checkParams: checkParamFields(revenueFields) },
 * );
 * ```
 * @public
 */
export function checkParamFields(fields: FieldSchemas): (params: unknown) => readonly string[] {
  const names = Object.keys(fields);
  const expected = names.join(', ');
  const check = (params: unknown): readonly string[] => {
    if (typeof params !== 'object' || params === null || Array.isArray(params))
      return [`expected params { ${expected} }`];
    const record = params as Readonly<Record<string, unknown>>;
    const problems: string[] = [];
    for (const key of Object.keys(record))
      if (!names.includes(key))
        problems.push(`unknown param ${quoteName(key)} (expected ${expected})`);
    for (const name of names) {
      const value = Object.prototype.hasOwnProperty.call(record, name) ? record[name] : undefined;
      const result = runSchema(fields[name] as StandardSchemaV1, value);
      if (result.issues !== undefined) problems.push(...allIssues(result.issues, name));
      else {
        const dropped = droppedField(value, result.value, name);
        if (dropped !== undefined) problems.push(dropped);
      }
    }
    return problems.slice(0, MAX_LISTED);
  };
  // The field names, for tools that describe params (the variant JSON Schema).
  return Object.assign(check, { paramNames: names });
}

/**
 * The `checkParams` of an effect or condition whose params are described by one schema (any
 * {@link StandardSchemaV1}): every issue, bounded, with where it is.
 * @public
 */
export function checkParamsWith(schema: StandardSchemaV1): (params: unknown) => readonly string[] {
  return (params) => {
    const result = runSchema(schema, params);
    if (result.issues !== undefined) return allIssues(result.issues, '').slice(0, MAX_LISTED);
    const dropped = droppedField(params, result.value, 'params');
    return dropped === undefined ? [] : [dropped];
  };
}

/** The most problems one params check lists. */
const MAX_LISTED = 20;

function firstIssue(issues: readonly StandardSchemaIssue[], where: string): string {
  const first = issues[0];
  const message = first === undefined ? `${where} is not valid` : issueMessage(first, where);
  const more = issues.length - 1;
  return more > 0
    ? `${message} (and ${String(more)} more problem${more === 1 ? '' : 's'})`
    : message;
}

function allIssues(issues: readonly StandardSchemaIssue[], where: string): string[] {
  return issues.slice(0, MAX_LISTED).map((issue) => issueMessage(issue, where));
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A message naming the first field that the schema dropped from its output (an unexpected
 * field), searching objects and arrays that the output mirrors; undefined when none was.
 */
function droppedField(
  input: unknown,
  output: unknown,
  name: string,
  isAction = false,
  depth = 0,
): string | undefined {
  if (depth > 16 || input === output) return undefined;
  if (Array.isArray(input) && Array.isArray(output) && input.length === output.length) {
    for (let i = 0; i < input.length; i++) {
      const found = droppedField(input[i], output[i], `${name}[${String(i)}]`, false, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (!isRecord(input) || !isRecord(output)) return undefined;
  const kept = isAction ? Object.keys(output).filter((k) => k !== 'type') : Object.keys(output);
  const extra = isAction ? checkActionFields(input, kept) : checkFields(input, kept, name);
  if (extra !== undefined) return extra;
  for (const key of kept) {
    const inner = Object.prototype.hasOwnProperty.call(input, key) ? input[key] : undefined;
    const child = isAction ? key : `${name}.${key}`;
    const found = droppedField(inner, output[key], child, false, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}
