/**
 * Liar's Dice, written only against Ruleloom's public SDK (`@ruleloom/core`): each player rolls
 * their dice under a cup (private: only the owner sees them), then players in turn raise a bid
 * on how many dice on the whole table show a face, or call the last bid a lie. On a call the
 * cups are lifted: if the table has at least that many, the caller loses a die, else the
 * bidder does. A player without dice is out; the last one with dice wins.
 *
 * Dice are cards here: a die showing 4 is an instance of the `face-4` card, and the dice
 * nobody rolled wait in a hidden pool. That way a cup is a zone with `owner` visibility, the
 * way the SDK hides a hand. A roll draws from the shuffled pool (20 dice of each face): the
 * shuffle takes the pool's visibility (nobody sees its order), and the information laws
 * resample it. Drawing without replacement from 120 dice is close to, not exactly, rolling
 * independent dice; `liarsDice` in `@ruleloom/core/games` rolls real dice privately instead
 * (`ctx.random.roll(dice, { audience: seat })`).
 */
import {
  defineGame,
  option,
  rejection,
  type ActionHandler,
  type CardDefinition,
  type ConditionHandler,
  type EffectHandler,
  type OptionValues,
} from '@ruleloom/core';
import { liarsDiceObservation } from './observation.js';

/** Most players and dice per player: the card table holds one copy per possible die. */
const MAX_PLAYERS = 4;
const MAX_DICE = 5;

/** A face of a die: `face-1` .. `face-6`. */
export interface FaceCard extends CardDefinition {
  readonly face: number;
}

/** One player: the dice in the cup (instance ids, private) and how many are left (public). */
export interface LiarsDicePlayer {
  cup: string[];
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
  pool: string[];
  players: LiarsDicePlayer[];
  lastShowdown: Showdown | null;
}

/** The actions: raise the bid, or call the last bid a lie. */
export type LiarsDiceAction =
  | { readonly type: 'bid'; readonly quantity: number; readonly face: number }
  | { readonly type: 'liar' };

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

type Effect = EffectHandler<LiarsDiceState, LiarsDiceOptions, FaceCard>;
type Condition = ConditionHandler<LiarsDiceState, LiarsDiceOptions, FaceCard>;

/** The face an instance id shows (`face-4#7` shows 4). */
export function faceOf(id: string): number {
  return Number(/^face-(\d)/.exec(id)?.[1] ?? 0);
}

/** The next seat after `seat` that still has dice. */
function nextAlive(s: LiarsDiceState, seat: number): number {
  const n = s.players.length;
  for (let k = 1; k <= n; k++) {
    const j = (seat + k) % n;
    if ((s.players[j]?.diceLeft ?? 0) > 0) return j;
  }
  return seat;
}

/** Every die back to the pool, then each player rolls (draws) their dice into their cup. */
const rollCups: Effect = (ctx) => {
  const s = ctx.state;
  for (const p of s.players) {
    s.pool.push(...p.cup);
    p.cup = [];
  }
  ctx.random.shuffle(s.pool, 'pool');
  for (const p of s.players) p.cup = s.pool.splice(0, p.diceLeft);
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
  LiarsDiceOptions,
  FaceCard
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
  LiarsDiceOptions,
  FaceCard
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
    const faces = s.players.map((p) => p.cup.map(faceOf));
    // The cups are lifted: every seat now knows every die (until the next shuffle of the pool).
    for (const p of s.players) for (const die of p.cup) ctx.reveal(die, { to: 'everyone' });
    const counted = faces.flat().filter((f) => f === current.face).length;
    const loser = counted >= current.quantity ? seat : bidder;
    const player = s.players[loser] as LiarsDicePlayer;
    player.diceLeft -= 1;
    // A player out of dice puts the cup away.
    if (player.diceLeft === 0) s.pool.push(...player.cup.splice(0));
    s.lastShowdown = { bid: current, bidder, caller: seat, counted, loser, faces };
    ctx.emit({ type: 'showdown', caller: seat, bidder, counted, loser, faces });
    s.current = player.diceLeft > 0 ? loser : nextAlive(s, loser);
    s.roundDone = true;
  },
  enumerate: (s) => (s.bid === null ? [] : [{ type: 'liar' }]),
};

/** Liar's Dice for 2 to 4 players. */
export const liarsDice = defineGame<LiarsDiceState, LiarsDiceAction, FaceCard>()({
  id: 'liars-dice',
  name: "Liar's Dice",
  rulesVersion: 1,
  players: { min: 2, max: MAX_PLAYERS },
  options,
  // One copy of each face per possible die: `face-1#1` .. `face-6#20`.
  cards: Array.from({ length: 6 }, (_, i) => ({
    id: `face-${String(i + 1)}`,
    copies: MAX_PLAYERS * MAX_DICE,
    face: i + 1,
  })),
  zones: [
    { path: 'pool', visibility: 'nobody', countAs: 'poolSize' },
    { path: 'players.*.cup', visibility: 'owner', countAs: 'cupSize' },
  ],
  // Cups are dealt only from the shuffled pool, so a die's copy number says nothing about who
  // else holds that face (the information-set laws check this declaration).
  copyIds: 'shuffled',
  setup: (ctx) => ({
    round: 0,
    current: 0,
    bid: null,
    bidder: null,
    roundDone: true,
    pool: [...ctx.cards.instanceIds],
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
