import { createMatch, type GameViewOf } from '@ruleloom/core';
import { describe, expectTypeOf, it } from 'vitest';
import type { StAugustineAction } from './actions/actions.js';
import { stAugustine } from './game.js';
import type { StAugustineView } from './view.js';

describe('a St. Augustine match carries the game action and view types', () => {
  const m = createMatch(stAugustine, { seed: 42, players: 4, options: { trading: 'off' } });

  it('apply takes the action union: a misspelled action or a wrong field fails to compile', () => {
    expectTypeOf<Parameters<typeof m.apply>[1]>().toEqualTypeOf<StAugustineAction>();
    m.apply(0, { type: 'bid', amount: 5000 });
    // @ts-expect-error: 'bidd' is not an action, and an amount is a number
    m.apply(0, { type: 'bidd', amount: '5000' });
    // @ts-expect-error: an amount is a number
    m.apply(0, { type: 'bid', amount: '5000' });
    // @ts-expect-error: a trade proposal needs give and receive
    m.apply(0, { type: 'proposeTrade', to: 1 });
    m.applyInput(0, { type: 'bidd', amount: '5000' }); // outside input: checked at run time
  });

  it('view gives StAugustineView: the deck shows only as deckSize', () => {
    expectTypeOf(m.view(0)).toEqualTypeOf<StAugustineView>();
    expectTypeOf<GameViewOf<typeof stAugustine>>().toEqualTypeOf<StAugustineView>();
    expectTypeOf(m.view(0).deckSize).toEqualTypeOf<number>();
    expectTypeOf(m.view(0).players[0]!.money).toEqualTypeOf<number>();
    // @ts-expect-error: the order of the deck is hidden
    expectTypeOf(m.view(0).deck).toBeUnknown();
    // @ts-expect-error: misspelled field
    expectTypeOf(m.view('spectator').auctoin).toBeUnknown();
  });
});
