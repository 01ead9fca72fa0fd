import type { CardDefinition } from '../cards/cards.js';
import type { ActionBase } from '../model/action.js';
import type { GameEvent } from '../model/event.js';
import type { GameView } from '../view/view.js';
import type { ActionForms } from './action-form.js';
import type { PresentContext } from './present-context.js';
import type { RichText } from './rich-text.js';

export type { PresentContext } from './present-context.js';

/**
 * One column of a {@link BoardBlock} table.
 * @public
 */
export interface BoardColumn {
  readonly title: string;
  readonly align: 'left' | 'right';
}

/**
 * A piece of a text board: a line, or a table with a header row.
 * @public
 */
export type BoardBlock =
  | { readonly type: 'line'; readonly text: RichText }
  | {
      readonly type: 'table';
      readonly columns: readonly BoardColumn[];
      readonly rows: readonly (readonly RichText[])[];
    };

/**
 * How a presenter narrates one event: rich text, rich text that also covers the next
 * `consumes` events, `null` to say nothing, or `undefined` to leave it to the generic
 * narration (see {@link narrateEvents}).
 * @public
 */
export type EventNarration =
  RichText | { readonly narration: RichText; readonly consumes: number } | null | undefined;

/**
 * A game's presentation for people, as its `/present` subpath exports it: the words and the
 * text board that a command line, a web page or a log viewer show. Plain data out (rich text
 * and board blocks, no colours, no markup), so it runs in a browser and in Node alike.
 *
 * @typeParam TAction - the game's action union
 * @typeParam TOptions - the game's resolved options
 * @typeParam TCard - the game's card definition type
 * @public
 */
export interface GamePresenter<
  TAction extends ActionBase = ActionBase,
  TOptions = unknown,
  TCard extends CardDefinition = CardDefinition,
> {
  /** The id of the game presented (`'st-augustine'`). */
  readonly gameId: string;
  /** A short rules summary, one paragraph per entry. */
  readonly summary: readonly string[];
  /** The base name of a seat (`'Seat 1'`, `'Spanish'`). */
  seatLabel(seat: number): string;
  /** How a final score reads (`'$25,000'`, `'31 gold'`). */
  formatScore(score: number): string;
  /** The board, from a spectator's or a seat's view. */
  renderBoard(view: GameView, ctx: PresentContext<TOptions, TCard>): readonly BoardBlock[];
  /**
   * The blocks of {@link GamePresenter.renderBoard} that change within a phase (a running
   * auction, a pending offer), so a caller can show only these while the rest is unchanged.
   */
  renderStatus?(view: GameView, ctx: PresentContext<TOptions, TCard>): readonly BoardBlock[];
  /**
   * Narrates one event of the game (`following`: the events after it in the same entry, for
   * sentences that cover several); see {@link EventNarration}.
   */
  narrateEvent(
    event: GameEvent,
    ctx: PresentContext<TOptions, TCard>,
    following: readonly GameEvent[],
  ): EventNarration;
  /** An action as it reads after the seat's name (`'bids $6,000'`); undefined: the game's `describeAction`. */
  describeAction?(action: TAction, ctx: PresentContext<TOptions, TCard>): RichText | undefined;
  /** A menu label for a legal action, given the acting seat's view; undefined: {@link GamePresenter.describeAction}. */
  describeChoice?(
    action: TAction,
    view: GameView,
    ctx: PresentContext<TOptions, TCard>,
  ): RichText | undefined;
  /**
   * Forms for actions chosen in several questions together (a trade proposal), by action
   * type: hosts ask their steps instead of listing every legal action of that type (see
   * `ActionForm`).
   */
  readonly forms?: ActionForms<TAction, TOptions, TCard>;
  /**
   * Lines that explain a pending decision before the seat answers it (what a trade offered to
   * them would do to both sides); nothing when absent or empty.
   */
  explainDecision?(
    view: GameView,
    seat: number,
    ctx: PresentContext<TOptions, TCard>,
  ): readonly RichText[];
}
