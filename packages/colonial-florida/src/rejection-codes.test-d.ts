import { createMatch, isRejectionOf } from '@ruleloom/core';
import { describe, expectTypeOf, it } from 'vitest';
import { colonialFlorida } from './game.js';
import {
  COLONIAL_FLORIDA_ERROR_CODES,
  type ColonialFloridaErrorCode,
  type ColonialFloridaRejectionCode,
} from './rejection-codes.js';

describe('Colonial Florida rejection codes are a union clients can switch on', () => {
  it('holds the game codes and the core codes, nothing else', () => {
    expectTypeOf<'not_adjacent'>().toExtend<ColonialFloridaRejectionCode>();
    expectTypeOf<'not_your_turn'>().toExtend<ColonialFloridaErrorCode>();
    expectTypeOf<'not_your_turn'>().not.toExtend<ColonialFloridaRejectionCode>();
    expectTypeOf<'not_adjacant'>().not.toExtend<ColonialFloridaErrorCode>();
  });

  it('narrows a rejection of apply, so a misspelt code does not compile', () => {
    const match = createMatch(colonialFlorida, { seed: 1, players: 2 });
    const r = match.applyInput(0, { type: 'move', die: 3 });
    if (!r.ok && isRejectionOf(COLONIAL_FLORIDA_ERROR_CODES, r.error)) {
      expectTypeOf(r.error.code).toEqualTypeOf<ColonialFloridaErrorCode>();
      // @ts-expect-error: 'not_adjacant' misspelt
      expectTypeOf(r.error.code === 'not_adjacant').toBeBoolean();
      const exhaustive = (code: ColonialFloridaErrorCode): string => {
        switch (code) {
          case 'not_adjacent':
          case 'empty_commit':
          case 'duplicate_card':
          case 'fortress_cannot_attack':
            return 'attack again';
          default:
            return code;
        }
      };
      expectTypeOf(exhaustive).parameter(0).toEqualTypeOf<ColonialFloridaErrorCode>();
    }
  });
});
