import fc from 'fast-check';
import { lawSeed } from '@ruleloom/core/testing';
import { describe, expect, it } from 'vitest';
import { ListMemo } from './list-memo.js';

/** What the memo computes in these tests: the list's entries joined (a value to compare). */
interface Joined {
  text: string;
  computed: number;
}

function joinedMemo(): { memo: ListMemo<Joined>; computes: () => number } {
  let computes = 0;
  const memo = new ListMemo<Joined>((list, into) => {
    computes++;
    const value = into ?? { text: '', computed: 0 };
    value.text = list.join(',');
    value.computed = computes;
    return value;
  });
  return { memo, computes: () => computes };
}

describe('ListMemo', () => {
  it('always answers what a fresh computation gives, whatever lists come in which slots', () => {
    // Steps: look a list up in a slot, where the list is one seen before (kept, as states share
    // lists) or a new one (replaced, as `withCard` does), sometimes with the same entries.
    const step = fc.record({
      slot: fc.integer({ min: 0, max: 4 }),
      reuse: fc.option(fc.nat(), { nil: undefined }),
      entries: fc.array(fc.constantFrom('a', 'b', 'c'), { maxLength: 4 }),
    });
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 60 }), (steps) => {
        const { memo } = joinedMemo();
        const seen: string[][] = [];
        for (const { slot, reuse, entries } of steps) {
          const list =
            reuse !== undefined && seen.length > 0
              ? (seen[reuse % seen.length] as string[])
              : entries.slice();
          seen.push(list);
          expect(memo.get(slot, list).text).toBe(list.join(','));
        }
      }),
      { seed: lawSeed(), numRuns: 300 },
    );
  });

  it('computes a list kept in a slot once, and keeps two lists per slot', () => {
    const { memo, computes } = joinedMemo();
    const first = ['a', 'b'];
    const second = ['c'];
    memo.get(0, first);
    memo.get(0, second);
    memo.get(1, ['d']);
    expect(computes()).toBe(3);
    // Both lists of slot 0 are still kept, whatever slot 1 did.
    expect(memo.get(0, first).text).toBe('a,b');
    expect(memo.get(0, second).text).toBe('c');
    expect(computes()).toBe(3);
    // A third list in slot 0 pushes the older one out: it is computed again when it returns.
    memo.get(0, ['e']);
    memo.get(0, first);
    expect(computes()).toBe(5);
  });

  it('counts again a list whose length changed since (a list pushed to by mistake)', () => {
    const { memo } = joinedMemo();
    const list = ['a'];
    expect(memo.get(0, list).text).toBe('a');
    list.push('b');
    expect(memo.get(0, list).text).toBe('a,b');
  });

  it('reuses the value of the entry that leaves (a warm memo allocates nothing)', () => {
    const { memo } = joinedMemo();
    const one = memo.get(0, ['a']);
    memo.get(0, ['b']);
    const three = memo.get(0, ['c']);
    expect(three).toBe(one);
    expect(three.text).toBe('c');
  });
});

describe('ListMemo.derive', () => {
  it('keeps a derived value that reads as a fresh computation, kept or not kept before', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ slot: fc.integer({ min: 0, max: 2 }), derive: fc.boolean() }), {
          minLength: 1,
          maxLength: 40,
        }),
        (steps) => {
          const { memo } = joinedMemo();
          const current: string[][] = [[], [], []];
          steps.forEach(({ slot, derive }, i) => {
            const before = current[slot] as string[];
            const after = [...before, `x${String(i)}`];
            current[slot] = after;
            const id = `x${String(i)}`;
            if (derive)
              memo.derive(slot, before, after, (value, into) => {
                const text = value.text; // read before writing: `into` may be `value`
                into.text = text === '' ? id : `${text},${id}`;
              });
            for (let s = 0; s < 3; s++) {
              const list = current[s] as string[];
              expect(memo.get(s, list).text).toBe(list.join(','));
            }
          });
        },
      ),
      { seed: lawSeed(), numRuns: 300 },
    );
  });
});
