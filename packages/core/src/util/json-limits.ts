import { describeValue } from './describe.js';

/**
 * Structural limits on a JSON value from outside (an action, a setup, a save). They are
 * checked without recursion before anything else reads the value, so no input can exhaust the
 * stack, the heap or the CPU.
 * @public
 */
export interface JsonLimits {
  /** Deepest nesting of arrays and objects (the value itself is depth 0). */
  readonly maxDepth: number;
  /** Longest string, and longest object key, in characters. */
  readonly maxStringLength: number;
  /** Most items in one array, and most keys in one object. */
  readonly maxArrayLength: number;
  /** Most values in all (every object, array, string, number, boolean, null counts one). */
  readonly maxNodes: number;
  /** Most characters of JSON text the value would take (strings, keys and numbers counted). */
  readonly maxSize: number;
}

/**
 * The limits an action must fit in: depth 8, strings of 1,000 characters, 1,000 items per
 * array, 10,000 values, 64 KB.
 * @public
 */
export const ACTION_LIMITS: JsonLimits = Object.freeze({
  maxDepth: 8,
  maxStringLength: 1_000,
  maxArrayLength: 1_000,
  maxNodes: 10_000,
  maxSize: 65_536,
});

/**
 * The limits a setup (seed, players, options with card overrides) must fit in: depth 16,
 * strings of 1,000 characters, 10,000 items per array, 50,000 values, 256 KB.
 * @public
 */
export const SETUP_LIMITS: JsonLimits = Object.freeze({
  maxDepth: 16,
  maxStringLength: 1_000,
  maxArrayLength: 10_000,
  maxNodes: 50_000,
  maxSize: 262_144,
});

/**
 * The limits a whole save must fit in: depth 24, strings of 100,000 characters, a million
 * actions, 20 million values, 256 MB.
 * @public
 */
export const SAVE_LIMITS: JsonLimits = Object.freeze({
  maxDepth: 24,
  maxStringLength: 100_000,
  maxArrayLength: 1_000_000,
  maxNodes: 20_000_000,
  maxSize: 268_435_456,
});

/**
 * Checks that a value is plain JSON within `limits`, without recursion: returns undefined when
 * it is, else a sentence saying what is wrong and where (`at amount[0][0]...: nested deeper than 8`).
 *
 * @remarks
 * Refused: nesting, strings, arrays, value counts or sizes past the limits; values JSON does
 * not have (`undefined` inside arrays, bigints, functions, symbols, `NaN` and infinities);
 * objects that are not plain (class instances, `Map`, `Date`); properties whose getter throws;
 * cycles (as too deep). Objects with keys such as `__proto__`, `constructor` or `toString`
 * are plain JSON and pass: code that meets them must use own-property checks. A value read
 * twice could change between reads only through a getter, which JSON never has.
 * @public
 */
export function checkJsonLimits(value: unknown, limits: JsonLimits): string | undefined {
  if (value === undefined) return undefined; // nothing at all: the caller says what it expected
  try {
    if (fitsFlat(value) && limits.maxDepth >= 1 && flatFitsWithin(limits)) return undefined;
    const budget: Budget = { nodes: 0, size: 0, limits };
    const failure = check(value, 0, budget);
    if (failure === undefined) return undefined;
    const path = failure.path.reverse().join('');
    const where = path === '' ? '' : ` at ${path.length > 80 ? `${path.slice(0, 80)}…` : path}`;
    return failure.where ? `${failure.problem}${where}${failure.suffix}` : failure.problem;
  } catch {
    return 'the value could not be read (a getter or proxy threw)';
  }
}

/** The bounds of the flat fast path: up to 16 keys of 64 characters, strings of 256. */
const FLAT_KEYS = 16;
const FLAT_KEY_LENGTH = 64;
const FLAT_STRING_LENGTH = 256;

/** Whether any value {@link fitsFlat} accepts is within `limits` (true for every limit here). */
function flatFitsWithin(limits: JsonLimits): boolean {
  return (
    limits.maxStringLength >= FLAT_STRING_LENGTH &&
    limits.maxArrayLength >= FLAT_KEYS &&
    limits.maxNodes > FLAT_KEYS &&
    limits.maxSize >= FLAT_KEYS * (FLAT_KEY_LENGTH + FLAT_STRING_LENGTH + 8)
  );
}

