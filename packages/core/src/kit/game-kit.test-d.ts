import { describe, expectTypeOf, it } from 'vitest';
import { liarsDiceKit, pigKit } from '../games/index.js';
import type { LiarsDiceAction } from '../games/liars-dice-action.js';
import { createMatch } from '../match/match.js';
import type { GameKit } from './game-kit.js';

describe('game kits', () => {
  it("a kit of a specific game is a GameKit (a host's list of kits needs no cast)", () => {
    const kits: readonly GameKit[] = [liarsDiceKit, pigKit];
    expectTypeOf(kits).toEqualTypeOf<readonly GameKit[]>();
    expectTypeOf(liarsDiceKit).toExtend<GameKit>();
    // Its heuristic still takes the game's own rules.
    type Rules = Parameters<NonNullable<typeof liarsDiceKit.heuristic>>[0];
    expectTypeOf<Rules['options']>().toHaveProperty('dice');
  });

  it('a match of a kit-loaded game carries its action and view types', () => {
    const match = createMatch(liarsDiceKit.game, { seed: 1, players: 2 });
    expectTypeOf(match.legalActions(0)).toEqualTypeOf<readonly LiarsDiceAction[]>();
    // @ts-expect-error: a misspelled action type does not compile
    match.apply(0, { type: 'bidd', quantity: 2, face: 3 });
    // @ts-expect-error: a field of the wrong type does not compile
    match.apply(0, { type: 'bid', quantity: '2', face: 3 });
    const view = match.view(0);
    // @ts-expect-error: a misspelled view field does not compile
    expectTypeOf(view.playres).toBeUnknown();
    expectTypeOf(match.view(0).players[0]!.cup).toEqualTypeOf<number>();
    // Another seat's dice are private: optional in the view's type.
    expectTypeOf(match.view(0).players[0]!.dice).toEqualTypeOf<readonly number[] | undefined>();
    // Raw input from outside still goes through applyInput, validated at run time.
    expectTypeOf<Parameters<typeof match.applyInput>[1]>().toEqualTypeOf<unknown>();
  });
});
