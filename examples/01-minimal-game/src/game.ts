/**
 * High Card: a complete small Ruleloom game in one file.
 *
 * Every player holds a private hand dealt from a hidden deck. Each round, all players choose a
 * card at the same time and put it face down; then the cards are revealed and the highest card
 * scores. After the last round (or when nobody has a card left) the most points win.
 *
 * It shows every part of a game definition: options with defaults and validation, zones with
 * visibility (a hidden deck, private hands, a face-down slot), phases as data (steps,
 * transitions, `skipIf`), named effects with params (`checkParams`), one action with
 * parse/validate/resolve/enumerate, simultaneous decisions, events with an audience, and scoring.
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

/** A card definition: `value` is what it is worth in a showdown. */
export interface HighCardCard extends CardDefinition {
  readonly value: number;
}

/** One player: a private hand, a face-down card (or null) and points. */
export interface HighCardPlayer {
  hand: string[];
  faceDown: string | null;
  points: number;
}

/** The game's own state: plain JSON, card instance ids only. */
export interface HighCardState {
  /** Showdowns played so far. */
  round: number;
  /** True while the players choose their cards (the engine waits only then). */
  choosing: boolean;
  deck: string[];
  /** Cards revealed in the last showdown (public until the next round). */
  table: string[];
  discard: string[];
  players: HighCardPlayer[];
}

/** The action union: one action type, discriminated by `type`. */
export type HighCardAction = { readonly type: 'play'; readonly card: string };

const options = {
  rounds: option.integer({ default: 5, min: 1, max: 20, description: 'Showdowns to play.' }),
  handSize: option.integer({
    default: 3,
    min: 1,
    max: 5,
    description: 'Cards each player is dealt at the start.',
  }),
  ties: option.enum(['share', 'nobody'], {
    default: 'share',
    description:
      "When the highest cards tie: 'share' scores every tied player, 'nobody' scores no one.",
  }),
};

/** Resolved option values, inferred from the declarations. */
export type HighCardOptions = OptionValues<typeof options>;

// Handler type shorthands: the params type is the last type argument.
type Effect<TParams = undefined> = EffectHandler<
  HighCardState,
  HighCardOptions,
  HighCardCard,
  TParams
>;
type Condition = ConditionHandler<HighCardState, HighCardOptions, HighCardCard>;

/** Deals `count` cards from the top of the deck to every player, in seat order. */
const deal: Effect<{ count: number }> = Object.assign(
  (ctx: Parameters<Effect<{ count: number }>>[0], params: { count: number }) => {
    const s = ctx.state;
    for (let i = 0; i < params.count; i++) {
      s.players.forEach((player, seat) => {
        const card = s.deck.shift();
        if (card === undefined) return;
        player.hand.push(card);
        // Only the receiving seat may see which card it was: log redaction hides it from others.
        ctx.emit({ type: 'dealt', seat, card, audience: [seat] });
      });
    }
  },
  {
    checkParams: (params: unknown): string[] => {
      const count = (params as { count?: unknown } | undefined)?.count;
      return typeof count === 'number' && Number.isInteger(count) && count >= 1
        ? []
        : ['count must be a whole number of at least 1'];
    },
  },
);

/** Clears the last showdown's cards to the discard pile and asks everyone for a card. */
const openRound: Effect = (ctx) => {
  const s = ctx.state;
  s.discard.push(...s.table);
  s.table = [];
  s.choosing = true;
};

/** Reveals every face-down card; the highest value scores `points` (see the `ties` option). */
const showdown: Effect<{ points: number }> = Object.assign(
  (ctx: Parameters<Effect<{ points: number }>>[0], params: { points: number }) => {
    const s = ctx.state;
    const revealed: { seat: number; card: string; value: number }[] = [];
    s.choosing = false;
    s.players.forEach((player, seat) => {
      if (player.faceDown === null) return;
      revealed.push({ seat, card: player.faceDown, value: ctx.card(player.faceDown).value });
      s.table.push(player.faceDown);
      player.faceDown = null;
    });
    s.round += 1;
    if (revealed.length === 0) return;
    const best = Math.max(...revealed.map((r) => r.value));
    const top = revealed.filter((r) => r.value === best).map((r) => r.seat);
    const winners = top.length > 1 && ctx.options.ties === 'nobody' ? [] : top;
    for (const seat of winners) (s.players[seat] as HighCardPlayer).points += params.points;
    ctx.emit({ type: 'showdown', revealed, winners });
  },
  {
    checkParams: (params: unknown): string[] =>
      typeof (params as { points?: unknown } | undefined)?.points === 'number'
        ? []
        : ['points must be a number'],
  },
);

