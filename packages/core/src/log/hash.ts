/** Two-lane 32-bit mixer state. */
interface Lanes {
  a: number;
  b: number;
}

function mixWord(l: Lanes, w: number): void {
  l.a = Math.imul(l.a ^ w, 2654435761);
  l.b = Math.imul(l.b ^ w, 1597334677);
  l.a = (l.a << 13) | (l.a >>> 19);
  l.b = (l.b << 17) | (l.b >>> 15);
}

function mixString(l: Lanes, s: string): void {
  mixWord(l, 0x5354 ^ s.length);
  for (let i = 0; i < s.length; i++) mixWord(l, s.charCodeAt(i));
}

function mixValue(l: Lanes, value: unknown): void {
  switch (typeof value) {
    case 'number':
      if (Number.isInteger(value) && value >= -0x80000000 && value <= 0x7fffffff) {
        mixWord(l, 0x4e31);
        mixWord(l, value);
      } else {
        mixWord(l, 0x4e32);
        mixString(l, Object.is(value, -0) ? '0' : String(value));
      }
      return;
    case 'string':
      mixString(l, value);
      return;
    case 'boolean':
      mixWord(l, value ? 0x5401 : 0x5400);
      return;
    case 'object':
      if (value === null) {
        mixWord(l, 0x4e55);
        return;
      }
      if (Array.isArray(value)) {
        mixWord(l, 0x4152 ^ value.length);
        for (let i = 0; i < value.length; i++) mixValue(l, value[i]);
        return;
      }
      {
        const record = value as Record<string, unknown>;
        const keys = Object.keys(record);
        keys.sort();
        let count = 0;
        for (const k of keys) if (record[k] !== undefined) count++;
        mixWord(l, 0x4f42 ^ count);
        for (const k of keys) {
          const v = record[k];
          if (v === undefined) continue;
          mixString(l, k);
          mixValue(l, v);
        }
      }
      return;
    default:
      throw new TypeError(`cannot hash a ${typeof value}: states must be plain JSON`);
  }
}

function finalize(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * A canonical 64-bit hash (16 hex digits) of plain JSON data.
 *
 * @remarks
 * Object keys are sorted and `undefined` fields are ignored, so the same data gives the same
 * hash whatever the key order, on every platform. It is not a cryptographic hash: it detects
 * corruption and divergence, not tampering by an adversary who wants a collision.
 * @public
 */
export function hashJson(value: unknown): string {
  const lanes: Lanes = { a: 0x243f6a88, b: 0x85a308d3 };
  mixValue(lanes, value);
  const a = finalize(lanes.a ^ Math.imul(lanes.b, 0x27d4eb2f));
  const b = finalize(lanes.b ^ Math.imul(a, 0x165667b1));
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}
