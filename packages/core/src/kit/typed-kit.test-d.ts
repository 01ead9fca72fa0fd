import { describe, expectTypeOf, it } from 'vitest';
import type { CardDefinition } from '../cards/cards.js';
import { defineEvents } from '../define/declare-events.js';
import { defineGame } from '../define/define-game.js';
import type { GameEventOf, GameViewOf } from '../define/game.js';
import type { ActionHandler } from '../define/types.js';
import { isCoreEvent, type CoreEvent } from '../model/core-events.js';
import type { HiddenEvent } from '../model/event.js';
import { defineActionForm } from '../present/action-form.js';
import { seatName } from '../present/narrate.js';
import {
  isHiddenEvent,
  unhandledEvent,
  type PresentedEvent,
  type PresenterOf,
} from '../present/presenter.js';
import type { ViewOf } from '../view/view-of.js';
import { defineKit } from './game-kit.js';

// A small game with a view type and declared events: a tally each seat bumps in turn.
interface TallyState {
  current: number;
  tallies: number[];
  secret: number;
}
type TallyAction = { readonly type: 'bump'; readonly by: number } | { readonly type: 'stop' };
const zones = [{ path: 'secret', visibility: 'nobody', countAs: 'secretCount' }] as const;
type TallyView = ViewOf<TallyState, typeof zones>;
interface TallyPayloads {
  bumped: { seat: number; by: number };
  stopped: { seat: number };
}
const tallyEvents = defineEvents<TallyPayloads>()({
  bumped: { seat: 'seat', by: 'integer' },
  stopped: { seat: 'seat' },
});
declare const bump: ActionHandler<TallyState, Extract<TallyAction, { type: 'bump' }>>;
declare const stop: ActionHandler<TallyState, Extract<TallyAction, { type: 'stop' }>>;

const tally = defineGame<TallyState, TallyAction, CardDefinition, TallyView>()({
  id: 'tally',
  name: 'Tally',
  rulesVersion: 1,
  players: { min: 2, max: 4 },
  options: {},
  cards: [],
  zones,
  setup: (ctx) => ({ current: 0, tallies: Array<number>(ctx.players).fill(0), secret: 0 }),
  phases: [{ id: 'turn', next: [{ to: 'turn' }] }],
  effects: {},
  actions: { bump, stop },
  toAct: (s) => [s.current],
  score: (s) => ({ scores: s.tallies }),
  events: tallyEvents,
  // Observation hooks read the game's view: no cast.
  observation: {
    size: 2,
    encode(view, seat, into) {
      into[0] = view.tallies[seat] ?? 0;
      into[1] = view.secretCount;
      // @ts-expect-error: a misspelled view field does not compile
      into[1] = Number(view.talies);
      // @ts-expect-error: a hidden zone is not in the view
      into[1] = view.secret;
    },
    reward: (view, seat) => view.tallies[seat] ?? 0,
    actions: {
      size: 2,
      indexOf: (action) => (action.type === 'bump' ? 0 : 1),
      actionAt: (index, view) =>
        index === 0 ? { type: 'bump', by: view.tallies.length } : { type: 'stop' },
    },
  },
});

type TallyEvent = GameEventOf<typeof tally>;

