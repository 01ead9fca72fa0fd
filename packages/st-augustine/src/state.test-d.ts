/* eslint-disable @typescript-eslint/no-unsafe-call -- the calls marked @ts-expect-error are type errors on purpose */
import { describe, expectTypeOf, it } from 'vitest';
import { withCard } from '@ruleloom/core';
import type { PlayerState, StAugustineState } from './index.js';

describe('card lists are read-only at the type level (successive states share them)', () => {
  it('the deck, the discard pile and a player’s shops cannot be changed in place', () => {
    expectTypeOf<StAugustineState['deck']>().toEqualTypeOf<readonly string[]>();
    expectTypeOf<StAugustineState['discard']>().toEqualTypeOf<readonly string[]>();
    expectTypeOf<PlayerState['shops']>().toEqualTypeOf<readonly string[]>();
    const effect = (s: StAugustineState, p: PlayerState): void => {
      // @ts-expect-error the deck is replaced, never changed in place
      s.deck.shift();
      // @ts-expect-error the discard pile is replaced, never changed in place
      s.discard.push('pub-g');
      // @ts-expect-error a player's shops are replaced, never changed in place
      p.shops.splice(0, 1);
      // Replacing is the way: the list fields themselves are assignable.
      s.discard = withCard(s.discard, 'pub-g');
      p.shops = withCard(p.shops, 'pub-g');
    };
    expectTypeOf(effect).toBeFunction();
  });
});
