import type { CardDefinition } from '../cards/cards.js';
import type { ActionTraits } from '../define/action-traits.js';
import { defineGame } from '../define/define-game.js';
import { checkActionFields, parseBareAction } from '../define/fields.js';
import type { DeterminizeHook } from '../define/game.js';
import type { ActionHandler, ConditionHandler, EffectHandler } from '../define/types.js';
import { option, type OptionValues } from '../options/options.js';
import { rejection } from '../result.js';
import type { ViewOf } from '../view/view-of.js';
import type { LiarsDiceAction } from './liars-dice-action.js';
import { liarsDiceObservation } from './liars-dice-observation.js';

/**
 * One seat of {@link liarsDice}: `dice` (the faces under its cup, private to the seat: other
 * seats and the spectator see only `cup`, the number of dice it holds).
 * @public
 */
export interface LiarsDicePlayer {
  /** The faces under the cup, ascending (private to its owner, public in the `reveal` phase). */
  dice: number[];
  /** How many dice the seat still holds (public). */
  cup: number;
}

/**
 * A bid of {@link liarsDice}: "there are at least `quantity` dice showing `face`".
 * @public
 */
export interface LiarsDiceBid {
  readonly seat: number;
  readonly quantity: number;
  readonly face: number;
}

/**
 * What the last challenge showed (public: every cup was lifted).
 * @public
 */
export interface LiarsDiceChallenge {
  readonly challenger: number;
  readonly bid: LiarsDiceBid;
  /** How many dice showed the bid's face. */
  readonly actual: number;
  /** The seat that lost a die. */
  readonly loser: number;
}

/**
 * The state of {@link liarsDice}.
 * @public
 */
export interface LiarsDiceState {
  round: number;
  /** The seat to bid or challenge (or, in the `reveal` phase, to start the next round). */
  current: number;
  /**
   * `bidding` while seats bid; `challenged` once a bid is challenged, `reveal` while the cups
   * are lifted; `done` between rounds.
   */
  stage: 'bidding' | 'challenged' | 'reveal' | 'done';
  bid: LiarsDiceBid | null;
  players: LiarsDicePlayer[];
  lastChallenge: LiarsDiceChallenge | null;
}

export type { LiarsDiceAction } from './liars-dice-action.js';

/**
 * What `match.view(seat)` gives for {@link liarsDice}: the state, read-only, with each seat's
 * `dice` optional (present for its owner, and for everyone in the `reveal` phase), as its
 * private field declares.
 * @public
 */
export type LiarsDiceView = ViewOf<
  LiarsDiceState,
  readonly [{ readonly path: 'players.*.dice'; readonly visibility: 'owner' }]
>;

/**
 * The option declarations of {@link liarsDice}.
 * @public
 */
export const liarsDiceOptions = {
  dice: option.integer({ default: 3, min: 1, max: 5, description: 'Dice each seat starts with.' }),
  maxRounds: option.integer({
    default: 8,
    min: 1,
    max: 100,
    description: 'Rounds after which the seats with the most dice win.',
  }),
};

/**
 * The options of {@link liarsDice}.
 * @public
 */
export type LiarsDiceOptions = OptionValues<typeof liarsDiceOptions>;

/** The number of faces of a die. */
const FACES = 6;

function totalDice(s: LiarsDiceState): number {
  let n = 0;
  for (const p of s.players) n += p.cup;
  return n;
}

/** The next seat after `seat` that still holds dice. */
function nextWithDice(s: LiarsDiceState, seat: number): number {
  const n = s.players.length;
  for (let i = 1; i <= n; i++) {
    const at = (seat + i) % n;
    if ((s.players[at]?.cup ?? 0) > 0) return at;
  }
  return seat;
}

/** Whether a bid beats the current one: more dice, or as many of a higher face. */
function beats(s: LiarsDiceState, quantity: number, face: number): boolean {
  const bid = s.bid;
  if (bid === null) return true;
  return quantity > bid.quantity || (quantity === bid.quantity && face > bid.face);
}

/** Each seat with dice rolls them behind its cup: only that seat learns the faces. */
const rollCups: EffectHandler<LiarsDiceState, LiarsDiceOptions> = (ctx) => {
  const s = ctx.state;
  s.round += 1;
  s.stage = 'bidding';
  s.bid = null;
  for (let seat = 0; seat < s.players.length; seat++) {
    const p = s.players[seat] as LiarsDicePlayer;
    p.dice =
      p.cup === 0
        ? []
        : [
            ...ctx.random.roll({ count: p.cup, sides: FACES }, { reason: 'cup', audience: seat })
              .values,
          ].sort((a, b) => a - b);
  }
  ctx.emit({ type: 'roundStarted', round: s.round, starter: s.current });
};

