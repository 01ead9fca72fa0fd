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
  try {
    return walk(value, limits);
  } catch {
    return 'the value could not be read (a getter or proxy threw)';
  }
}

function walk(root: unknown, limits: JsonLimits): string | undefined {
  const stack: unknown[] = [root];
  const depths: number[] = [0];
  const paths: string[] = [''];
  let nodes = 0;
  let size = 0;
  while (stack.length > 0) {
    const value = stack.pop();
    const depth = depths.pop() as number;
    const path = paths.pop() as string;
    if (++nodes > limits.maxNodes) return `more than ${String(limits.maxNodes)} values`;
    const where = path === '' ? '' : ` at ${path.length > 80 ? `${path.slice(0, 80)}…` : path}`;
    switch (typeof value) {
      case 'string':
        if (value.length > limits.maxStringLength)
          return `a string of ${String(value.length)} characters${where} (at most ${String(limits.maxStringLength)})`;
        size += value.length + 2;
        break;
      case 'number':
        if (!Number.isFinite(value)) return `${describeValue(value)}${where} is not a JSON number`;
        size += 8;
        break;
      case 'boolean':
        size += 5;
        break;
      case 'object': {
        if (value === null) {
          size += 4;
          break;
        }
        if (depth >= limits.maxDepth)
          return `nested deeper than ${String(limits.maxDepth)}${where}`;
        if (Array.isArray(value)) {
          const n = value.length;
          if (n > limits.maxArrayLength)
            return `an array of ${String(n)} items${where} (at most ${String(limits.maxArrayLength)})`;
          size += 2 + n;
          for (let i = n - 1; i >= 0; i--) {
            const item: unknown = value[i];
            if (item === undefined) return `a hole or undefined${where}[${String(i)}]`;
            stack.push(item);
            depths.push(depth + 1);
            paths.push(`${path}[${String(i)}]`);
          }
          break;
        }
        const proto: unknown = Object.getPrototypeOf(value);
        if (proto !== Object.prototype && proto !== null) return `not a plain JSON object${where}`;
        const keys = Object.keys(value);
        if (keys.length > limits.maxArrayLength)
          return `an object of ${String(keys.length)} keys${where} (at most ${String(limits.maxArrayLength)})`;
        size += 2;
        for (let i = keys.length - 1; i >= 0; i--) {
          const key = keys[i] as string;
          if (key.length > limits.maxStringLength)
            return `a key of ${String(key.length)} characters${where} (at most ${String(limits.maxStringLength)})`;
          size += key.length + 4;
          const item: unknown = (value as Record<string, unknown>)[key];
          if (item === undefined) continue; // JSON.stringify drops it, as hashing does
          stack.push(item);
          depths.push(depth + 1);
          paths.push(path === '' ? key.slice(0, 40) : `${path}.${key.slice(0, 40)}`);
        }
        break;
      }
      case 'undefined':
        if (path === '') break; // nothing at all: the caller says what it expected
        return `undefined${where}`;
      default:
        return `${describeValue(value)}${where} is not JSON`;
    }
    if (size > limits.maxSize) return `more than ${String(limits.maxSize)} characters of JSON`;
  }
  return undefined;
}
