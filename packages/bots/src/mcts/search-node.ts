import type { ActionBase } from '@ruleloom/core';
import { actionKey, sameActions } from './action-key.js';

/**
 * A node of the information-set search tree: the actions taken from the root lead here,
 * whatever determinization was sampled (an open-loop tree; chance is resampled every
 * iteration). `seat` is the seat that chose `action`; `reward` is summed from its side.
 */
export class SearchNode<TAction extends ActionBase> {
  readonly parent: SearchNode<TAction> | null;
  readonly action: TAction | null;
  readonly seat: number;
  visits = 0;
  /** How often this node's action was legal when its parent was visited (ISMCTS availability). */
  available = 0;
  reward = 0;
  private readonly byKey = new Map<string, SearchNode<TAction>>();
  private cachedSeat = -1;
  private cachedLegal: readonly TAction[] | null = null;
  private cachedChildren: (SearchNode<TAction> | undefined)[] = [];

  constructor(parent: SearchNode<TAction> | null, action: TAction | null, seat: number) {
    this.parent = parent;
    this.action = action;
    this.seat = seat;
  }

  /**
   * The children matching a list of legal actions, aligned with it (`undefined` where not
   * expanded yet). Cached: consecutive visits with an equal list reuse the match.
   */
  childrenFor(seat: number, legal: readonly TAction[]): (SearchNode<TAction> | undefined)[] {
    const cached = this.cachedLegal;
    if (cached !== null && this.cachedSeat === seat && sameActions(cached, legal))
      return this.cachedChildren;
    const children: (SearchNode<TAction> | undefined)[] = new Array<
      SearchNode<TAction> | undefined
    >(legal.length);
    for (let i = 0; i < legal.length; i++)
      children[i] = this.byKey.get(`${String(seat)}|${actionKey(legal[i] as TAction)}`);
    this.cachedSeat = seat;
    this.cachedLegal = legal;
    this.cachedChildren = children;
    return children;
  }

  /** Adds the child for `legal[index]` (as matched by the last {@link SearchNode.childrenFor}). */
  expand(seat: number, legal: readonly TAction[], index: number): SearchNode<TAction> {
    const action = legal[index] as TAction;
    const child = new SearchNode<TAction>(this, action, seat);
    this.byKey.set(`${String(seat)}|${actionKey(action)}`, child);
    const children = this.childrenFor(seat, legal);
    children[index] = child;
    return child;
  }
}
