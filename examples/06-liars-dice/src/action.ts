/**
 * Liar's Dice's actions, apart from the rules so that the rules (`game.ts`) and the
 * observation features (`observation.ts`) both read them without importing each other.
 */

/** The actions: raise the bid, or call the last bid a lie. */
export type LiarsDiceAction =
  | { readonly type: 'bid'; readonly quantity: number; readonly face: number }
  | { readonly type: 'liar' };
