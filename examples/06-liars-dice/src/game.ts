/**
 * Liar's Dice, written only against Ruleloom's public SDK (`@ruleloom/core`): each player rolls
 * their dice under a cup (private: only the owner sees them), then players in turn raise a bid
 * on how many dice on the whole table show a face, or call the last bid a lie. On a call the
 * cups are lifted: if the table has at least that many, the caller loses a die, else the
 * bidder does. A player without dice is out; the last one with dice wins.
 *
 * A cup is a private field (`players.*.cup`, `owner` visibility): the faces, as numbers, that
 * only its owner sees. Each player rolls real dice with a private draw,
 * `ctx.random.roll({ count, sides: 6 }, { reason: 'cup', audience: seat })`: the log shows the
 * faces to that seat only. Lifting the cups is a public consequence of the secrets, declared
 * as such (`ctx.emit(showdown, { consequence: true })`), and the next round is rolled in the
 * same step. The information laws redraw every roll a seat may not see and check that nothing
 * it receives changes until that declared showdown.
 */
import {
  defineGame,
  option,
  rejection,
  type ActionHandler,
  type ConditionHandler,
  type DeterminizeHook,
  type EffectHandler,
  type OptionValues,
} from '@ruleloom/core';
import type { LiarsDiceAction } from './action.js';
import { liarsDiceObservation } from './observation.js';

/** Most players and dice per player. */
const MAX_PLAYERS = 4;
const MAX_DICE = 5;
/** The faces of a die. */
const SIDES = 6;

/** One player: the faces under the cup (private to its owner) and how many dice are left (public). */
export interface LiarsDicePlayer {
  cup: number[];
  diceLeft: number;
}

/** A bid: at least `quantity` dice on the table show `face`. */
export interface Bid {
  readonly quantity: number;
  readonly face: number;
}

/** The last call, once the cups were lifted (public). */
export interface Showdown {
  readonly bid: Bid;
  readonly bidder: number;
  readonly caller: number;
  /** How many dice showed the face. */
  readonly counted: number;
  readonly loser: number;
  /** Every cup as it was revealed, faces per seat. */
  readonly faces: readonly (readonly number[])[];
}

/** The game's state: plain JSON. */
export interface LiarsDiceState {
  round: number;
  current: number;
  bid: Bid | null;
  bidder: number | null;
  roundDone: boolean;
  players: LiarsDicePlayer[];
  lastShowdown: Showdown | null;
}

export type { LiarsDiceAction } from './action.js';

const options = {
  dice: option.integer({
    default: 3,
    min: 1,
    max: MAX_DICE,
    description: 'Dice each player starts with.',
  }),
};

/** The resolved options. */
export type LiarsDiceOptions = OptionValues<typeof options>;

type Effect = EffectHandler<LiarsDiceState, LiarsDiceOptions>;
type Condition = ConditionHandler<LiarsDiceState, LiarsDiceOptions>;

/** The next seat after `seat` that still has dice. */
function nextAlive(s: LiarsDiceState, seat: number): number {
  const n = s.players.length;
  for (let k = 1; k <= n; k++) {
    const j = (seat + k) % n;
    if ((s.players[j]?.diceLeft ?? 0) > 0) return j;
  }
  return seat;
}

/** Each player with dice rolls them under their cup: a private draw only they see. */
const rollCups: Effect = (ctx) => {
  const s = ctx.state;
  s.players.forEach((p, seat) => {
    p.cup =
      p.diceLeft === 0
        ? []
        : [
            ...ctx.random.roll(
              { count: p.diceLeft, sides: SIDES },
              { reason: 'cup', audience: seat },
            ).values,
          ].sort((a, b) => a - b);
  });
  s.round += 1;
  s.bid = null;
  s.bidder = null;
  s.roundDone = false;
  ctx.emit({ type: 'cupsRolled', round: s.round });
};

const oneLeft: Condition = (s) => s.players.filter((p) => p.diceLeft > 0).length <= 1;

const totalDice = (s: LiarsDiceState): number => s.players.reduce((sum, p) => sum + p.diceLeft, 0);

/** Whether `bid` raises the current bid: more dice, or as many of a higher face. */
function raises(current: Bid | null, bid: Bid): boolean {
  if (current === null) return true;
  return (
    bid.quantity > current.quantity ||
    (bid.quantity === current.quantity && bid.face > current.face)
  );
}

const bid: ActionHandler<
  LiarsDiceState,
  Extract<LiarsDiceAction, { type: 'bid' }>,
  LiarsDiceOptions
