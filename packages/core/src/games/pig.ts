import type { CardDefinition } from '../cards/cards.js';
import type { ActionTraits } from '../define/action-traits.js';
import { defineGame } from '../define/define-game.js';
import { parseBareAction } from '../define/fields.js';
import type { ActionHandler, ConditionHandler, EffectHandler } from '../define/types.js';
import type { GameObservation } from '../observation/observation.js';
import { option, type OptionValues } from '../options/options.js';
import { rejection } from '../result.js';
import type { ViewOf } from '../view/view-of.js';

/**
 * The state of {@link pig}.
 * @public
 */
export interface PigState {
  turn: number;
  current: number;
  turnTotal: number;
  turnDone: boolean;
  lastRoll: number | null;
  scores: number[];
}

/**
 * What a seat or the spectator sees of {@link pig}: the whole state (Pig hides nothing) and
 * the phase, read-only.
 * @public
 */
export type PigView = ViewOf<PigState, readonly []>;

/**
 * The actions of {@link pig}: roll the die, or hold and bank the turn total.
 * @public
 */
export type PigAction = { readonly type: 'roll' } | { readonly type: 'hold' };

/**
 * The option declarations of {@link pig}.
 * @public
 */
export const pigOptions = {
  target: option.integer({ default: 50, min: 2, max: 1000, description: 'Points needed to win.' }),
  maxTurns: option.integer({
    default: 500,
    min: 1,
    max: 100_000,
    description: 'Turns after which the highest score wins.',
  }),
};

/**
 * The options of {@link pig}.
 * @public
 */
export type PigOptions = OptionValues<typeof pigOptions>;

const startTurn: EffectHandler<PigState, PigOptions> = (ctx) => {
  const s = ctx.state;
  if (s.turn > 0) s.current = (s.current + 1) % ctx.players;
  s.turn += 1;
  s.turnTotal = 0;
  s.turnDone = false;
  ctx.emit({ type: 'turnStarted', turn: s.turn, seat: s.current });
};

const decided: ConditionHandler<PigState, PigOptions> = (s, _params, ctx) =>
  s.turn >= ctx.options.maxTurns || s.scores.some((x) => x >= ctx.options.target);

const roll: ActionHandler<PigState, Extract<PigAction, { type: 'roll' }>, PigOptions> & {
  readonly traits: ActionTraits<Extract<PigAction, { type: 'roll' }>>;
} = {
  traits: { fields: {} },
  parse: parseBareAction('roll'),
  validate: () => undefined,
  resolve(ctx) {
    const s = ctx.state;
    const { total } = ctx.random.roll('d6', 'pig');
    s.lastRoll = total;
    if (total === 1) {
      s.turnTotal = 0;
      s.turnDone = true;
    } else {
      s.turnTotal += total;
    }
  },
  enumerate: () => [{ type: 'roll' }],
  count: () => 1,
};

const hold: ActionHandler<PigState, Extract<PigAction, { type: 'hold' }>, PigOptions> & {
  readonly traits: ActionTraits<Extract<PigAction, { type: 'hold' }>>;
} = {
  traits: { fields: {} },
  parse: parseBareAction('hold'),
  validate: (s) =>
    s.turnTotal === 0
      ? rejection('nothing_to_hold', 'hold banks the turn total, which is 0: roll first')
      : undefined,
  resolve(ctx, seat) {
    const s = ctx.state;
    s.scores[seat] = (s.scores[seat] ?? 0) + s.turnTotal;
    ctx.emit({ type: 'banked', seat, amount: s.turnTotal });
    s.turnTotal = 0;
    s.turnDone = true;
  },
  enumerate: (s) => (s.turnTotal > 0 ? [{ type: 'hold' }] : []),
  count: (s) => (s.turnTotal > 0 ? 1 : 0),
};

/** Seats the observation has room for (Pig's maximum). */
const PIG_SEATS = 8;

/**
 * The observation features of {@link pig}, for learning: every seat's score from the viewer
 * round (the viewer first) and the turn total, each / 100, then the last roll one-hot (1..6);
 * actions `roll` = 0 and `hold` = 1. Per-step rewards: the change of the seat's score / 100.
 * @public
 */
export const pigObservation: GameObservation<PigAction, PigView> = {
  size: PIG_SEATS + 1 + 6,
  encode: (view, seat, into) => {
    const scores = view.scores;
    const n = scores.length;
    for (let k = 0; k < PIG_SEATS; k++) into[k] = k < n ? (scores[(seat + k) % n] ?? 0) / 100 : 0;
    into[PIG_SEATS] = view.turnTotal / 100;
    for (let face = 1; face <= 6; face++) into[PIG_SEATS + face] = view.lastRoll === face ? 1 : 0;
  },
  reward: (view, seat) => (view.scores[seat] ?? 0) / 100,
  layout: [
    { name: 'scores', size: PIG_SEATS },
    { name: 'turnTotal', size: 1 },
    { name: 'lastRoll', size: 6 },
  ],
  actions: {
    size: 2,
    indexOf: (action) => (action.type === 'roll' ? 0 : action.type === 'hold' ? 1 : undefined),
    actionAt: (index) =>
      index === 0 ? { type: 'roll' } : index === 1 ? { type: 'hold' } : undefined,
  },
};

/**
 * Pig, the dice game: on your turn roll a die as often as you like, adding to a turn total;
 * a 1 loses the turn total, holding banks it. First to `target` wins. A tiny complete game
 * used to test the core and the bots, and as a reference for game authors.
 * @public
 */
export const pig = defineGame<PigState, PigAction, CardDefinition, PigView>()({
  id: 'pig',
  name: 'Pig',
  rulesVersion: 1,
  players: { min: 1, max: 8 },
  options: pigOptions,
  cards: [],
  zones: [],
  setup: (ctx) => ({
    turn: 0,
    current: 0,
    turnTotal: 0,
    turnDone: true,
    lastRoll: null,
    scores: new Array<number>(ctx.players).fill(0),
  }),
  phases: [
    {
      id: 'turn',
      description: 'The current player rolls until they hold or roll a 1.',
      steps: [{ type: 'startTurn' }],
      next: [{ to: '$end', when: { type: 'decided' } }, { to: 'turn' }],
    },
  ],
  effects: { startTurn },
  conditions: { decided },
  actions: { roll, hold },
  toAct: (s) => (s.turnDone ? [] : [s.current]),
  score: (s) => ({ scores: s.scores }),
  describeAction: (a) => (a.type === 'roll' ? 'rolls' : 'holds'),
  observation: pigObservation,
});
