/*
 * Canonical hashing of plain JSON data, built for speed on game states:
 * - every value hashes to two 32-bit lanes (module-level registers, no allocation);
 * - strings are hashed once and cached (card ids and field names repeat endlessly);
 * - an object is the sum of a non-linear hash of each (key, value) entry, so key order does
 *   not matter and no key sorting is needed; arrays mix their items in order.
 */

import { fmix32 } from '../util/mix.js';

let A = 0;
let B = 0;

const STRING_CACHE_LIMIT = 50_000;
/**
 * Cached strings: the slot of each, whose two lanes are at `2 * slot` and `2 * slot + 1`.
 * A prototype-less object, not a `Map`: V8's keyed property lookup of a cached string is
 * faster than `Map.get`, and these lookups are most of the time of a state's hash.
 */
let stringSlots: Record<string, number | undefined> = Object.create(null) as Record<
  string,
  number | undefined
>;
let cachedStrings = 0;
let stringLanes = new Int32Array(2 * 1024);

function hashString(s: string): void {
  const slot = stringSlots[s];
  if (slot !== undefined) {
    A = stringLanes[2 * slot] as number;
    B = stringLanes[2 * slot + 1] as number;
    return;
  }
  let a = 0x9e3779b9 ^ s.length;
  let b = 0x7f4a7c15 ^ Math.imul(s.length, 0x27d4eb2f);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    a = Math.imul(a ^ c, 2654435761);
    b = Math.imul(b ^ c, 1597334677);
  }
  a = fmix32(a ^ Math.imul(b, 0x165667b1));
  b = fmix32(b ^ Math.imul(a, 0x27d4eb2f));
  if (cachedStrings >= STRING_CACHE_LIMIT) {
    stringSlots = Object.create(null) as Record<string, number | undefined>;
    cachedStrings = 0;
  }
  const next = cachedStrings++;
  if (2 * next + 1 >= stringLanes.length) {
    const grown = new Int32Array(stringLanes.length * 2);
    grown.set(stringLanes);
    stringLanes = grown;
  }
  stringSlots[s] = next;
  stringLanes[2 * next] = a;
  stringLanes[2 * next + 1] = b;
  A = a;
  B = b;
}

function hashValue(value: unknown): void {
  switch (typeof value) {
    case 'number':
      // -0 hashes as 0 (`(-0 | 0) === -0`): JSON writes it as 0, so a state holding -0 must
      // hash like the state its save restores to.
      if ((value | 0) === value) {
        A = fmix32(value ^ 0x4e31c5a3);
        B = fmix32(Math.imul(value, 0x9e3779b1) ^ 0x2545f491);
      } else {
        hashString(`\u0000n${String(value)}`);
        A ^= 0x1b873593;
      }
      return;
    case 'string':
      hashString(value);
      return;
    case 'boolean':
      A = value ? 0x5401ab13 : 0x54009c2f;
      B = value ? 0x1d8e4e27 : 0x3c6ef372;
      return;
    case 'object': {
      if (value === null) {
        A = 0x4e554c4c;
        B = 0x6c6c554e;
        return;
      }
      if (Array.isArray(value)) {
        let a = 0x41525259 ^ value.length;
        let b = 0x59525241 + value.length;
        for (let i = 0; i < value.length; i++) {
          const item: unknown = value[i];
          // Card ids: the common case, looked up in the cache without the general dispatch.
          const slot = typeof item === 'string' ? stringSlots[item] : undefined;
          if (slot !== undefined) {
            A = stringLanes[2 * slot] as number;
            B = stringLanes[2 * slot + 1] as number;
          } else hashValue(item);
          a = Math.imul(((a << 5) | (a >>> 27)) ^ A, 0x9e3779b1);
          b = Math.imul(((b << 7) | (b >>> 25)) ^ B, 0x85ebca77);
        }
        A = fmix32(a);
        B = fmix32(b ^ a);
        return;
      }
      const record = value as Record<string, unknown>;
      let sumA = 0;
      let sumB = 0;
      let count = 0;
      // `for...in` walks V8's enum cache without allocating a key list; plain JSON objects
      // have no inherited enumerable keys (the one difference from `Object.keys`).
      for (const key in record) {
        const v = record[key];
        if (v === undefined) continue;
        let keySlot = stringSlots[key];
        if (keySlot === undefined) {
          hashString(key); // a string not yet cached takes the newest slot
          keySlot = cachedStrings - 1;
        }
        const ka = stringLanes[2 * keySlot] as number;
        const kb = stringLanes[2 * keySlot + 1] as number;
        // String values (card ids, names): straight from the cache, as in arrays.
        const slot = typeof v === 'string' ? stringSlots[v] : undefined;
        if (slot !== undefined) {
          A = stringLanes[2 * slot] as number;
          B = stringLanes[2 * slot + 1] as number;
        } else hashValue(v);
        sumA = (sumA + fmix32(ka ^ Math.imul(A, 0xcc9e2d51) ^ (B >>> 7))) | 0;
        sumB = (sumB + fmix32(kb + Math.imul(B, 0x1b873593) + (A << 3))) | 0;
        count++;
      }
      A = fmix32(sumA ^ Math.imul(count, 0x4f424a45));
      B = fmix32(sumB + 0x7b7d0000 + count);
      return;
    }
    default:
      throw new TypeError(`cannot hash a ${typeof value}: states must be plain JSON`);
  }
}

const HEX_BYTES: readonly string[] = Array.from({ length: 256 }, (_, i) =>
  i.toString(16).padStart(2, '0'),
);

/** Eight lowercase hex digits of a 32-bit word. */
function hex32(x: number): string {
  return (
    (HEX_BYTES[(x >>> 24) & 0xff] as string) +
    (HEX_BYTES[(x >>> 16) & 0xff] as string) +
    (HEX_BYTES[(x >>> 8) & 0xff] as string) +
    (HEX_BYTES[x & 0xff] as string)
  );
}

/**
 * A canonical 64-bit hash (16 hex digits) of plain JSON data.
 *
 * @remarks
 * Object keys may come in any order and `undefined` fields are ignored, so the same data
 * gives the same hash on every platform. It is not a cryptographic hash: it detects
 * corruption and divergence, not tampering by an adversary who wants a collision.
 * @public
 */
export function hashJson(value: unknown): string {
  hashValue(value);
  const a = fmix32(A ^ 0x243f6a88);
  const b = fmix32(B ^ Math.imul(a >>> 0, 0x85a308d3));
  return hex32(a) + hex32(b);
}
