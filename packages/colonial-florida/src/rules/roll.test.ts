import { parseDice } from '@ruleloom/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diceOf } from './roll.js';

describe('diceOf', () => {
  it('parses a dice expression as parseDice does and gives the same object again', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc
            .tuple(fc.option(fc.integer({ min: 0, max: 120 })), fc.integer({ min: 0, max: 1200 }))
            .map(([n, m]) => `${n === null ? '' : String(n)}d${String(m)}`),
          fc.string({ maxLength: 6 }),
        ),
        (text) => {
          const parsed = parseDice(text);
          const first = diceOf(text);
          if (parsed === undefined) {
            // Not dice: given back as it is, for the engine to report.
            expect(first).toBe(text);
            return;
          }
          expect(first).toEqual({ count: parsed.count, sides: parsed.sides });
          expect(Object.isFrozen(first)).toBe(true);
          // Built again from a copy of the text (not the same string object): same answer.
          const again = diceOf(text.split('').join(''));
          expect(again).toBe(first);
          expect(diceOf(text)).toBe(first);
        },
      ),
      { numRuns: 300, seed: Number(process.env.FC_SEED ?? 42) },
    );
  });

  it('keeps the expressions of the phases: the same parsed object every time', () => {
    for (const text of ['3d6', '2d6', 'd6']) expect(diceOf(text)).toBe(diceOf(text));
    expect(diceOf('3d6')).toEqual({ count: 3, sides: 6 });
    expect(diceOf('d6')).toEqual({ count: 1, sides: 6 });
  });
});
