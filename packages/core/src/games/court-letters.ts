import type { ActionTraits } from '../define/action-traits.js';
import {
  defineGame,
  rejection,
  type ActionHandler,
  type CardDefinition,
  type EffectContext,
  type EffectHandler,
  option,
  type OptionValues,
} from '../index.js';

/**
 * A card of {@link courtLetters}: its rank (higher wins at the end) and what playing it does.
 * @public
 */
export interface CourtCard extends CardDefinition {
  readonly rank: number;
  readonly power: 'guess' | 'peek' | 'compare' | 'shield' | 'swap' | 'none';
}

/**
 * The state of {@link courtLetters}.
 * @public
 */
export interface CourtState {
  current: number;
  awaiting: boolean;
  /** The hidden, shuffled deck. */
  deck: string[];
  /** The card removed face down at the start (seen by nobody). */
  removed: string[];
  players: { hand: string[]; discard: string[]; out: boolean; shielded: boolean }[];
}

/**
 * The action of {@link courtLetters}: play a card from your hand, naming a target seat (for
 * the cards that act on another seat) and, for a guard, a rank to guess.
 * @public
 */
export interface CourtAction {
  readonly type: 'play';
  readonly card: string;
  readonly target?: number;
  readonly guess?: number;
}

/**
 * The option declarations of {@link courtLetters}.
 * @public
 */
export const courtLettersOptions = {
  faceDownKnockouts: option.boolean({
    default: false,
    description:
      'A knocked-out hand goes face down under the removed card: who was knocked out is then public only as a declared consequence.',
  }),
};
/**
 * The options of {@link courtLetters}.
 * @public
 */
export type CourtOptions = OptionValues<typeof courtLettersOptions>;

type Ctx = EffectContext<CourtState, CourtOptions, CourtCard>;

const CARDS: readonly (CourtCard & { copies: number })[] = [
  { id: 'guard', copies: 5, rank: 1, power: 'guess' },
  { id: 'priest', copies: 2, rank: 2, power: 'peek' },
  { id: 'baron', copies: 2, rank: 3, power: 'compare' },
  { id: 'handmaid', copies: 2, rank: 4, power: 'shield' },
  { id: 'king', copies: 1, rank: 6, power: 'swap' },
  { id: 'princess', copies: 1, rank: 8, power: 'none' },
];
const GUESSES = [...new Set(CARDS.filter((c) => c.rank > 1).map((c) => c.rank))];

const rankOf = (ctx: { card(id: string): CardDefinition }, id: string): number =>
  (ctx.card(id) as CourtCard).rank;

/** The seats a card may target: others still in and not shielded. */
function targetsOf(s: CourtState, seat: number): number[] {
  const out: number[] = [];
  s.players.forEach((p, i) => {
    if (i !== seat && !p.out && !p.shielded) out.push(i);
  });
  return out;
}

/**
 * Knocks a seat out: its hand is laid face up on its discard pile or, with
 * `faceDownKnockouts`, face down under the removed card, and who is out is announced as a
 * declared public consequence of the secret that decided it.
 */
function knockOut(ctx: Ctx, seat: number): void {
  const p = ctx.state.players[seat];
  if (p === undefined || p.out) return;
  p.out = true;
  const cards = p.hand.splice(0);
  if (ctx.options.faceDownKnockouts) {
    ctx.state.removed.push(...cards);
    ctx.emit({ type: 'knockedOut', seat }, { consequence: true });
  } else {
    p.discard.push(...cards);
    ctx.emit({ type: 'knockedOut', seat, cards });
  }
}

function alive(s: CourtState): number[] {
  return s.players.flatMap((p, i) => (p.out ? [] : [i]));
}

/** The next seat still in draws the top card of the deck. */
const nextTurn: EffectHandler<CourtState, CourtOptions, CourtCard> = (ctx) => {
  const s = ctx.state;
  const n = s.players.length;
  for (let k = 1; k <= n; k++) {
    const seat = (s.current + k) % n;
    const p = s.players[seat];
    if (p !== undefined && !p.out) {
      s.current = seat;
      break;
    }
  }
  const p = s.players[s.current] as CourtState['players'][number];
  p.shielded = false;
  const card = s.deck.shift();
  if (card !== undefined) {
    p.hand.push(card);
    ctx.emit({ type: 'drew', seat: s.current, card, audience: [s.current] });
  }
  s.awaiting = true;
};

