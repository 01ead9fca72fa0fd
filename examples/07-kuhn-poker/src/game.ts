/**
 * Kuhn poker, written only against Ruleloom's public SDK (`@ruleloom/core`): a deck of three
 * cards (Jack, Queen, King), two players, a one-chip ante each, one card each from the shuffled
 * deck (private: only its owner sees it), and one betting round of `pass` and `bet` (one chip):
 *
 * - the first player passes or bets;
 * - after a pass, the second player passes (showdown for the antes) or bets; after that bet
 *   the first player folds (`pass`) or calls (`bet`);
 * - after a bet, the second player folds (`pass`) or calls (`bet`).
 *
 * A fold gives the pot to the other player; a showdown to the higher card. The score is each
 * player's net chips (+1 or +2 for the winner). The game's value for the first player is
 * -1/18 under optimal play: the chance-node CFR test in `packages/python/tests` finds it.
 */
import {
  defineGame,
  parseBareAction,
  rejection,
  type ActionHandler,
  type CardDefinition,
  type GameObservation,
  type OptionValues,
} from '@ruleloom/core';

const options = {};
type KuhnOptions = OptionValues<typeof options>;

/** A card of the deck: `jack`, `queen` or `king`, with its rank (1 to 3). */
export interface KuhnCard extends CardDefinition {
  readonly rank: number;
}

/** A player: the hand (one card, private) and the chips put in the pot (public). */
export interface KuhnPlayer {
  hand: string[];
  chips: number;
}

/** A betting move: `pass` (check, or fold to a bet) or `bet` (bet one chip, or call a bet). */
export type KuhnMove = 'pass' | 'bet';

/** The game's state: plain JSON. */
export interface KuhnState {
  deck: string[];
  players: KuhnPlayer[];
  /** The moves so far, in order (public). */
  moves: KuhnMove[];
  current: number;
  /** The cards shown at a showdown (public once the round is over), else null. */
  shown: string[] | null;
  /** Who took the pot, once the round is over. */
  winner: number | null;
}

/** The actions: pass or bet. */
export type KuhnAction = { readonly type: 'pass' } | { readonly type: 'bet' };

const CARDS = [
  { id: 'jack', rank: 1 },
  { id: 'queen', rank: 2 },
  { id: 'king', rank: 3 },
] as const satisfies readonly KuhnCard[];

const RANK: Readonly<Record<string, number>> = { jack: 1, queen: 2, king: 3 };

/** Whether the moves so far end the round: pass-pass, bet-pass, bet-bet, pass-bet-pass, pass-bet-bet. */
export function isOver(moves: readonly KuhnMove[]): boolean {
  const h = moves.join('-');
  return ['pass-pass', 'bet-pass', 'bet-bet', 'pass-bet-pass', 'pass-bet-bet'].includes(h);
}

/** Settles the round once `moves` end it: a fold gives the pot to the bettor, else the higher card wins. */
function settle(
  s: KuhnState,
  emit: (event: { type: string; [k: string]: unknown }) => void,
  reveal: (card: string) => void,
): void {
  const last = s.moves[s.moves.length - 1];
  const folded = last === 'pass' && s.moves.includes('bet');
  if (folded) {
    // The player who passed after a bet folds: the other one takes the pot.
    const folder = s.moves.length % 2 === 0 ? 1 : 0;
    s.winner = 1 - folder;
    emit({ type: 'folded', seat: folder });
    return;
  }
  const hands = s.players.map((p) => p.hand[0] ?? '');
  // The showdown shows both cards to everyone.
  for (const card of hands) reveal(card);
  s.shown = hands;
  s.winner = (RANK[hands[0] ?? ''] ?? 0) > (RANK[hands[1] ?? ''] ?? 0) ? 0 : 1;
  emit({ type: 'showdown', cards: hands, winner: s.winner });
}