describe('typed kits', () => {
  it('a game keeps the event union its declarations give', () => {
    expectTypeOf<TallyEvent['type']>().toEqualTypeOf<'bumped' | 'stopped'>();
    expectTypeOf<GameViewOf<typeof tally>>().toEqualTypeOf<TallyView>();
    expectTypeOf<PresentedEvent<TallyEvent>>().toEqualTypeOf<
      TallyEvent | CoreEvent | HiddenEvent
    >();
  });

  it("a kit's presenter hooks read the game's view, actions and events without a cast", () => {
    defineKit({
      game: tally,
      defaultSetup: { players: 2 },
      presenter: {
        gameId: 'tally',
        summary: [],
        seatLabel: (seat) => `Seat ${String(seat)}`,
        formatScore: (score) => String(score),
        renderBoard(view, ctx) {
          expectTypeOf(view).toEqualTypeOf<TallyView>();
          expectTypeOf(ctx.rules.options).toEqualTypeOf<Readonly<Record<never, never>>>();
          // @ts-expect-error: a misspelled view field does not compile
          expectTypeOf(view.talies).toBeUnknown();
          return view.tallies.map((t, seat) => ({
            type: 'line' as const,
            text: `${seatName(ctx, seat)}: ${String(t)} (${String(view.secretCount)} hidden)`,
          }));
        },
        narrateEvent(event, ctx) {
          if (isHiddenEvent(event)) return undefined;
          switch (event.type) {
            case 'bumped':
              return `${seatName(ctx, event.seat)} bumps by ${String(event.by)}.`;
            case 'roll':
              return `Rolled ${event.values.join(' ')}.`;
            // @ts-expect-error: a misspelled event type does not compile
            case 'bumpd':
              return null;
            default:
              return undefined;
          }
        },
        describeAction: (action) =>
          action.type === 'bump' ? `bumps ${String(action.by)}` : 'stops',
        describeChoice(action, view) {
          // @ts-expect-error: a misspelled action field does not compile
          expectTypeOf(action.bye).toBeUnknown();
          return `${action.type} (${String(view.tallies.length)})`;
        },
        forms: {
          bump: {
            title: 'Bump…',
            steps: [
              {
                id: 'by',
                type: 'amount',
                message: (ctx) => `By how much (${String(ctx.view.tallies[ctx.seat] ?? 0)} now)?`,
                bounds: (ctx) => ({ min: 1, max: ctx.view.tallies.length }),
              },
            ],
            // (Inside defineKit, TypeScript widens the literal `type` of a returned action:
            // name the return type.)
            build: (answers): TallyAction => ({ type: 'bump', by: Number(answers.by) }),
            explain: (action, ctx) => [
              // @ts-expect-error: a misspelled view field does not compile
              `${action.type} ${String(ctx.view.talies)}`,
            ],
          },
        },
        explainDecision: (view, seat) => [`${String(view.tallies[seat] ?? 0)} so far`],
      },
    });
  });

  it('an exhaustive narration fails to compile when an event is left out', () => {
    const narrate: PresenterOf<typeof tally>['narrateEvent'] = (event, ctx) => {
      if (isHiddenEvent(event) || isCoreEvent(event)) return undefined;
      switch (event.type) {
        case 'bumped':
          return `${seatName(ctx, event.seat)} bumps by ${String(event.by)}.`;
        case 'stopped':
          return `${seatName(ctx, event.seat)} stops.`;
        default:
          return unhandledEvent(event);
      }
    };
    const missing: PresenterOf<typeof tally>['narrateEvent'] = (event, ctx) => {
      if (isHiddenEvent(event) || isCoreEvent(event)) return undefined;
      switch (event.type) {
        case 'bumped':
          return `${seatName(ctx, event.seat)} bumps by ${String(event.by)}.`;
        default:
          // @ts-expect-error: 'stopped' is not narrated
          return unhandledEvent(event);
      }
    };
    expectTypeOf(narrate).toEqualTypeOf(missing);
  });

  it("a hidden event's fields are not read before it is set aside", () => {
    const narrate: PresenterOf<typeof tally>['narrateEvent'] = (event) => {
      if (event.type === 'bumped')
        // @ts-expect-error: a hidden 'bumped' event has no seat
        return String(event.seat);
      return undefined;
    };
    expectTypeOf(narrate).toBeFunction();
  });

  it('a form declared on its own reads the view type it names', () => {
    const form = defineActionForm<
      Extract<TallyAction, { type: 'bump' }>,
      unknown,
      CardDefinition,
      { by: number },
      TallyView
    >({
      title: 'Bump…',
      steps: [
        {
          id: 'by',
          type: 'amount',
          message: 'By',
          bounds: (ctx) => ({ max: ctx.view.secretCount }),
        },
      ],
      build: (answers) => ({ type: 'bump', by: answers.by }),
    });
    const presenter: Partial<PresenterOf<typeof tally>> = { forms: { bump: form } };
    expectTypeOf(presenter).toBeObject();
  });
});
