import { createMatch, type GameViewOf } from '@ruleloom/core';
import { describe, expectTypeOf, it } from 'vitest';
import type { ColonialFloridaAction } from './actions/action.js';
import { colonialFlorida } from './game.js';
import type { ColonialFloridaView } from './view.js';

describe('a Colonial Florida match carries the game action and view types', () => {
  const m = createMatch(colonialFlorida, { seed: 7, players: 2 });

  it('apply takes the action union: a misspelled action or a wrong field fails to compile', () => {
    expectTypeOf<Parameters<typeof m.apply>[1]>().toEqualTypeOf<ColonialFloridaAction>();
    m.apply(0, { type: 'move', die: 0 });
    // @ts-expect-error: 'mvoe' is not an action
    m.apply(0, { type: 'mvoe', die: 0 });
    // @ts-expect-error: die is 0 or 1
    m.apply(0, { type: 'move', die: 2 });
    // @ts-expect-error: commit is a list of card ids
    m.apply(0, { type: 'attack', commit: 'fortress#1' });
    m.applyInput(0, { type: 'mvoe', die: 2 }); // outside input: checked at run time
  });

  it('view gives ColonialFloridaView: a misspelled field fails to compile', () => {
    expectTypeOf(m.view(0)).toEqualTypeOf<ColonialFloridaView>();
    expectTypeOf<GameViewOf<typeof colonialFlorida>>().toEqualTypeOf<ColonialFloridaView>();
    expectTypeOf(m.view(0).players[0]!.gold).toEqualTypeOf<number>();
    // @ts-expect-error: the deck shows only as deckSize
    expectTypeOf(m.view(0).deck).toBeUnknown();
    // @ts-expect-error: misspelled field
    expectTypeOf(m.view(0).settlments).toBeUnknown();
  });
});