/** The cups stay lifted until the seat to start the next round puts them down. */
const liftCups: EffectHandler<LiarsDiceState, LiarsDiceOptions> = (ctx) => {
  ctx.state.stage = 'reveal';
};

const decided: ConditionHandler<LiarsDiceState, LiarsDiceOptions> = (s, _params, ctx) =>
  s.round >= ctx.options.maxRounds || s.players.filter((p) => p.cup > 0).length <= 1;

type BidAction = Extract<LiarsDiceAction, { type: 'bid' }>;

const bid: ActionHandler<LiarsDiceState, BidAction, LiarsDiceOptions> & {
  readonly traits: ActionTraits<BidAction>;
} = {
  description: 'Claim that at least `quantity` dice on the table show `face`.',
  // A bid reveals nothing and draws nothing: a seat may take it back (see `takeBack`).
  traits: { fields: { quantity: 'integer', face: 'integer' }, undoable: true },
  parse(input) {
    const extra = checkActionFields(input, ['quantity', 'face']);
    if (extra !== undefined) return { error: extra };
    const { quantity, face } = input;
    if (typeof quantity !== 'number' || !Number.isInteger(quantity))
      return { error: "'bid' needs a whole number 'quantity'" };
    if (typeof face !== 'number' || !Number.isInteger(face))
      return { error: "'bid' needs a whole number 'face' from 1 to 6" };
    return { action: { type: 'bid', quantity: quantity === 0 ? 0 : quantity, face } };
  },
  validate(s, _seat, a) {
    if (s.stage !== 'bidding') return rejection('not_bidding', 'the round is over: start the next');
    if (a.face < 1 || a.face > FACES)
      return rejection('bad_face', `face ${String(a.face)} is not on a die: 1 to 6`);
    const total = totalDice(s);
    if (a.quantity < 1 || a.quantity > total)
      return rejection(
        'bad_quantity',
        `quantity ${String(a.quantity)} must be from 1 to the ${String(total)} dice on the table`,
      );
    if (!beats(s, a.quantity, a.face))
      return rejection(
        'bid_too_low',
        `bid ${String(a.quantity)} x ${String(a.face)} does not beat ${String(s.bid?.quantity)} x ${String(s.bid?.face)}: bid more dice, or as many of a higher face`,
      );
    return undefined;
  },
  resolve(ctx, seat, a) {
    const s = ctx.state;
    s.bid = { seat, quantity: a.quantity, face: a.face };
    s.current = nextWithDice(s, seat);
    ctx.emit({ type: 'bid', seat, quantity: a.quantity, face: a.face });
  },
  enumerate(s) {
    if (s.stage !== 'bidding') return [];
    const out: BidAction[] = [];
    const total = totalDice(s);
    for (let quantity = s.bid?.quantity ?? 1; quantity <= total; quantity++)
      for (let face = 1; face <= FACES; face++)
        if (beats(s, quantity, face)) out.push({ type: 'bid', quantity, face });
    return out;
  },
};

/** Lifts every cup: the bid holds when at least `quantity` dice show its face. */
function resolveChallenge(s: LiarsDiceState, challenger: number): LiarsDiceChallenge {
  const last = s.bid as LiarsDiceBid;
  let actual = 0;
  for (const p of s.players) for (const d of p.dice) if (d === last.face) actual++;
  const loser = actual >= last.quantity ? challenger : last.seat;
  return { challenger, bid: last, actual, loser };
}

const challenge: ActionHandler<
  LiarsDiceState,
  Extract<LiarsDiceAction, { type: 'challenge' }>,
  LiarsDiceOptions
> & { readonly traits: ActionTraits<Extract<LiarsDiceAction, { type: 'challenge' }>> } = {
  description: 'Call the last bid a lie: every cup is lifted and the loser loses a die.',
  traits: { fields: {} },
  parse: parseBareAction('challenge'),
  validate: (s) =>
    s.stage !== 'bidding' || s.bid === null
      ? rejection('nothing_to_challenge', 'there is no bid to challenge: bid first')
      : undefined,
  resolve(ctx, seat) {
    const s = ctx.state;
    const result = resolveChallenge(s, seat);
    s.lastChallenge = result;
    const loser = s.players[result.loser] as LiarsDicePlayer;
    loser.cup -= 1;
    s.stage = 'challenged';
    s.current = loser.cup > 0 ? result.loser : nextWithDice(s, result.loser);
    ctx.emit({ type: 'challenged', ...result });
  },
  enumerate: (s) => (s.stage === 'bidding' && s.bid !== null ? [{ type: 'challenge' }] : []),
};

