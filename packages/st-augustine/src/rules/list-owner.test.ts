import fc from 'fast-check';
import { lawSeed } from '@ruleloom/core/testing';
import { describe, expect, it } from 'vitest';
import { ListOwner } from './list-owner.js';

/** A state of these tests: one list, changed the way the game changes its piles. */
interface Holder {
  list: readonly number[];
}

/** Adds `value` to the holder's list: in place when it owns the list, else on a copy it owns. */
function add(owner: ListOwner<Holder>, h: Holder, value: number): void {
  const own = owner.mutable(h, 0, h.list);
  if (own !== undefined) own.push(value);
  else {
    const next = h.list.slice();
    next.push(value);
    h.list = next;
    owner.own(h, 0, next);
  }
}

/** A copy of a holder that shares its list (as a game's `cloneForStep` shares piles). */
function copy(owner: ListOwner<Holder>, h: Holder): Holder {
  owner.release(h);
  return { list: h.list };
}

describe('ListOwner', () => {
  it('no holder ever sees another one change, whatever copies and changes interleave', () => {
    // Each step changes one holder or copies one (the copy joins the holders); the model
    // copies on every change, so it is what every holder must read.
    const step = fc.record({ copy: fc.boolean(), at: fc.nat(), value: fc.integer() });
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 80 }), (steps) => {
        const owner = new ListOwner<Holder>(1);
        const holders: Holder[] = [{ list: [] }];
        const model: number[][] = [[]];
        for (const s of steps) {
          const i = s.at % holders.length;
          const h = holders[i] as Holder;
          if (s.copy) {
            holders.push(copy(owner, h));
            model.push((model[i] as number[]).slice());
          } else {
            add(owner, h, s.value);
            model[i] = [...(model[i] as number[]), s.value];
          }
          holders.forEach((x, k) => expect(x.list).toEqual(model[k]));
        }
      }),
      { seed: lawSeed(), numRuns: 300 },
    );
  });

  it('changes in place only the lists its owner registered, until the owner is copied', () => {
    const owner = new ListOwner<Holder>(2);
    const a: Holder = { list: [1] };
    const b: Holder = { list: [2] };
    // A list nobody registered (one read from JSON, one shared by a copy) is replaced.
    expect(owner.mutable(a, 0, a.list)).toBeUndefined();
    owner.own(a, 0, a.list);
    expect(owner.mutable(a, 0, a.list)).toBe(a.list);
    // The wrong slot, the wrong holder, or another list: no.
    expect(owner.mutable(a, 1, a.list)).toBeUndefined();
    expect(owner.mutable(b, 0, a.list)).toBeUndefined();
    expect(owner.mutable(a, 0, [1])).toBeUndefined();
    // A new owner takes over: the old one's lists are replaced again.
    owner.own(b, 1, b.list);
    expect(owner.mutable(a, 0, a.list)).toBeUndefined();
    expect(owner.mutable(b, 1, b.list)).toBe(b.list);
    // Copying the owner shares its lists: neither changes them in place any more.
    const c = copy(owner, b);
    expect(owner.mutable(b, 1, b.list)).toBeUndefined();
    expect(owner.mutable(c, 1, c.list)).toBeUndefined();
  });
});
