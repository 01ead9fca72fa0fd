import { createMatch, isRejectionOf } from '@ruleloom/core';
import { describe, expectTypeOf, it } from 'vitest';
import { stAugustine } from './game.js';
import {
  ST_AUGUSTINE_ERROR_CODES,
  type StAugustineErrorCode,
  type StAugustineRejectionCode,
} from './rejection-codes.js';

describe('St. Augustine rejection codes are a union clients can switch on', () => {
  it('holds the game codes and the core codes, nothing else', () => {
    expectTypeOf<'bid_too_low'>().toExtend<StAugustineRejectionCode>();
    expectTypeOf<'not_your_turn'>().toExtend<StAugustineErrorCode>();
    expectTypeOf<'not_your_turn'>().not.toExtend<StAugustineRejectionCode>();
    expectTypeOf<'bid_to_low'>().not.toExtend<StAugustineErrorCode>();
  });

  it('narrows a rejection of apply, so a misspelt code does not compile', () => {
    const match = createMatch(stAugustine, { seed: 1, players: 2 });
    const r = match.apply(0, { type: 'bid', amount: 1 });
    if (!r.ok && isRejectionOf(ST_AUGUSTINE_ERROR_CODES, r.error)) {
      expectTypeOf(r.error.code).toEqualTypeOf<StAugustineErrorCode>();
      // @ts-expect-error: 'bid_to_low' is not a code of this game
      expectTypeOf(r.error.code === 'bid_to_low').toBeBoolean();
      const exhaustive = (code: StAugustineErrorCode): string => {
        switch (code) {
          case 'bid_too_low':
          case 'bid_not_higher':
          case 'bid_not_multiple':
          case 'insufficient_funds':
            return 'bid again';
          default:
            return code;
        }
      };
      expectTypeOf(exhaustive).parameter(0).toEqualTypeOf<StAugustineErrorCode>();
    }
  });
});