/** What playing each power does (the card has left the hand already). */
function resolvePower(ctx: Ctx, seat: number, a: CourtAction, card: CourtCard): void {
  const s = ctx.state;
  const me = s.players[seat] as CourtState['players'][number];
  if (card.power === 'none') {
    knockOut(ctx, seat);
    return;
  }
  if (card.power === 'shield') {
    me.shielded = true;
    return;
  }
  const target = a.target;
  if (target === undefined) return;
  const them = s.players[target] as CourtState['players'][number];
  const theirs = them.hand[0] as string;
  const mine = me.hand[0] as string;
  switch (card.power) {
    case 'guess': {
      const right = rankOf(ctx, theirs) === a.guess;
      ctx.emit({ type: 'guessed', seat, target, rank: a.guess ?? 0, right }, { consequence: true });
      if (right) knockOut(ctx, target);
      return;
    }
    case 'peek':
      ctx.reveal(theirs, { to: seat });
      ctx.emit({ type: 'peeked', seat, target, card: theirs, audience: [seat] });
      return;
    case 'compare': {
      const diff = rankOf(ctx, mine) - rankOf(ctx, theirs);
      // The lower is knocked out; each is shown the other's card, where it is now.
      if (diff !== 0) knockOut(ctx, diff < 0 ? seat : target);
      ctx.reveal(theirs, { to: seat });
      ctx.reveal(mine, { to: target });
      ctx.emit({ type: 'compared', seat, target, cards: [mine, theirs], audience: [seat, target] });
      return;
    }
    case 'swap':
      me.hand = [theirs];
      them.hand = [mine];
      // The hands change places on the table: whoever had seen either card still knows it.
      ctx.follow(mine);
      ctx.follow(theirs);
      // Each knows the card it gave away.
      ctx.reveal(mine, { to: seat });
      ctx.reveal(theirs, { to: target });
      ctx.emit({ type: 'swapped', seat, target });
      return;
  }
}

const play: ActionHandler<CourtState, CourtAction, CourtOptions, CourtCard> & {
  readonly traits: ActionTraits<CourtAction>;
} = {
  traits: {
    fields: {
      card: 'card',
      target: { kind: 'seat', optional: true },
      guess: { kind: 'integer', optional: true },
    },
  },
  parse: (input) => {
    if (typeof input.card !== 'string') return { error: "'play' needs a card id" };
    const action: { type: 'play'; card: string; target?: number; guess?: number } = {
      type: 'play',
      card: input.card,
    };
    if (input.target !== undefined) {
      if (typeof input.target !== 'number' || !Number.isInteger(input.target))
        return { error: "'target' must be a seat" };
      action.target = input.target;
    }
    if (input.guess !== undefined) {
      if (typeof input.guess !== 'number' || !Number.isInteger(input.guess))
        return { error: "'guess' must be a rank" };
      action.guess = input.guess;
    }
    return { action };
  },
  validate: (s, seat, a, ctx) => {
    if (!(s.players[seat]?.hand.includes(a.card) ?? false))
      return rejection('not_in_hand', `card '${a.card}' is not in your hand`);
    const card = ctx.card(a.card);
    const aims = card.power === 'guess' || card.power === 'peek' || card.power === 'compare';
    const targets = targetsOf(s, seat);
    const needsTarget = (aims || card.power === 'swap') && targets.length > 0;
    if (!needsTarget) {
      if (a.target !== undefined || a.guess !== undefined)
        return rejection('no_target', `'${card.id}' takes no target now`);
      return undefined;
    }
    if (a.target === undefined || !targets.includes(a.target))
      return rejection('bad_target', `choose a target among seats ${targets.join(', ')}`);
    if (card.power === 'guess') {
      if (a.guess === undefined || !GUESSES.includes(a.guess))
        return rejection('bad_guess', `guess one of the ranks ${GUESSES.join(', ')}`);
    } else if (a.guess !== undefined) return rejection('no_guess', 'only a guard guesses');
    return undefined;
  },
  resolve(ctx, seat, a) {
    const s = ctx.state;
    const me = s.players[seat] as CourtState['players'][number];
    me.hand.splice(me.hand.indexOf(a.card), 1);
    me.discard.push(a.card);
    s.awaiting = false;
    ctx.emit({
      type: 'played',
      seat,
      card: a.card,
      ...(a.target === undefined ? {} : { target: a.target }),
      ...(a.guess === undefined ? {} : { guess: a.guess }),
    });
    resolvePower(ctx, seat, a, ctx.card(a.card));
    // The end: one seat left, or no card to draw. Every hand still in is shown.
    if (alive(s).length <= 1 || s.deck.length === 0) {
      for (const i of alive(s)) {
        const p = s.players[i] as CourtState['players'][number];
        const cards = p.hand.splice(0);
        p.discard.push(...cards);
        ctx.emit({ type: 'showdown', seat: i, cards });
      }
    }
  },
  enumerate: (s, seat, ctx) => {
    const out: CourtAction[] = [];
    const targets = targetsOf(s, seat);
    for (const id of new Set(s.players[seat]?.hand ?? [])) {
      const card = ctx.card(id);
      const aims =
        card.power === 'guess' ||
        card.power === 'peek' ||
        card.power === 'compare' ||
        card.power === 'swap';
      if (!aims || targets.length === 0) out.push({ type: 'play', card: id });
      else
        for (const target of targets)
          if (card.power === 'guess')
            for (const guess of GUESSES) out.push({ type: 'play', card: id, target, guess });
          else out.push({ type: 'play', card: id, target });
    }
    return out;
  },
};

