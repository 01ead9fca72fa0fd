import { ListOwner } from './list-owner.js';

/** What the pile helpers read and write of a state (`StAugustineState` has both piles). */
interface Piles {
  deck: readonly string[];
  discard: readonly string[];
}

/** The slots of a state's piles in {@link piles}. */
const DECK = 0;
const DISCARD = 1;

/**
 * The deck and discard pile a state may change in place (see {@link ListOwner}): a working
 * copy that flips or discards many times pays one copy of each pile, not one per card.
 */
const piles = new ListOwner<Piles>(2);

/** Registers a fresh state's own piles (setup made them: nobody else reads them). */
export function ownPiles(s: Piles): void {
  piles.own(s, DECK, s.deck);
  piles.own(s, DISCARD, s.discard);
}

/** `s` is being copied with its piles shared: it no longer changes them in place. */
export function sharePiles(s: Piles): void {
  piles.release(s);
}

/** Takes the top card off a non-empty deck (in place when `s` owns the deck, else by a copy). */
export function takeTopCard(s: Piles): string {
  const deck = s.deck;
  const card = deck[0] as string;
  const own = piles.mutable(s, DECK, deck);
  if (own !== undefined) own.shift();
  else {
    const rest = deck.slice(1);
    s.deck = rest;
    piles.own(s, DECK, rest);
  }
  return card;
}

/** Puts a card on the discard pile (in place when `s` owns the pile, else on a copy). */
export function discardCard(s: Piles, id: string): void {
  const discard = s.discard;
  const own = piles.mutable(s, DISCARD, discard);
  if (own !== undefined) own.push(id);
  else {
    // A copy with room to grow: the next discards of this working copy push in place.
    const next = discard.slice();
    next.push(id);
    s.discard = next;
    piles.own(s, DISCARD, next);
  }
}

/** Replaces both piles with new lists of `s`'s own (a reshuffle: the discard becomes the deck). */
export function replacePiles(s: Piles, deck: string[], discard: string[]): void {
  s.deck = deck;
  s.discard = discard;
  ownPiles(s);
}
