import {
  actionIndices,
  encodeObservation,
  type ActionBase,
  type GameObservation,
  type GameView,
} from '@ruleloom/core';

/**
 * The observation features sent with one decision to a process bot that asked for them:
 * the encoding of its view, the legal-action mask, and the action-space index of each legal
 * action (null for one the game's index space leaves out).
 * @public
 */
export interface DecisionFeatures {
  /** The encoding of the seat's view (`observation.size` numbers). */
  readonly observation: number[];
  /** 1 at the index of each legal action, 0 elsewhere (`observation.actions.size` entries). */
  readonly mask: Uint8Array;
  /** The index of each legal action, in the order of the legal actions. */
  readonly indices: (number | null)[];
}

/** A float32 as the shortest decimal that reads back as the same float32. */
function short(x: number): number {
  return Number.isInteger(x) ? x : Number(x.toPrecision(9));
}

/**
 * The features of one decision, from the seat's view and legal actions only.
 * @public
 */
export function decisionFeatures<TAction extends ActionBase>(
  observation: GameObservation<TAction>,
  view: GameView,
  seat: number,
  legalActions: readonly TAction[],
): DecisionFeatures {
  const encoded = encodeObservation(observation, view, seat);
  const values = new Array<number>(encoded.length);
  for (let i = 0; i < encoded.length; i++) values[i] = short(encoded[i] as number);
  const at = actionIndices(observation.actions, view, seat, legalActions);
  const mask = new Uint8Array(observation.actions.size);
  const indices = new Array<number | null>(at.length);
  for (let i = 0; i < at.length; i++) {
    const index = at[i] as number;
    indices[i] = index < 0 ? null : index;
    if (index >= 0) mask[index] = 1;
  }
  return { observation: values, mask, indices };
}

/** `[0,0,...,0]` as bytes, once per mask size (a mask is written by copying it). */
const zeroMasks = new Map<number, Buffer>();

/**
 * The JSON text of a mask (`[0,1,0,...]`): a copy of the all-zero text with a `1` written at
 * each set entry, so a large, sparse mask costs a memory copy instead of a number-by-number
 * `JSON.stringify`.
 * @public
 */
export function maskJson(mask: Uint8Array): string {
  const n = mask.length;
  if (n === 0) return '[]';
  let zero = zeroMasks.get(n);
  if (zero === undefined) {
    zero = Buffer.from(`[${new Array<string>(n).fill('0').join(',')}]`, 'latin1');
    zeroMasks.set(n, zero);
  }
  const out = Buffer.from(zero);
  for (let i = 0; i < n; i++) if (mask[i] === 1) out[1 + 2 * i] = 0x31;
  return out.toString('latin1');
}

/**
 * The JSON text of a decision message with its features: the message, then `observation` and
 * `mask` as the last fields.
 */
export function decisionJson(message: object, features: DecisionFeatures): string {
  const head = JSON.stringify({ ...message, observation: features.observation });
  return `${head.slice(0, -1)},"mask":${maskJson(features.mask)}}`;
}