function move<T extends KuhnMove>(
  type: T,
): ActionHandler<KuhnState, { readonly type: T }, KuhnOptions, KuhnCard> {
  return {
    description: type === 'pass' ? 'Check, or fold to a bet.' : 'Bet one chip, or call the bet.',
    traits: { fields: {} },
    parse: parseBareAction(type),
    validate: (s) => (s.winner !== null ? rejection('round_over', 'the round is over') : undefined),
    resolve(ctx, seat) {
      const s = ctx.state;
      const bets = s.moves.includes('bet');
      // A bet, or a call of one, puts one chip in the pot.
      if (type === 'bet') (s.players[seat] as KuhnPlayer).chips += 1;
      s.moves.push(type);
      if (!bets && type === 'bet') ctx.emit({ type: 'bet', seat });
      if (isOver(s.moves))
        settle(
          s,
          (e) => ctx.emit(e),
          (card) => ctx.reveal(card, { to: 'everyone' }),
        );
      else s.current = 1 - seat;
    },
    enumerate: (s) => (s.winner === null ? [{ type }] : []),
  };
}

/** One-hot index of a card id (jack, queen, king), or -1. */
function cardIndex(id: unknown): number {
  return typeof id === 'string' && id in RANK ? (RANK[id] as number) - 1 : -1;
}

interface KuhnView {
  readonly players?: readonly { readonly hand?: readonly string[] }[];
  readonly moves?: readonly KuhnMove[];
}

/**
 * The observation for learning: the seat's own card one-hot (jack, queen, king), then each of the three
 * betting moves one-hot (pass, bet); actions `pass` = 0, `bet` = 1.
 */
export const kuhnObservation: GameObservation<KuhnAction> = {
  size: 3 + 3 * 2,
  encode(view, seat, into) {
    into.fill(0, 0, 9);
    const v = view as KuhnView;
    const card = cardIndex(v.players?.[seat]?.hand?.[0]);
    if (card >= 0) into[card] = 1;
    (v.moves ?? []).forEach((m, i) => {
      if (i < 3) into[3 + 2 * i + (m === 'pass' ? 0 : 1)] = 1;
    });
  },
  layout: [
    { name: 'card', size: 3 },
    { name: 'moves', size: 6 },
  ],
  actions: {
    size: 2,
    indexOf: (action) => (action.type === 'pass' ? 0 : action.type === 'bet' ? 1 : undefined),
    actionAt: (index) =>
      index === 0 ? { type: 'pass' } : index === 1 ? { type: 'bet' } : undefined,
  },
};

/** Kuhn poker for two players. */
export const kuhnPoker = defineGame<KuhnState, KuhnAction, KuhnCard>()({
  id: 'kuhn-poker',
  name: 'Kuhn poker',
  rulesVersion: 1,
  players: { min: 2, max: 2 },
  options,
  cards: CARDS,
  zones: [
    { path: 'deck', visibility: 'nobody', countAs: 'deckSize' },
    { path: 'players.*.hand', visibility: 'owner', countAs: 'handSize' },
  ],
  setup(ctx) {
    const deck = [...ctx.cards.instanceIds];
    ctx.random.shuffle(deck, 'deck');
    // The ante: one chip each.
    const players = [0, 1].map(() => ({ hand: deck.splice(0, 1), chips: 1 }));
    return { deck, players, moves: [], current: 0, shown: null, winner: null };
  },
  phases: [
    {
      id: 'betting',
      description: 'One round of pass and bet, then a fold or a showdown.',
      steps: [],
      next: [{ to: '$end' }],
    },
  ],
  effects: {},
  actions: { pass: move('pass'), bet: move('bet') },
  toAct: (s) => (s.winner === null ? [s.current] : []),
  score: (s) => {
    const winner = s.winner ?? 0;
    const pot = s.players.reduce((sum, p) => sum + p.chips, 0);
    return {
      scores: s.players.map((p, seat) => (seat === winner ? pot - p.chips : -p.chips)),
      winners: [winner],
    };
  },
  describeAction: (a) => (a.type === 'pass' ? 'passes' : 'bets'),
  observation: kuhnObservation,
});