const deckEmpty: Condition = (s) => s.deck.length === 0;
const gameDone: Condition = (s, _params, ctx) =>
  s.round >= ctx.options.rounds || s.players.every((p) => p.hand.length === 0);

/** Puts a card from your hand face down. */
const play: ActionHandler<HighCardState, HighCardAction, HighCardOptions, HighCardCard> = {
  description: 'Put a card from your hand face down for the showdown.',
  // Played face down: the other seats' logs show only that a card was played, not which.
  secret: true,
  // Shape check of outside input: anything that is not { type: 'play', card: string } is malformed.
  parse: (input) =>
    typeof input.card === 'string'
      ? { action: { type: 'play', card: input.card } }
      : { error: "'play' needs a 'card': the id of a card in your hand" },
  // Legality now: a specific code and a message that says what would be right.
  validate: (s, seat, action) =>
    s.players[seat]?.hand.includes(action.card)
      ? undefined
      : rejection(
          'not_in_hand',
          `card '${action.card}' is not in your hand (you hold ${s.players[seat]?.hand.join(', ') ?? 'nothing'})`,
        ),
  resolve(ctx, seat, action) {
    const player = ctx.state.players[seat] as HighCardPlayer;
    player.hand.splice(player.hand.indexOf(action.card), 1);
    player.faceDown = action.card;
    // Everyone learns that the seat has played, not which card.
    ctx.emit({ type: 'playedFaceDown', seat });
  },
  // Every legal action of this type for a seat (what `legalActions` lists): one per card id.
  enumerate: (s, seat) =>
    (s.players[seat]?.hand ?? []).map((card) => ({ type: 'play' as const, card })),
  count: (s, seat) => s.players[seat]?.hand.length ?? 0,
};

/** The game definition: static, typed data plus the handlers it names. */
export const highCard = defineGame<HighCardState, HighCardAction, HighCardCard>()({
  id: 'high-card',
  name: 'High Card',
  rulesVersion: 1,
  players: { min: 2, max: 4 },
  options,
  // Ten card definitions with four copies each: instance ids `card-1#1` .. `card-10#4`.
  cards: Array.from({ length: 10 }, (_, i) => ({
    id: `card-${String(i + 1)}`,
    copies: 4,
    value: i + 1,
  })),
  checkCard: (card) =>
    typeof (card as { value?: unknown }).value === 'number' ? [] : ['a card needs a numeric value'],
  // Copies (`card-3#1`, `card-3#2`) reach hands only from the shuffled deck, so which copy a
  // seat holds says nothing about the others' hands (defineGame asks for this statement).
  copyIds: 'shuffled',
  zones: [
    { path: 'deck', visibility: 'nobody', countAs: 'deckSize' },
    { path: 'table', visibility: 'everyone' },
    { path: 'discard', visibility: 'everyone' },
    { path: 'players.*.hand', visibility: 'owner', countAs: 'handSize' },
    { path: 'players.*.faceDown', kind: 'slot', visibility: 'owner', countAs: 'faceDownCount' },
  ],
  setup(ctx) {
    const deck = [...ctx.cards.instanceIds];
    ctx.random.shuffle(deck, 'deck');
    const players = Array.from({ length: ctx.players }, () => ({
      hand: deck.splice(0, ctx.options.handSize),
      faceDown: null,
      points: 0,
    }));
    return { round: 0, choosing: false, deck, table: [], discard: [], players };
  },
  phases: [
    {
      id: 'play',
      description: 'The last showdown is cleared; every player with a card puts one face down.',
      steps: [{ type: 'openRound' }],
    },
    {
      id: 'showdown',
      description: 'Cards are revealed and the highest scores.',
      steps: [{ type: 'showdown', params: { points: 1 } }],
      next: [{ to: '$end', when: { type: 'gameDone' } }],
    },
    {
      id: 'draw',
      description: 'Everyone draws one card, unless the deck is empty.',
      skipIf: { type: 'deckEmpty' },
      steps: [{ type: 'deal', params: { count: 1 } }],
      next: [{ to: 'play' }],
    },
  ],
  effects: { deal, openRound, showdown },
  conditions: { deckEmpty, gameDone },
  actions: { play },
  // Simultaneous decisions: while choosing, every player who holds a card and has not played.
  // `toAct` reads the game state only: when it is empty, the engine moves to the next phase.
  toAct: (s) =>
    s.choosing
      ? s.players.flatMap((p, seat) => (p.faceDown === null && p.hand.length > 0 ? [seat] : []))
      : [],
  score: (s) => ({ scores: s.players.map((p) => p.points) }),
  describeAction: (action) => `plays ${action.card} face down`,
});