const nextRound: ActionHandler<
  LiarsDiceState,
  Extract<LiarsDiceAction, { type: 'nextRound' }>,
  LiarsDiceOptions
> & { readonly traits: ActionTraits<Extract<LiarsDiceAction, { type: 'nextRound' }>> } = {
  description: 'Put the cups back down and start the next round.',
  traits: { fields: {}, pass: true },
  parse: parseBareAction('nextRound'),
  validate: (s) =>
    s.stage !== 'reveal' ? rejection('not_revealed', 'the round is still being bid') : undefined,
  resolve(ctx) {
    ctx.state.stage = 'done';
  },
  enumerate: (s) => (s.stage === 'reveal' ? [{ type: 'nextRound' }] : []),
};

/**
 * Redraws the dice under every cup the viewer cannot see: `cup` independent dice each (not
 * drawn from a supply, as a card-zone determinization would).
 */
const redrawCups: DeterminizeHook<LiarsDiceState, LiarsDiceOptions> = (partial, _viewer, rng) => {
  for (const p of partial.players)
    if (!Array.isArray(p.dice))
      p.dice = Array.from({ length: p.cup }, () => rng.int(1, FACES)).sort((a, b) => a - b);
};

/**
 * Liar's Dice, a small game with real per-seat secrets that are not cards: each round every
 * seat rolls its dice behind a cup (a private draw: only that seat sees the faces), then seats
 * in turn raise a bid on how many dice show a face, or challenge the last bid. A challenge
 * lifts every cup (the `reveal` phase); the loser loses a die and starts the next round. After
 * `maxRounds` rounds, or when one seat has dice left, the most dice wins.
 *
 * @remarks
 * The worked example of declared secrets: `privateFields` hides `players.*.dice` from every
 * viewer but its owner (outside the `reveal` phase), the roll names its `audience`, and the
 * `determinize` hook redraws hidden cups for search. The laws of `@ruleloom/core/testing` run
 * on it, including the information-set laws.
 * @public
 */
export const liarsDice = defineGame<
  LiarsDiceState,
  LiarsDiceAction,
  CardDefinition,
  LiarsDiceView
>()({
  id: 'liars-dice',
  name: "Liar's Dice",
  rulesVersion: 1,
  players: { min: 2, max: 6 },
  options: liarsDiceOptions,
  cards: [],
  zones: [],
  privateFields: [{ path: 'players.*.dice', visibility: 'owner', revealIn: ['reveal'] }],
  determinize: redrawCups,
  setup: (ctx) => ({
    round: 0,
    current: 0,
    stage: 'done',
    bid: null,
    players: Array.from({ length: ctx.players }, () => ({ dice: [], cup: ctx.options.dice })),
    lastChallenge: null,
  }),
  phases: [
    {
      id: 'bidding',
      description: 'Every seat rolls behind its cup; seats raise the bid until one challenges.',
      steps: [{ type: 'rollCups' }],
      actions: ['bid', 'challenge'],
    },
    {
      id: 'reveal',
      description: 'Every cup is lifted; the seat to start the next round puts them down.',
      steps: [{ type: 'liftCups' }],
      actions: ['nextRound'],
      next: [{ to: '$end', when: { type: 'decided' } }, { to: 'bidding' }],
    },
  ],
  effects: { rollCups, liftCups },
  conditions: { decided },
  actions: { bid, challenge, nextRound },
  // The reveal is a decision of its own, even when it is the only one: the laws see the
  // lifted cups as a state, and the next round's private rolls come after it.
  autoResolveForced: false,
  toAct: (s) => (s.stage === 'bidding' || s.stage === 'reveal' ? [s.current] : []),
  score: (s) => ({ scores: s.players.map((p) => p.cup) }),
  observation: liarsDiceObservation,
  describeAction: (a) =>
    a.type === 'bid'
      ? `bids ${String(a.quantity)} x ${String(a.face)}`
      : a.type === 'challenge'
        ? 'challenges'
        : 'starts the next round',
});
