import type { CardDefinition } from '../cards/cards.js';
import type { ActionBase } from '../model/action.js';
import type { GameEvent, HiddenEvent } from '../model/event.js';
import type { CoreEvent } from '../model/core-events.js';
import type {
  ActionOf,
  AnyGame,
  CardOf,
  GameEventOf,
  GameViewOf,
  OptionsOf,
} from '../define/game.js';
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
 * An event as a presenter's narration receives it: one of the game's own events (`TEvent`,
 * its declared union: see `GameEventOf`), an event the engine records ({@link CoreEvent}:
 * `roll`, `shuffle`, `gameOver`...) or an event hidden from the reader ({@link HiddenEvent},
 * what a redacted log shows a seat). A `switch` on `type` narrows it once hidden events are
 * set aside (`if (isHiddenEvent(event)) return undefined;`); see {@link unhandledEvent} for an
 * exhaustive narration. A game that declares no events gets the untyped `GameEvent`, as before.
 * @typeParam TEvent - the game's own event union
 * @public
 */
export type PresentedEvent<TEvent extends GameEvent = GameEvent> = string extends TEvent['type']
  ? GameEvent
  : TEvent | CoreEvent | HiddenEvent;

/**
 * A game's presentation for people, as its `/present` subpath exports it: the words and the
 * text board that a command line, a web page or a log viewer show. Plain data out (rich text
 * and board blocks, no colours, no markup), so it runs in a browser and in Node alike.
 *
 * @typeParam TAction - the game's action union
 * @typeParam TOptions - the game's resolved options
 * @remarks
 * Written inline in `defineKit({ game, presenter: { ... } })` (or typed
 * {@link PresenterOf}`<typeof game>`), every hook reads the game's own types: the view
 * (`GameViewOf`), the actions, the options and cards, and the game's declared events with the
 * engine's and hidden ones ({@link PresentedEvent}), so no hook needs a cast and a misspelled
 * event or view field fails to compile.
 * @typeParam TAction - the game's action union
 * @typeParam TOptions - the game's resolved options
 * @typeParam TCard - the game's card definition type
 * @typeParam TView - the game's view type (the untyped `GameView` by default)
 * @typeParam TEvent - the game's own event union (the untyped `GameEvent` by default)
 * @public
 */
export interface GamePresenter<
  TAction extends ActionBase = ActionBase,
  TOptions = unknown,
  TCard extends CardDefinition = CardDefinition,
  TView extends GameView = GameView,
  TEvent extends GameEvent = GameEvent,
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
  renderBoard(view: TView, ctx: PresentContext<TOptions, TCard>): readonly BoardBlock[];
  /**
   * The blocks of {@link GamePresenter.renderBoard} that change within a phase (a running
   * auction, a pending offer), so a caller can show only these while the rest is unchanged.
   */
  renderStatus?(view: TView, ctx: PresentContext<TOptions, TCard>): readonly BoardBlock[];
  /**
   * Narrates one event of the game (`following`: the events after it in the same entry, for
   * sentences that cover several); see {@link EventNarration}.
   */
  narrateEvent(
    event: PresentedEvent<TEvent>,
    ctx: PresentContext<TOptions, TCard>,
    following: readonly PresentedEvent<TEvent>[],
  ): EventNarration;
  /** An action as it reads after the seat's name (`'bids $6,000'`); undefined: the game's `describeAction`. */
  describeAction?(action: TAction, ctx: PresentContext<TOptions, TCard>): RichText | undefined;
  /** A menu label for a legal action, given the acting seat's view; undefined: {@link GamePresenter.describeAction}. */
  describeChoice?(
    action: TAction,
    view: TView,
    ctx: PresentContext<TOptions, TCard>,
  ): RichText | undefined;
  /**
   * Forms for actions chosen in several questions together (a trade proposal), by action
   * type: hosts ask their steps instead of listing every legal action of that type (see
   * `ActionForm`).
   */
  readonly forms?: ActionForms<TAction, TOptions, TCard, TView>;
  /**
   * Lines that explain a pending decision before the seat answers it (what a trade offered to
   * them would do to both sides); nothing when absent or empty.
   */
  explainDecision?(
    view: TView,
    seat: number,
    ctx: PresentContext<TOptions, TCard>,
  ): readonly RichText[];
}

/**
 * The presenter of a game, with every hook typed from the game (see {@link GamePresenter}):
 * `const presenter: PresenterOf<typeof myGame> = { ... }`.
 * @typeParam TGame - the game presented
 * @public
 */
export type PresenterOf<TGame extends AnyGame> = GamePresenter<
  ActionOf<TGame>,
  OptionsOf<TGame>,
  CardOf<TGame>,
  GameViewOf<TGame>,
  GameEventOf<TGame>
>;

/**
 * Whether an event is hidden from the reader (`{ type, hidden: true }`, as a redacted log
 * shows a seat an event it may not see): set these aside before a narration's `switch`.
 * @public
 */
export function isHiddenEvent(event: GameEvent): event is HiddenEvent {
  return (event as { readonly hidden?: unknown }).hidden === true;
}

/**
 * Ends an exhaustive narration: call it in the `default` of a `switch` over a game's events
 * (after setting aside hidden and engine events); the call compiles only when every event
 * type has its `case`, so a new event left unnarrated fails to compile. At run time (an
 * event the union does not know) it leaves the event to the generic narration.
 *
 * @example
 * ```ts
 * narrateEvent(event, ctx) {
 *   if (isHiddenEvent(event) || isCoreEvent(event)) return undefined;
 *   switch (event.type) {
 *     case 'banked': return `${seatName(ctx, event.seat)} banks ${String(event.amount)}.`;
 *     default: return unhandledEvent(event);
 *   }
 * }
 * ```
 * @public
 */
export function unhandledEvent(_event: never): undefined {
  return undefined;
}
