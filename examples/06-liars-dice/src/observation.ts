/**
 * Liar's Dice's observation features, for learning (the Python environments, process bots
 * that ask for features): a fixed-length encoding of one seat's VIEW and a fixed numbering of
 * the actions. Without them a kit still reaches Python through the default encoding core
 * derives from the game's zones and view fields (`defaultObservation`); a kit declares its
 * own, as here, for a smaller encoding written in the game's terms.
 */
import type { GameObservation, GameView } from '@ruleloom/core';
import type { LiarsDiceAction } from './action.js';

const SEATS = 4;
const DICE = 5;
const TABLE = SEATS * DICE;
const FACES = 6;
const LIAR = TABLE * FACES;

/** The part of a view the encoding reads: a cup shows its dice only to its owner. */
interface DiceView {
  readonly current: number;
  readonly bid: { readonly quantity: number; readonly face: number } | null;
  readonly bidder: number | null;
  readonly players: readonly { readonly cup?: readonly number[]; readonly diceLeft: number }[];
}

/**
 * 16 numbers read from the seat's view: the seat's own dice by face, every seat's dice left
 * (starting from the seat itself), whether it is the seat's turn, the bid (whether there is
 * one, its quantity and face, whether the seat made it) and the dice on the table. A bid of
 * `quantity` × `face` is action `(quantity - 1) * 6 + face - 1`; calling liar is action 120.
 */
export const liarsDiceObservation: GameObservation<LiarsDiceAction> = {
  size: 16,
  layout: [
    { name: 'myDice', size: FACES },
    { name: 'diceLeft', size: SEATS },
    { name: 'myTurn', size: 1 },
    { name: 'bid', size: 4 },
    { name: 'tableDice', size: 1 },
  ],
  encode(gameView: GameView, seat: number, into: Float32Array): void {
    const view = gameView as unknown as DiceView;
    into.fill(0, 0, 16);
    // A cup holds faces (1-6); another seat's cup is not in this seat's view.
    for (const f of view.players[seat]?.cup ?? []) {
      if (f >= 1 && f <= FACES) into[f - 1] = (into[f - 1] as number) + 1 / DICE;
    }
    const n = view.players.length;
    let total = 0;
    for (let k = 0; k < n; k++) {
      const left = view.players[(seat + k) % n]?.diceLeft ?? 0;
      if (k < SEATS) into[FACES + k] = left / DICE;
      total += left;
    }
    into[10] = view.current === seat ? 1 : 0;
    if (view.bid !== null) {
      into[11] = 1;
      into[12] = view.bid.quantity / TABLE;
      into[13] = view.bid.face / FACES;
      into[14] = view.bidder === seat ? 1 : 0;
    }
    into[15] = total / TABLE;
  },
  actions: {
    size: LIAR + 1,
    indexOf(action) {
      if (action.type === 'liar') return LIAR;
      const { quantity, face: f } = action;
      return Number.isInteger(quantity) &&
        quantity >= 1 &&
        quantity <= TABLE &&
        f >= 1 &&
        f <= FACES
        ? (quantity - 1) * FACES + f - 1
        : undefined;
    },
    actionAt(index) {
      if (index === LIAR) return { type: 'liar' };
      if (!Number.isInteger(index) || index < 0 || index > LIAR) return undefined;
      return { type: 'bid', quantity: Math.floor(index / FACES) + 1, face: (index % FACES) + 1 };
    },
  },
};
