import { describe, expect, it } from 'vitest';
import { ACTION_LIMITS, checkJsonLimits, SAVE_LIMITS } from './json-limits.js';

describe('checkJsonLimits', () => {
  it('accepts plain JSON within the limits', () => {
    expect(checkJsonLimits({ type: 'bid', amount: 5000, shops: ['pub-k'] }, ACTION_LIMITS)).toBe(
      undefined,
    );
    expect(checkJsonLimits(JSON.parse('{"__proto__":{"a":1},"toString":1}'), ACTION_LIMITS)).toBe(
      undefined,
    );
  });

  it('names the place of the first problem', () => {
    expect(checkJsonLimits({ give: { shops: ['x'.repeat(2000)] } }, ACTION_LIMITS)).toBe(
      'a string of 2000 characters at give.shops[0] (at most 1000)',
    );
    expect(checkJsonLimits({ a: [1, undefined] }, ACTION_LIMITS)).toBe(
      'a hole or undefined at a[1]',
    );
    expect(checkJsonLimits({ n: NaN }, ACTION_LIMITS)).toBe('NaN at n is not a JSON number');
    expect(checkJsonLimits({ d: new Date(0) }, ACTION_LIMITS)).toBe('not a plain JSON object at d');
  });

  it('refuses depth before it could exhaust the stack, and cycles as depth', () => {
    const deep = JSON.parse('['.repeat(100_000) + ']'.repeat(100_000)) as unknown;
    expect(checkJsonLimits(deep, SAVE_LIMITS)).toMatch(/^nested deeper than 24 at \[0\]/);
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(checkJsonLimits(cycle, ACTION_LIMITS)).toMatch(/^nested deeper than 8/);
  });

  it('counts values and size across the whole value', () => {
    const wide = Array.from({ length: 600 }, () => Array.from({ length: 20 }, () => null));
    expect(checkJsonLimits(wide, ACTION_LIMITS)).toBe('more than 10000 values');
    const big = Array.from({ length: 100 }, () => 'y'.repeat(999));
    expect(checkJsonLimits(big, ACTION_LIMITS)).toBe('more than 65536 characters of JSON');
  });

  it('never throws: a throwing getter or proxy is a problem', () => {
    const getter = Object.defineProperty({}, 'x', {
      enumerable: true,
      get() {
        throw new Error('no');
      },
    });
    expect(checkJsonLimits(getter, ACTION_LIMITS)).toMatch(/could not be read/);
    const proxy = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('no');
        },
      },
    );
    expect(checkJsonLimits(proxy, ACTION_LIMITS)).toMatch(/could not be read/);
    expect(checkJsonLimits(10n, ACTION_LIMITS)).toBe('a bigint is not JSON');
  });
});
