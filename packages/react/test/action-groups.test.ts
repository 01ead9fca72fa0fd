import { actionTraitsOf, createMatch, type ActionBase, type GameKit } from '@ruleloom/core';
import { stAugustineKit } from '@ruleloom/st-augustine/kit';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  asButtons,
  chosenAction,
  formControls,
  groupActions,
} from '../src/presenter/action-groups.js';

/** Liar's Dice, the example kit (a game this package does not depend on), loaded by its path. */
const LIARS_DICE = pathToFileURL(
  new URL('../../../examples/06-liars-dice/src/kit.ts', import.meta.url).pathname,
).href;
const liarsDiceKit = ((await import(LIARS_DICE)) as { default: GameKit }).default;
const game = liarsDiceKit.game;

describe('legal actions as controls, for any game', () => {
  const match = createMatch(game, { seed: 3, players: 3, options: { dice: 3 } });
  const first = match.legalActions(0) as ActionBase[];

  it('many bids of one type make a form whose every choice is legal; few actions are buttons', () => {
    const groups = groupActions(game, first);
    expect(groups.map((g) => g.type)).toEqual(['bid']);
    const bids = groups[0]!;
    expect(asButtons(bids)).toBe(false);
    expect(bids.fields).toEqual(['quantity', 'face']);
    const { controls, values } = formControls(game, bids, {});
    expect(controls.map((c) => [c.field, c.kind])).toEqual([
      ['quantity', 'select'],
      ['face', 'select'],
    ]);
    expect(controls[0]!.values).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(chosenAction(bids, values)).toEqual({ type: 'bid', quantity: 1, face: 1 });
    // Every value each select offers, with the values before it, is a legal bid.
    for (const q of controls[0]!.values) {
      const next = formControls(game, bids, { quantity: q });
      for (const f of next.controls[1]!.values)
        expect(first).toContainEqual({ type: 'bid', quantity: q, face: f });
    }
    // After a bid, the faces offered for the same quantity are only the higher ones.
    expect(match.apply(0, { type: 'bid', quantity: 2, face: 4 }).ok).toBe(true);
    const later = groupActions(game, match.legalActions(1));
    expect(later.map((g) => [g.type, asButtons(g)])).toEqual([
      ['bid', false],
      ['liar', true],
    ]);
    const narrowed = formControls(game, later[0]!, { quantity: 2 });
    expect(narrowed.controls[1]!.values).toEqual([5, 6]);
    // A value that is no longer a choice becomes the first legal one.
    expect(formControls(game, later[0]!, { quantity: 1, face: 1 }).values).toEqual({
      quantity: 2,
      face: 5,
    });
  });

  it('a number field with many values is a number input bounded by the legal ones', () => {
    const stakes = Array.from({ length: 20 }, (_, i) => ({ type: 'stake', amount: (i + 1) * 5 }));
    const [group] = groupActions(undefined, stakes);
    expect(asButtons(group!)).toBe(false);
    const { controls, values } = formControls(undefined, group!, {});
    expect(controls).toEqual([
      {
        field: 'amount',
        kind: 'number',
        values: stakes.map((s) => s.amount),
        min: 5,
        max: 100,
        step: 1,
      },
    ]);
    expect(chosenAction(group!, values)).toEqual({ type: 'stake', amount: 5 });
    // A typed amount is kept; one that no legal action has makes no action (the button waits).
    const typed = formControls(undefined, group!, { amount: 7 }).values;
    expect(typed).toEqual({ amount: 7 });
    expect(chosenAction(group!, typed)).toBeUndefined();
    expect(chosenAction(group!, { amount: 35 })).toEqual({ type: 'stake', amount: 35 });
  });

  it('a declared amount is a number input with the declared step (St. Augustine’s bids)', () => {
    const sa = stAugustineKit.game;
    const m = createMatch(sa, {
      seed: 2,
      players: stAugustineKit.defaultSetup.players,
      options: stAugustineKit.defaultSetup.options ?? {},
    });
    const seat = m.toAct[0]!;
    const bids = groupActions(sa, m.legalActions(seat)).find((g) => g.type === 'bid')!;
    const amount = actionTraitsOf(sa).amountTrait('bid')!;
    const { controls } = formControls(sa, bids, {});
    const control = controls.find((c) => c.field === amount.field)!;
    expect(control.kind).toBe('number');
    expect(control).toMatchObject({ step: amount.step ?? 1 });
    expect(amount.step).toBeGreaterThan(1);
  });

  it('an action whose field is not a plain value is offered as a button', () => {
    const plays = [
      { type: 'play', cards: ['a', 'b'] },
      ...Array.from({ length: 9 }, (_, i) => ({ type: 'play', cards: [String(i)] })),
    ];
    const groups = groupActions(undefined, plays);
    expect(groups[0]!.scalar).toBe(false);
    expect(asButtons(groups[0]!)).toBe(true);
  });
});
