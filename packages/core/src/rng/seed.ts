import { fmix32 } from '../util/mix.js';

/**
 * A match or stream seed: any integer (safe integer range) or any string.
 * @public
 */
export type Seed = number | string;

/**
 * The state of a seeded generator: four 32-bit words of xoroshiro128+, plain JSON data.
 * @public
 */
export type RngState = readonly [number, number, number, number];

/** Two independent 32-bit hashes of a string (cyrb53's lanes). */
function hashString(text: string): [number, number] {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return [h1 | 0, h2 | 0];
}

/** Splits a seed into two 32-bit words without losing information for safe integers. */
function seedWords(seed: Seed): [number, number] {
  if (typeof seed === 'string') return hashString(`s:${seed}`);
  if (!Number.isSafeInteger(seed)) {
    throw new RangeError(`seed must be a safe integer or a string, got ${String(seed)}`);
  }
  const negative = seed < 0;
  const magnitude = Math.abs(seed);
  const lo = (magnitude % 0x100000000) | 0;
  const hi = (Math.floor(magnitude / 0x100000000) | 0) ^ (negative ? 0x7fffffff : 0);
  return [lo, hi];
}

/** Four words as a generator state (never all zero, which xoroshiro cannot leave). */
function toState(words: readonly number[]): RngState {
  const [a = 0, b = 0, c = 0, d = 0] = words;
  return (a | b | c | d) === 0 ? [1, b, c, d] : [a, b, c, d];
}

/**
 * Whether a value is a usable {@link Seed}.
 * @public
 */
export function isSeed(value: unknown): value is Seed {
  return typeof value === 'string' || (typeof value === 'number' && Number.isSafeInteger(value));
}

/**
 * Mixes a seed into a generator state.
 *
 * @remarks
 * xoroshiro128+ seeded directly with consecutive small integers yields nearly identical
 * first outputs; this function runs the seed through a SplitMix-style finaliser so that
 * consecutive seeds give unrelated streams.
 * @public
 */
export function createRngState(seed: Seed): RngState {
  const [lo, hi] = seedWords(seed);
  const a = fmix32(lo ^ 0x9e3779b9);
  const b = fmix32(hi ^ 0x6a09e667);
  const words: number[] = [];
  for (let i = 0; i < 4; i++) {
    words.push(fmix32(a + Math.imul(i + 1, 0x9e3779b9)) ^ fmix32(b + Math.imul(i + 1, 0x7f4a7c15)));
  }
  return toState(words);
}

/**
 * Derives an independent stream from a generator state and a key, without advancing the
 * original stream (for example a bot's private rollouts beside the match's own dice).
 * @public
 */
export function forkRngState(state: RngState, key: Seed): RngState {
  const [klo, khi] = seedWords(
    typeof key === 'number' && !Number.isSafeInteger(key) ? String(key) : key,
  );
  const words: number[] = [];
  for (let i = 0; i < 4; i++) {
    const w = state[i] ?? 0;
    words.push(
      fmix32(w ^ fmix32(klo + Math.imul(i + 1, 0x9e3779b9))) ^
        fmix32(khi + Math.imul(i + 7, 0x85ebca6b)),
    );
  }
  return toState(words);
}
