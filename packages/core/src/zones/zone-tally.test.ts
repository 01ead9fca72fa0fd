import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tallyZone, ZoneKey } from './zone-tally.js';
import { withCard, withoutCard } from './zone.js';

/** Cards `<suit>-<n>` of four suits, and jokers without a suit. */
const IDS = ['red-1', 'red-2', 'blue-1', 'blue-2', 'green-1', 'gold-1', 'joker-1', 'joker-2'];
const suitOf = (id: string): string | undefined =>
  id.startsWith('joker') ? undefined : id.split('-')[0];
const colourKey = new ZoneKey(IDS, suitOf);
const numberKey = new ZoneKey(IDS, (id) => (id.startsWith('joker') ? undefined : id.split('-')[1]));

/** The plain reading: counts per value and values in first-seen order. */
function plainTally(
  zone: readonly string[],
  key: ZoneKey,
  valueOf: (id: string) => string | undefined,
) {
  const counts = key.names.map(() => 0);
  const order: number[] = [];
  for (const id of zone) {
    const value = valueOf(id);
    if (value === undefined) continue;
    const k = key.indexOf(value);
    if (counts[k] === 0) order.push(k);
    counts[k] = (counts[k] as number) + 1;
  }
  return { counts, order };
}

function readTally(zone: readonly string[], key: ZoneKey) {
  const t = tallyZone(zone, key);
  return { counts: [...t.counts], order: t.order.slice(0, t.distinct) };
}

type Op =
  | { readonly type: 'add'; readonly id: string }
  | { readonly type: 'remove'; readonly id: string }
  | { readonly type: 'push'; readonly id: string };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ type: fc.constant('add' as const), id: fc.constantFrom(...IDS) }),
  fc.record({ type: fc.constant('remove' as const), id: fc.constantFrom(...IDS) }),
  fc.record({ type: fc.constant('push' as const), id: fc.constantFrom(...IDS) }),
);

describe('tallyZone', () => {
  it('numbers values in first-seen card order and leaves cards without one out', () => {
    expect(colourKey.names).toEqual(['red', 'blue', 'green', 'gold']);
    expect(colourKey.numberOf['joker-1']).toBeUndefined();
    expect(colourKey.indexOf('gold')).toBe(3);
    expect(colourKey.indexOf('purple')).toBe(-1);
    const t = tallyZone(['gold-1', 'joker-1', 'red-2', 'gold-1'], colourKey);
    expect([...t.counts]).toEqual([1, 0, 0, 2]);
    expect(t.order.slice(0, t.distinct)).toEqual([3, 0]);
  });

  it('is the plain count after any mix of withCard, withoutCard and in-place pushes, for two keys', () => {
    fc.assert(
      fc.property(
        fc.array(opArb, { maxLength: 40 }),
        fc.array(fc.nat(3), { maxLength: 40 }),
        (ops, reads) => {
          let zone: readonly string[] = [];
          ops.forEach((op, i) => {
            if (op.type === 'add') zone = withCard(zone, op.id);
            else if (op.type === 'remove') zone = withoutCard(zone, op.id);
            else {
              // A list changed in place (its length changes): counted again, not trusted.
              (zone as string[]).push(op.id);
            }
            const r = reads[i] ?? 0;
            if (r & 1)
              expect(readTally(zone, colourKey)).toEqual(plainTally(zone, colourKey, suitOf));
            if (r & 2)
              expect(readTally(zone, numberKey)).toEqual(
                plainTally(zone, numberKey, (id) =>
                  id.startsWith('joker') ? undefined : id.split('-')[1],
                ),
              );
          });
          expect(readTally(zone, colourKey)).toEqual(plainTally(zone, colourKey, suitOf));
        },
      ),
      { numRuns: 300, seed: Number(process.env.FC_SEED ?? 42) },
    );
  });

  it('returns the same tally for the same list, and withCard carries it without a recount', () => {
    const zone = withCard(['red-1', 'blue-1'], 'red-2');
    const first = tallyZone(zone, colourKey);
    expect(tallyZone(zone, colourKey)).toBe(first);
    const grown = withCard(zone, 'green-1');
    const carried = tallyZone(grown, colourKey);
    expect([...carried.counts]).toEqual([2, 1, 1, 0]);
    expect(carried.order.slice(0, carried.distinct)).toEqual([0, 1, 2]);
    // The tally of the shorter list is untouched.
    expect([...tallyZone(zone, colourKey).counts]).toEqual([2, 1, 0, 0]);
  });
});
