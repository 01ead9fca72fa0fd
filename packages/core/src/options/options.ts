import { codedProblem, type Problem } from '../errors/problem.js';
import { didYouMean } from '../errors/suggest.js';
import { describeValue, quoteName } from '../util/describe.js';

/**
 * What an option's validator may consult besides the value itself.
 * @public
 */
export interface OptionCheckContext {
  /** Number of players in the setup being checked. */
  readonly players: number;
  /** Every card instance id of the match (after card overrides), in table order. */
  readonly cardIds: readonly string[];
}

/** Fields every option kind shares. */
interface OptionBase<TValue> {
  /** One sentence for people (shown by the CLI and the docs). */
  readonly description: string;
  /** The value used when the setup does not give one. */
  readonly default: TValue;
  /** True when the value would give away hidden information (bots never see it). */
  readonly secret?: boolean;
}

/**
 * A whole-number option.
 * @public
 */
export interface IntegerOption extends OptionBase<number> {
  readonly type: 'integer';
  readonly min?: number;
  readonly max?: number;
  /** The value must be a multiple of this (e.g. 1000 for money in dollars). */
  readonly multipleOf?: number;
}

/**
 * An option that takes one of a few string values.
 * @public
 */
export interface EnumOption<TValue extends string = string> extends OptionBase<TValue> {
  readonly type: 'enum';
  readonly values: readonly TValue[];
}

/**
 * A yes/no option.
 * @public
 */
export interface BooleanOption extends OptionBase<boolean> {
  readonly type: 'boolean';
}

/**
 * An option with any JSON value, checked by its own validator.
 * @public
 */
export interface CustomOption<TValue = unknown> extends OptionBase<TValue> {
  readonly type: 'custom';
  /** Returns the problems with a value (empty when it is fine); messages name no path. */
  readonly validate: (value: unknown, context: OptionCheckContext) => readonly string[];
}

/**
 * Any option declaration.
 * @public
 */
export type OptionSpec = IntegerOption | EnumOption | BooleanOption | CustomOption;

/**
 * A game's option declarations, by option name.
 * @public
 */
export type OptionsSchema = Readonly<Record<string, OptionSpec>>;

/**
 * The option values a schema describes (what handlers read).
 * @public
 */
export type OptionValues<TSchema extends OptionsSchema> = {
  readonly [K in keyof TSchema]: TSchema[K] extends EnumOption<infer V>
    ? V
    : TSchema[K] extends IntegerOption
      ? number
      : TSchema[K] extends BooleanOption
        ? boolean
        : TSchema[K] extends CustomOption<infer V>
          ? V
          : never;
};

/**
 * Builders for option declarations that keep precise types (no `as const` needed).
 *
 * @example
 * ```ts
 * const options = {
 *   turns: option.integer({ default: 40, min: 1, max: 1000, description: 'Turns in the game.' }),
 *   trading: option.enum(['on', 'off'], { default: 'on', description: 'Trade phase on or off.' }),
 * };
 * ```
 * @public
 */
export const option = {
  /** A whole-number option. */
  integer(spec: Omit<IntegerOption, 'type'>): IntegerOption {
    return { type: 'integer', ...spec };
  },
  /** An option taking one of `values`. */
  enum<const TValue extends string>(
    values: readonly TValue[],
    spec: Omit<EnumOption<TValue>, 'type' | 'values'>,
  ): EnumOption<TValue> {
    return { type: 'enum', values, ...spec };
  },
  /** A yes/no option. */
  boolean(spec: Omit<BooleanOption, 'type'>): BooleanOption {
    return { type: 'boolean', ...spec };
  },
  /** An option with its own validator. */
  custom<TValue>(spec: Omit<CustomOption<TValue>, 'type'>): CustomOption<TValue> {
    return { type: 'custom', ...spec };
  },
} as const;

/** Human description of what an option accepts. */
function expected(spec: OptionSpec): string {
  switch (spec.type) {
    case 'integer': {
      const range =
        spec.min !== undefined && spec.max !== undefined
          ? ` from ${String(spec.min)} to ${String(spec.max)}`
          : spec.min !== undefined
            ? ` of at least ${String(spec.min)}`
            : spec.max !== undefined
              ? ` of at most ${String(spec.max)}`
              : '';
      const multiple =
        spec.multipleOf !== undefined ? `, a multiple of ${String(spec.multipleOf)}` : '';
      return `a whole number${range}${multiple}`;
    }
    case 'enum':
      return `one of ${spec.values.map((v) => `'${v}'`).join(', ')}`;
    case 'boolean':
      return 'true or false';
    case 'custom':
      return spec.description;
  }
}

/** Checks one option value; returns messages (without the path). */
export function checkOptionValue(
  spec: OptionSpec,
  value: unknown,
  context: OptionCheckContext,
): string[] {
  switch (spec.type) {
    case 'integer': {
      if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
        return [`expected ${expected(spec)}, got ${describeValue(value)}`];
      }
      if (
        (spec.min !== undefined && value < spec.min) ||
        (spec.max !== undefined && value > spec.max) ||
        (spec.multipleOf !== undefined && value % spec.multipleOf !== 0)
      ) {
        return [`expected ${expected(spec)}, got ${describeValue(value)}`];
      }
      return [];
    }
    case 'enum':
      return typeof value === 'string' && spec.values.includes(value)
        ? []
        : [`expected ${expected(spec)}, got ${describeValue(value)}`];
    case 'boolean':
      return typeof value === 'boolean'
        ? []
        : [`expected true or false, got ${describeValue(value)}`];
    case 'custom':
      return [...spec.validate(value, context)];
  }
}

function hasOwn(record: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(record, key);
}

/**
 * Resolves user options against a schema: fills defaults and lists every problem.
 * `reserved` names options handled elsewhere (e.g. `cards`), which are skipped here.
 */
export function resolveOptions(
  schema: OptionsSchema,
  input: unknown,
  context: OptionCheckContext,
  reserved: readonly string[],
): { values: Record<string, unknown>; problems: Problem[] } {
  const problems: Problem[] = [];
  const values: Record<string, unknown> = {};
  let given: Record<string, unknown> = {};
  if (input !== undefined) {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      problems.push({
        path: 'options',
        message: `expected an object of options, got ${describeValue(input)}`,
      });
    } else {
      given = input as Record<string, unknown>;
    }
  }
  const known = Object.keys(schema);
  for (const key of Object.keys(given)) {
    // Own properties only: `toString`, `constructor` or `__proto__` are not options.
    if (!hasOwn(schema, key) && !reserved.includes(key)) {
      problems.push(
        codedProblem(
          `options.${key.length > 60 ? `${key.slice(0, 60)}…` : key}`,
          `unknown option ${quoteName(key)}.${(problems.length < 10 && didYouMean(key, [...known, ...reserved])) || ` Known options: ${known.join(', ')}.`}`,
          'unknown_option',
        ),
      );
    }
  }
  for (const key of known) {
    const spec = schema[key] as OptionSpec;
    const value = hasOwn(given, key) && given[key] !== undefined ? given[key] : spec.default;
    for (const message of checkOptionValue(spec, value, context)) {
      problems.push({ path: `options.${key}`, message });
    }
    values[key] = value;
  }
  return { values, problems };
}