/**
 * The common case of an action, checked without the walk: a plain object of a few fields
 * whose values are short strings, finite numbers, booleans or null (`{ type: 'bid', amount }`).
 * Anything else (nesting, long values, many keys) takes the full walk.
 */
function fitsFlat(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  let n = 0;
  for (const key in value) {
    if (++n > FLAT_KEYS || key.length > FLAT_KEY_LENGTH) return false;
    const v: unknown = (value as Record<string, unknown>)[key];
    switch (typeof v) {
      case 'string':
        if (v.length > FLAT_STRING_LENGTH) return false;
        break;
      case 'number':
        if (!Number.isFinite(v)) return false;
        break;
      case 'boolean':
      case 'undefined':
        break;
      default:
        if (v !== null) return false;
    }
  }
  return true;
}

/** What the walk has used of the limits so far. */
interface Budget {
  nodes: number;
  size: number;
  readonly limits: JsonLimits;
}

/** A problem found, with the path to it (built, innermost first, as the walk unwinds). */
interface Failure {
  readonly problem: string;
  /** Whether the message names the place (whole-value limits do not). */
  readonly where: boolean;
  readonly suffix: string;
  readonly path: string[];
}

function fail(problem: string, suffix = ''): Failure {
  return { problem, where: true, suffix, path: [] };
}

/**
 * Checks one value. Recursion is safe here: it descends only while `depth < maxDepth`, and every
 * limit's maximum depth is small (at most 24 for saves).
 */
function check(value: unknown, depth: number, b: Budget): Failure | undefined {
  const limits = b.limits;
  if (++b.nodes > limits.maxNodes)
    return {
      problem: `more than ${String(limits.maxNodes)} values`,
      where: false,
      suffix: '',
      path: [],
    };
  switch (typeof value) {
    case 'string':
      if (value.length > limits.maxStringLength)
        return fail(
          `a string of ${String(value.length)} characters`,
          ` (at most ${String(limits.maxStringLength)})`,
        );
      b.size += value.length + 2;
      break;
    case 'number':
      if (!Number.isFinite(value)) return fail(describeValue(value), ' is not a JSON number');
      b.size += 8;
      break;
    case 'boolean':
      b.size += 5;
      break;
    case 'object': {
      if (value === null) {
        b.size += 4;
        break;
      }
      if (depth >= limits.maxDepth) return fail(`nested deeper than ${String(limits.maxDepth)}`);
      if (Array.isArray(value)) {
        const n = value.length;
        if (n > limits.maxArrayLength)
          return fail(
            `an array of ${String(n)} items`,
            ` (at most ${String(limits.maxArrayLength)})`,
          );
        b.size += 2 + n;
        for (let i = 0; i < n; i++) {
          const item: unknown = value[i];
          if (item === undefined) {
            const hole = fail('a hole or undefined');
            hole.path.push(`[${String(i)}]`);
            return hole;
          }
          const failure = check(item, depth + 1, b);
          if (failure !== undefined) {
            failure.path.push(`[${String(i)}]`);
            return failure;
          }
        }
        break;
      }
      const proto: unknown = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) return fail('not a plain JSON object');
      // `for...in` walks the keys without allocating a list (the prototype is Object.prototype
      // or null, which have no enumerable keys); the key count is checked as it goes.
      b.size += 2;
      let count = 0;
      for (const key in value) {
        if (++count > limits.maxArrayLength)
          return fail(`an object of more than ${String(limits.maxArrayLength)} keys`);
        if (key.length > limits.maxStringLength)
          return fail(
            `a key of ${String(key.length)} characters`,
            ` (at most ${String(limits.maxStringLength)})`,
          );
        b.size += key.length + 4;
        const item: unknown = (value as Record<string, unknown>)[key];
        if (item === undefined) continue; // JSON.stringify drops it, as hashing does
        const failure = check(item, depth + 1, b);
        if (failure !== undefined) {
          failure.path.push(depth === 0 ? key.slice(0, 40) : `.${key.slice(0, 40)}`);
          return failure;
        }
      }
      break;
    }
    case 'undefined':
      return fail('undefined');
    default:
      return fail(describeValue(value), ' is not JSON');
  }
  if (b.size > limits.maxSize)
    return {
      problem: `more than ${String(limits.maxSize)} characters of JSON`,
      where: false,
      suffix: '',
      path: [],
    };
  return undefined;
}
