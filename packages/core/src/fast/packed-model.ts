import type { ForwardModelSetup } from '../define/game.js';
import type { ForwardModel } from '../define/forward-model.js';
import type { ActionBase } from '../model/action.js';
import type { GameResult, GameScore, MatchState } from '../model/match-state.js';
import { rankScores } from '../run/scoring.js';
import type { GameView } from '../view/view.js';
import type { PackedFields } from './packed-fields.js';
import type { PackedLayout } from './packed-layout.js';

/**
 * The rules part of a fast forward model on a {@link PackedLayout}: what is left for a game to
 * write once the layout generates the rest (see {@link packedForwardModel}).
 * @public
 */
export interface PackedKernel<TAction extends ActionBase> {
  /** The seat whose decision is awaited, or -1 once the game is over. */
  toAct(f: number[]): number;
  /** The legal actions of the seat to act, in the engine's order (may be shared: never change it). */
  legalActions(f: number[]): readonly TAction[];
  /** Plays a listed action in place, then every automatic step up to the next decision or the end. */
  step(f: number[], action: TAction): void;
  /**
   * Fills the model's own slots (`scratch` fields: running counts) of a freshly packed state.
   * Without it they stay 0.
   */
  afterPack?(f: number[]): void;
  /** The final score of a finished packed state; by default the game's `score` of `unpack`. */
  score?(f: number[]): GameScore;
  /**
   * A view; by default the layout's (`canView`, and only for a game without private fields),
   * else the engine's view of `unpack`.
   */
  view?(f: number[], viewer: number | 'spectator'): GameView;
}

class PackedModel<
  TState,
  TAction extends ActionBase,
  F extends PackedFields,
> implements ForwardModel<number[], TAction> {
  readonly players: number;
  /** Whether the layout's views may be used: the game declares no private fields. */
  private readonly ownViews: boolean;

  constructor(
    private readonly setup: ForwardModelSetup<TState, TAction, never, never>,
    private readonly layout: PackedLayout<TState, F>,
    private readonly kernel: PackedKernel<TAction>,
  ) {
    this.players = layout.players;
    this.ownViews = (setup.game.privateFields ?? []).length === 0;
  }

  fromState(state: MatchState): number[] {
    const f = this.layout.pack(state);
    this.kernel.afterPack?.(f);
    return f;
  }

  toState(f: number[]): MatchState<TState> {
    return this.layout.unpack(f, this.result(f));
  }

  clone(f: number[]): number[] {
    return f.slice();
  }

  copyInto(target: number[], source: number[]): void {
    for (let i = 0; i < source.length; i++) target[i] = source[i] as number;
  }

  toAct(f: number[]): number {
    return this.kernel.toAct(f);
  }

  legalActions(f: number[]): readonly TAction[] {
    return this.kernel.legalActions(f);
  }

  step(f: number[], action: TAction): void {
    this.kernel.step(f, action);
  }

  result(f: number[]): GameResult | null {
    if (f[this.layout.over] !== 1) return null;
    const score =
      this.kernel.score !== undefined
        ? this.kernel.score(f)
        : this.setup.game.score(this.layout.unpackGame(f), this.setup);
    return rankScores(score);
  }

  view(f: number[], viewer: number | 'spectator'): GameView {
    if (this.kernel.view !== undefined) return this.kernel.view(f, viewer);
    // A layout built without the game's private fields would show them: the engine's view
    // (which redacts them) is used for any game that declares some.
    if (this.layout.canView && this.ownViews) return this.layout.view(f, viewer);
    return this.setup.view(this.toState(f), viewer);
  }
}

/**
 * A game's fast forward model from a packed layout and a rules kernel: the layout gives
 * `fromState` (pack, then the kernel's `afterPack`), `toState`, `clone`, `copyInto`, `result`
 * (ranked as the engine ranks) and `view`; the kernel gives `toAct`, `legalActions` and `step`.
 * The model must still be proven equal to the engine: the law "the forward model plays
 * exactly like the engine" of `gameLaws` in `@ruleloom/core/testing` compares them.
 * @public
 */
export function packedForwardModel<
  TState,
  TAction extends ActionBase,
  TOptions,
  TCard extends import('../cards/cards.js').CardDefinition,
  F extends PackedFields,
>(
  setup: ForwardModelSetup<TState, TAction, TOptions, TCard>,
  layout: PackedLayout<TState, F>,
  kernel: PackedKernel<TAction>,
): ForwardModel<number[], TAction> {
  return new PackedModel<TState, TAction, F>(setup as never, layout, kernel);
}
