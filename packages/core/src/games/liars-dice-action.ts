/**
 * The actions of Liar's Dice (`liarsDice`): raise the bid, challenge the last bid, or (after a
 * challenge) start the next round.
 * @public
 */
export type LiarsDiceAction =
  | { readonly type: 'bid'; readonly quantity: number; readonly face: number }
  | { readonly type: 'challenge' }
  | { readonly type: 'nextRound' };
