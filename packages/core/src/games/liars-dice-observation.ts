import type { GameObservation } from '../observation/observation.js';
import type { GameView } from '../view/view.js';
import type { LiarsDiceAction } from './liars-dice-action.js';

/** The most seats, dice per seat and dice on the table the encoding has room for. */
const SEATS = 6;
const DICE = 5;
const TABLE = SEATS * DICE;
const FACES = 6;

/** A Liar's Dice view as the encoding reads it (a seat sees `dice` only where it may). */
interface DiceView {
  readonly current: number;
  readonly stage: string;
  readonly bid: { readonly seat: number; readonly quantity: number; readonly face: number } | null;
  readonly players: readonly { readonly cup: number; readonly dice?: readonly number[] }[];
}

/**
 * Observation features of Liar's Dice (26 numbers, all read from the seat's view): the seat's
 * own dice by face, every seat's dice count, whose turn it is, the bid, the stage, the dice on
 * the table, and the faces of every die the seat can see (its own, or every cup while they are
 * lifted). Action indices: a bid of `quantity` x `face` is `(quantity - 1) * 6 + face - 1`,
 * then `challenge` and `nextRound`.
 * @public
 */
export const liarsDiceObservation: GameObservation<LiarsDiceAction> = {
  size: 26,
  encode(gameView: GameView, seat: number, into: Float32Array): void {
    const view = gameView as unknown as DiceView;
    into.fill(0, 0, 26);
    for (const d of view.players[seat]?.dice ?? [])
      into[d - 1] = (into[d - 1] as number) + 1 / DICE;
    let total = 0;
    view.players.forEach((p, i) => {
      if (i < SEATS) into[6 + i] = p.cup / DICE;
      total += p.cup;
      for (const d of p.dice ?? []) into[20 + d - 1] = (into[20 + d - 1] as number) + 1 / TABLE;
    });
    into[12] = view.current === seat ? 1 : 0;
    if (view.bid !== null) {
      into[13] = 1;
      into[14] = view.bid.quantity / TABLE;
      into[15] = view.bid.face / FACES;
      into[16] = view.bid.seat === seat ? 1 : 0;
    }
    into[17] = view.stage === 'bidding' ? 1 : 0;
    into[18] = view.stage === 'reveal' ? 1 : 0;
    into[19] = total / TABLE;
  },
  actions: {
    size: TABLE * FACES + 2,
    indexOf(action) {
      if (action.type === 'challenge') return TABLE * FACES;
      if (action.type === 'nextRound') return TABLE * FACES + 1;
      const { quantity, face } = action;
      return quantity >= 1 && quantity <= TABLE && face >= 1 && face <= FACES
        ? (quantity - 1) * FACES + face - 1
        : undefined;
    },
    actionAt(index) {
      if (!Number.isInteger(index) || index < 0) return undefined;
      if (index === TABLE * FACES) return { type: 'challenge' };
      if (index === TABLE * FACES + 1) return { type: 'nextRound' };
      if (index > TABLE * FACES) return undefined;
      return {
        type: 'bid',
        quantity: Math.floor(index / FACES) + 1,
        face: (index % FACES) + 1,
      };
    },
  },
};
