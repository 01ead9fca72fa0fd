import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkRingMap, FLORIDA_MAP, getMapLayout, stepAround } from './map.js';

describe('map', () => {
  it('the sheet has 36 spaces and 12 settlements on multiples of 3', () => {
    const layout = getMapLayout(FLORIDA_MAP);
    expect(layout.size).toBe(36);
    expect(layout.settlementSpaces).toEqual([3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 36]);
    expect(FLORIDA_MAP.spaces[0]?.name).toBe('Gulf Stream');
    expect(FLORIDA_MAP.spaces[35]?.name).toBe('Tallahassee');
  });

  it('settlements are adjacent to their neighbours among settlements, around the ring', () => {
    const layout = getMapLayout(FLORIDA_MAP);
    expect(layout.neighbours[0]).toEqual([11, 1]); // 3: 36 and 6
    expect(layout.neighbours[11]).toEqual([10, 0]); // 36: 33 and 3
  });

  it('stepAround goes clockwise with positive steps and wraps both ways', () => {
    expect(stepAround(35, 3, 36)).toBe(2);
    expect(stepAround(2, -3, 36)).toBe(35);
    expect(stepAround(1, -18, 36)).toBe(19);
    expect(stepAround(36, 1, 36)).toBe(1);
  });

  it('stepAround is the ring position modulo the size, near and far (its no-division paths too)', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 1000 })
          .chain((size) =>
            fc.tuple(
              fc.constant(size),
              fc.integer({ min: 1, max: size }),
              fc.integer({ min: -5 * size, max: 5 * size }),
            ),
          ),
        ([size, space, steps]) => {
          const expected = ((((space - 1 + steps) % size) + size) % size) + 1;
          expect(stepAround(space, steps, size)).toBe(expected);
        },
      ),
      { numRuns: 2000, seed: Number(process.env.FC_SEED ?? 42) },
    );
  });

  it('small rings: two settlements are each other’s only neighbour; one has none', () => {
    const two = getMapLayout({
      spaces: [
        { name: 'a', settlement: true },
        { name: 'b', settlement: true },
      ],
    });
    expect(two.neighbours).toEqual([[1], [0]]);
    const one = getMapLayout({
      spaces: [
        { name: 'a', settlement: true },
        { name: 'b', settlement: false },
      ],
    });
    expect(one.neighbours).toEqual([[]]);
  });

  it('checkRingMap explains what is wrong', () => {
    expect(checkRingMap(FLORIDA_MAP)).toEqual([]);
    expect(checkRingMap(null)).toHaveLength(1);
    expect(
      checkRingMap({
        spaces: [
          { name: 'a', settlement: false },
          { name: 'b', settlement: false },
        ],
      }),
    ).toEqual(['a map needs at least one settlement space']);
    expect(checkRingMap({ spaces: [{ name: 'a', settlement: true }], extra: 1 })).toHaveLength(2);
  });
});
