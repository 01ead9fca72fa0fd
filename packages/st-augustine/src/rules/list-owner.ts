/**
 * Which state may change some of its lists in place: at most one state at a time, for the
 * lists it made itself since it was last copied.
 *
 * @remarks
 * A game whose copies for stepping share lists with their original (`cloneForStep`) must
 * replace a shared list rather than change it (`withCard`, `slice`): the original, and every
 * earlier state, still reads it. A list that a state made itself (the copy it took on its
 * first change) is seen by nobody else until that state is copied, so until then it can be
 * changed in place: a deck popped from the top, a discard pile pushed to. This class
 * remembers those lists for one owner; the game's copy function calls {@link ListOwner.release}
 * on the state it copies, after which that state replaces its lists again (once) before
 * owning the new ones. Search steps one working copy for many steps in a row, so it copies
 * each list once per copy instead of once per change. A list that was not made by its owner
 * (one read from JSON, one from a copy) is never changed in place; the owner being one state
 * at a time (a module value, like a generator's cache) costs one identity check per change.
 *
 * Nothing of this shows in a state: its JSON, hash and draws are the same either way.
 */
export class ListOwner<TOwner extends object> {
  /** The one state whose registered lists may change in place, or null. */
  private owner: TOwner | null = null;
  /** The owner's changeable list in each slot (null when none). */
  private readonly lists: (readonly unknown[] | null)[];

  /** @param slots - how many lists a state may own (numbered from 0: a deck, a discard pile). */
  constructor(slots: number) {
    this.lists = [];
    for (let i = 0; i < slots; i++) this.lists.push(null);
  }

  /**
   * `list` as a list that `owner` may change in place (it is the one `owner` registered in
   * `slot` and `owner` was not copied since), or undefined: then replace it.
   */
  mutable<T>(owner: TOwner, slot: number, list: readonly T[]): T[] | undefined {
    return this.owner === owner && this.lists[slot] === list ? (list as T[]) : undefined;
  }

  /**
   * Registers `list` in `slot` as `owner`'s to change in place. Only for a list `owner` just
   * made and holds alone (nobody else can read it). A new owner takes over: the previous one's
   * lists are no longer changed in place.
   */
  own<T>(owner: TOwner, slot: number, list: readonly T[]): void {
    if (this.owner !== owner) {
      this.owner = owner;
      for (let i = 0; i < this.lists.length; i++) this.lists[i] = null;
    }
    this.lists[slot] = list;
  }

  /** `state` is being copied (its lists become shared): none of them changes in place again. */
  release(state: TOwner): void {
    if (this.owner === state) this.owner = null;
  }
}
