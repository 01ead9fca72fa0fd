import { describe, expectTypeOf, it } from 'vitest';
import type { CardDefinition } from '../cards/cards.js';
import { defineGame } from '../define/define-game.js';
import type { GameViewOf } from '../define/game.js';
import { drawAndPlay, type DrawAction } from '../games/draw-and-play.js';
import { pig, type PigAction, type PigView } from '../games/pig.js';
import type { ViewOf } from '../view/view-of.js';
import type { GameView } from '../view/view.js';
import { createMatch } from './match.js';
import { restoreMatch } from './restore-match.js';

// A game defined here, with a hidden zone and its own view type.
interface TallyState {
  readonly tally: number[];
  readonly secret: string[];
  readonly current: number;
}
type TallyAction = { readonly type: 'add'; readonly amount: number } | { readonly type: 'stop' };
const tallyZones = [{ path: 'secret', visibility: 'nobody', countAs: 'secretSize' }] as const;
type TallyView = ViewOf<TallyState, typeof tallyZones>;

const tally = defineGame<TallyState, TallyAction, CardDefinition, TallyView>()({
  id: 'tally',
  name: 'Tally',
  rulesVersion: 1,
  players: { min: 1, max: 4 },
  options: {},
  cards: [],
  zones: tallyZones,
  setup: (ctx) => ({ tally: new Array<number>(ctx.players).fill(0), secret: [], current: 0 }),
  phases: [{ id: 'turn', next: [{ to: 'turn' }] }],
  effects: {},
  actions: {
    add: {
      parse: (input) =>
        typeof input.amount === 'number'
          ? { action: { type: 'add', amount: input.amount } }
          : { error: "'add' needs an amount" },
      validate: () => undefined,
      resolve: (ctx, seat, action) => {
        ctx.state.tally[seat] = (ctx.state.tally[seat] ?? 0) + action.amount;
      },
      enumerate: () => [{ type: 'add', amount: 1 }],
    },
    stop: {
      parse: () => ({ action: { type: 'stop' } }),
      validate: () => undefined,
      resolve: () => undefined,
      enumerate: () => [{ type: 'stop' }],
    },
  },
  toAct: (s) => [s.current],
  score: (s) => ({ scores: s.tally }),
});

describe('a match carries its game action and view types', () => {
  it('a game defined in a test: apply takes its actions, view gives its view', () => {
    const m = createMatch(tally, { seed: 1, players: 2 });
    expectTypeOf<Parameters<typeof m.apply>[1]>().toEqualTypeOf<TallyAction>();
    expectTypeOf(m.legalActions(0)).toEqualTypeOf<readonly TallyAction[]>();
    expectTypeOf(m.view(0)).toEqualTypeOf<TallyView>();
    expectTypeOf<GameViewOf<typeof tally>>().toEqualTypeOf<TallyView>();
    expectTypeOf(m.view(0).secretSize).toEqualTypeOf<number>();
    expectTypeOf(m.logFor(0)[0]!.action).toEqualTypeOf<TallyAction | null>();
    m.apply(0, { type: 'add', amount: 2 });
    // @ts-expect-error: 'ad' is not one of the game's actions
    m.apply(0, { type: 'ad', amount: 2 });
    // @ts-expect-error: amount is a number
    m.apply(0, { type: 'add', amount: '2' });
    // @ts-expect-error: the hidden zone shows only as its count
    expectTypeOf(m.view(0).secret).toBeUnknown();
    // @ts-expect-error: misspelled view field
    expectTypeOf(m.view('spectator').tallly).toBeUnknown();
  });

  it('input from outside the program goes through applyInput, which takes unknown', () => {
    const m = createMatch(tally, { seed: 1, players: 2 });
    expectTypeOf<Parameters<typeof m.applyInput>[1]>().toEqualTypeOf<unknown>();
    m.applyInput(0, JSON.parse('{"type":"ad"}'));
  });

  it('a restored match carries the same types', () => {
    const r = restoreMatch(tally, {});
    if (r.ok) {
      expectTypeOf(r.match.view(0)).toEqualTypeOf<TallyView>();
      // @ts-expect-error: 'ad' is not one of the game's actions
      r.match.apply(0, { type: 'ad' });
    }
  });

  it('a game that declares no view type gives the untyped GameView; actions stay typed', () => {
    const m = createMatch(drawAndPlay, { seed: 1, players: 2 });
    expectTypeOf(m.view(0)).toEqualTypeOf<GameView>();
    expectTypeOf<Parameters<typeof m.apply>[1]>().toEqualTypeOf<DrawAction>();
    // @ts-expect-error: 'ply' is not an action of Draw and Play
    m.apply(0, { type: 'ply' });
  });

  it("Pig declares its view type: a match's view reads its fields", () => {
    const m = createMatch(pig, { seed: 1, players: 2 });
    expectTypeOf(m.view(0)).toEqualTypeOf<PigView>();
    expectTypeOf(m.view(0).scores).toEqualTypeOf<readonly number[]>();
    expectTypeOf<Parameters<typeof m.apply>[1]>().toEqualTypeOf<PigAction>();
    // @ts-expect-error: 'rol' is not an action of Pig
    m.apply(0, { type: 'rol' });
  });
});