> = {
  description: 'Bid that at least `quantity` dice on the table show `face`.',
  // A bid shows and draws nothing: a player may take it back (core's \`takeBack\`).
  traits: { undoable: true },
  parse: (input) =>
    Number.isInteger(input.quantity) && Number.isInteger(input.face)
      ? { action: { type: 'bid', quantity: input.quantity as number, face: input.face as number } }
      : { error: "'bid' needs a whole 'quantity' and a 'face' from 1 to 6" },
  validate: (s, _seat, action) => {
    if (action.face < 1 || action.face > 6)
      return rejection('bad_face', `a die has faces 1 to 6, not ${String(action.face)}`);
    if (action.quantity < 1 || action.quantity > totalDice(s))
      return rejection(
        'bad_quantity',
        `the table has ${String(totalDice(s))} dice: bid from 1 to ${String(totalDice(s))}`,
      );
    if (!raises(s.bid, action))
      return rejection(
        'bid_too_low',
        `a bid must raise ${String(s.bid?.quantity)} × ${String(s.bid?.face)}: more dice, or as many of a higher face`,
      );
    return undefined;
  },
  resolve(ctx, seat, action) {
    const s = ctx.state;
    s.bid = { quantity: action.quantity, face: action.face };
    s.bidder = seat;
    s.current = nextAlive(s, seat);
  },
  enumerate: (s) => {
    const out: Extract<LiarsDiceAction, { type: 'bid' }>[] = [];
    for (let quantity = 1; quantity <= totalDice(s); quantity++)
      for (let face = 1; face <= 6; face++)
        if (raises(s.bid, { quantity, face })) out.push({ type: 'bid', quantity, face });
    return out;
  },
};

const liar: ActionHandler<
  LiarsDiceState,
  Extract<LiarsDiceAction, { type: 'liar' }>,
  LiarsDiceOptions
> = {
  description: 'Call the last bid a lie: the cups are lifted.',
  parse: (input) =>
    Object.keys(input).every((k) => k === 'type')
      ? { action: { type: 'liar' } }
      : { error: "'liar' takes no fields" },
  validate: (s) =>
    s.bid === null
      ? rejection('nothing_to_call', 'there is no bid to call yet: bid first')
      : undefined,
  resolve(ctx, seat) {
    const s = ctx.state;
    const current = s.bid as Bid;
    const bidder = s.bidder as number;
    const faces = s.players.map((p) => [...p.cup]);
    const counted = faces.flat().filter((f) => f === current.face).length;
    const loser = counted >= current.quantity ? seat : bidder;
    const player = s.players[loser] as LiarsDicePlayer;
    player.diceLeft -= 1;
    s.lastShowdown = { bid: current, bidder, caller: seat, counted, loser, faces };
    // The cups are lifted: every face is public by the rules, a declared consequence of the
    // secrets (the laws count it as learned; the next round is rolled in this same step).
    ctx.emit(
      { type: 'showdown', caller: seat, bidder, counted, loser, faces },
      { consequence: true },
    );
    s.current = player.diceLeft > 0 ? loser : nextAlive(s, loser);
    s.roundDone = true;
  },
  enumerate: (s) => (s.bid === null ? [] : [{ type: 'liar' }]),
};

/** For search (ISMCTS): the cups a seat cannot see, rolled again as independent dice. */
const rerollHiddenCups: DeterminizeHook<LiarsDiceState, LiarsDiceOptions> = (
  partial,
  _viewer,
  rng,
) => {
  for (const p of partial.players)
    if (!Array.isArray(p.cup)) p.cup = Array.from({ length: p.diceLeft }, () => rng.int(1, SIDES));
};

/** Liar's Dice for 2 to 4 players. */
export const liarsDice = defineGame<LiarsDiceState, LiarsDiceAction>()({
  id: 'liars-dice',
  name: "Liar's Dice",
  rulesVersion: 1,
  players: { min: 2, max: MAX_PLAYERS },
  options,
  cards: [],
  zones: [],
  // A cup's faces: only its owner sees them (the others see `diceLeft`, a public count).
  privateFields: [{ path: 'players.*.cup', visibility: 'owner' }],
  determinize: rerollHiddenCups,
  setup: (ctx) => ({
    round: 0,
    current: 0,
    bid: null,
    bidder: null,
    roundDone: true,
    players: Array.from({ length: ctx.players }, () => ({ cup: [], diceLeft: ctx.options.dice })),
    lastShowdown: null,
  }),
  phases: [
    {
      id: 'round',
      description: 'Everyone rolls under their cup; bids go round until someone calls a lie.',
      steps: [{ type: 'rollCups' }],
      next: [{ to: '$end', when: { type: 'oneLeft' } }, { to: 'round' }],
    },
  ],
  effects: { rollCups },
  conditions: { oneLeft },
  actions: { bid, liar },
  toAct: (s) => (s.roundDone ? [] : [s.current]),
  score: (s) => ({ scores: s.players.map((p) => p.diceLeft) }),
  describeAction: (a) =>
    a.type === 'bid' ? `bids ${String(a.quantity)} × ${String(a.face)}` : 'calls liar',
  // Observation features for learning (src/observation.ts): without them the Python
  // environments would use the default encoding derived from the zones and view fields.
  observation: liarsDiceObservation,
});