/**
 * Court Letters, a Love-Letter-like card game that tests the information laws with cards: one
 * private card each, a hidden shuffled deck with copies, one card removed face down; a turn
 * draws a card and plays one. Guard: guess another seat's rank (a right guess knocks it out,
 * a public consequence). Priest: look at another's hand (a declared reveal). Baron: compare
 * hands privately; the lower is knocked out (its card face up). Handmaid: untargetable until
 * your next turn. King: swap hands. Princess: playing it knocks you out. When one seat is left
 * or the deck is empty, the highest card still in hand wins.
 * @public
 */
export const courtLetters = defineGame<CourtState, CourtAction, CourtCard>()({
  id: 'court-letters',
  name: 'Court Letters',
  rulesVersion: 1,
  players: { min: 2, max: 4 },
  options: courtLettersOptions,
  cards: CARDS,
  checkCard: (card) =>
    typeof (card as { rank?: unknown }).rank === 'number' ? [] : ['a card needs a numeric rank'],
  // Copies (guard#1..guard#5) reach hands only from the shuffled deck.
  copyIds: 'shuffled',
  zones: [
    { path: 'deck', visibility: 'nobody', countAs: 'deckSize' },
    { path: 'removed', visibility: 'nobody', countAs: 'removedCount' },
    { path: 'players.*.hand', visibility: 'owner', countAs: 'handSize' },
    { path: 'players.*.discard', visibility: 'everyone' },
  ],
  setup(ctx) {
    const deck = [...ctx.cards.instanceIds];
    ctx.random.shuffle(deck, 'deck');
    const removed = deck.splice(0, 1);
    const players = Array.from({ length: ctx.players }, () => ({
      hand: deck.splice(0, 1),
      discard: [] as string[],
      out: false,
      shielded: false,
    }));
    return { current: ctx.players - 1, awaiting: false, deck, removed, players };
  },
  phases: [
    {
      id: 'turn',
      steps: [{ type: 'nextTurn' }],
      next: [{ to: '$end', when: { type: 'finished' } }, { to: 'turn' }],
    },
  ],
  effects: { nextTurn },
  conditions: {
    finished: (s: CourtState) => alive(s).length <= 1 || s.deck.length === 0,
  },
  actions: { play },
  toAct: (s) => (s.awaiting ? [s.current] : []),
  score: (s, ctx) => ({
    scores: s.players.map((p) =>
      p.out ? 0 : Math.max(0, ...p.discard.slice(-1).map((id) => rankOf(ctx, id))),
    ),
  }),
});
