/**
 * One problem that a {@link StandardSchemaV1} found in a value.
 * @public
 */
export interface StandardSchemaIssue {
  /** What is wrong, for a person. */
  readonly message: string;
  /** Where, from the validated value down (keys, or `{ key }` segments). */
  readonly path?: readonly (PropertyKey | { readonly key: PropertyKey })[] | undefined;
}

/**
 * What a {@link StandardSchemaV1} answers: the typed value, or the issues found.
 * @public
 */
export type StandardSchemaResult<TOutput> =
  | { readonly value: TOutput; readonly issues?: undefined }
  | { readonly issues: readonly StandardSchemaIssue[] };

/**
 * A schema of any library that implements Standard Schema v1 (https://standardschema.dev):
 * valibot, zod, ArkType and others. Ruleloom reads only its `~standard` property.
 *
 * @remarks
 * The type is the spec's own interface, written out so that core needs no dependency. Games
 * validate synchronously: an asynchronous schema is refused when it is used.
 * @public
 */
export interface StandardSchemaV1<TInput = unknown, TOutput = TInput> {
  /** The Standard Schema properties. */
  readonly '~standard': {
    /** The version of the standard (1). */
    readonly version: 1;
    /** The library that made the schema. */
    readonly vendor: string;
    /** Checks a value: the typed value, or the issues found. */
    readonly validate: (
      value: unknown,
    ) => StandardSchemaResult<TOutput> | Promise<StandardSchemaResult<TOutput>>;
    /** The input and output types, for inference only. */
    readonly types?: { readonly input: TInput; readonly output: TOutput } | undefined;
  };
}

/**
 * The type a {@link StandardSchemaV1} validates to.
 * @public
 */
export type InferSchemaOutput<TSchema extends StandardSchemaV1> = NonNullable<
  TSchema['~standard']['types']
>['output'];

/**
 * A schema of any library seen as its {@link StandardSchemaV1} interface: the same object,
 * typed by what it validates to. Exported declarations then name no library internals
 * (`{ amount: StandardSchemaV1<unknown, number> }` rather than valibot's pipe types).
 * @example
 * ```ts
 * export const bidFields = { amount: standardSchema(v.pipe(v.number(), v.integer())) };
 * ```
 * @public
 */
export function standardSchema<TOutput>(
  schema: StandardSchemaV1<unknown, TOutput>,
): StandardSchemaV1<unknown, TOutput> {
  return schema;
}

/** The most characters of a schema's message that a problem or rejection shows. */
const MAX_MESSAGE = 200;

/** A message cut to {@link MAX_MESSAGE} characters. */
export function boundedMessage(message: unknown): string {
  const text = typeof message === 'string' && message !== '' ? message : 'is not valid';
  return text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE - 1)}…` : text;
}

/** An issue's path as `a.b[0]` (keys cut to 40 characters), or '' for the value itself. */
export function issuePath(issue: StandardSchemaIssue): string {
  let text = '';
  for (const segment of issue.path ?? []) {
    const key: unknown = typeof segment === 'object' ? segment.key : segment;
    if (typeof key === 'number') text += `[${String(key)}]`;
    else {
      const name = typeof key === 'string' ? key.slice(0, 40) : 'symbol';
      text += text === '' ? name : `.${name}`;
    }
  }
  return text;
}

/**
 * An issue as a sentence: its message, prefixed with where it is (`where`, then the issue's
 * own path) unless the message already names that place (its last key, as a whole word).
 */
export function issueMessage(issue: StandardSchemaIssue, where: string): string {
  const inner = issuePath(issue);
  const at =
    where === ''
      ? inner
      : inner === '' || inner.startsWith('[')
        ? `${where}${inner}`
        : `${where}.${inner}`;
  const message = boundedMessage(issue.message);
  const last = /([A-Za-z_$][\w$]*)(?:\[\d+\])*$/.exec(at)?.[1];
  return at === '' || (last !== undefined && namesWord(message, last))
    ? message
    : `${at}: ${message}`;
}

/** Whether `text` holds `word` as a whole word (not inside a longer name). */
function namesWord(text: string, word: string): boolean {
  const escaped = word.replace(/\$/g, '\\$');
  return new RegExp(`(?:^|[^\\w$])${escaped}(?:$|[^\\w$])`).test(text);
}

/**
 * Runs a schema synchronously: the value, or the issues (never throws: a schema that throws
 * or answers asynchronously gives one issue saying so).
 */
export function runSchema<TOutput>(
  schema: StandardSchemaV1<unknown, TOutput>,
  value: unknown,
): StandardSchemaResult<TOutput> {
  let result: StandardSchemaResult<TOutput> | Promise<StandardSchemaResult<TOutput>>;
  try {
    result = schema['~standard'].validate(value);
  } catch {
    return { issues: [{ message: 'could not be checked (its schema threw)' }] };
  }
  if (result instanceof Promise) {
    result.then(undefined, () => undefined); // an abandoned promise must not reject unhandled
    return {
      issues: [{ message: 'has an asynchronous schema; game schemas must validate synchronously' }],
    };
  }
  return result;
}

/** Whether a value is a Standard Schema (has a `~standard` object with a `validate` function). */
export function isStandardSchema(value: unknown): value is StandardSchemaV1 {
  if (typeof value !== 'object' && typeof value !== 'function') return false;
  if (value === null) return false;
  const props: unknown = (value as { '~standard'?: unknown })['~standard'];
  return (
    typeof props === 'object' &&
    props !== null &&
    typeof (props as { validate?: unknown }).validate === 'function'
  );
}
