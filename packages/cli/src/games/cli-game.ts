import type { CompactBudget } from '../output/compact-board.js';
import type {
  ActionBase,
  AnyGame,
  Engine,
  GameEvent,
  GameKit,
  GamePresenter,
  GameView,
  Heuristic,
} from '@ruleloom/core';
import type { Palette } from '../output/palette.js';

/**
 * What narration and board rendering know about a match: seat names, colours, and the rules
 * (for card names and action descriptions).
 * @public
 */
export interface NarrationContext {
  /** A display name per seat (`'Spanish (you)'`, `'Seat 2 (mcts)'`). */
  readonly names: readonly string[];
  /** Text styles. */
  readonly palette: Palette;
  /** The match's rules. */
  readonly engine: Engine<unknown, ActionBase, unknown>;
}

/**
 * A module export that worker threads can load (a game or a heuristic), as the bots
 * package's tournament runner takes it.
 * @public
 */
export interface ExportRef {
  readonly module: string;
  readonly export: string;
}

/**
 * A game's presentation as the command line takes it: any game's `GamePresenter` (its
 * `/present` subpath export).
 * @public
 */
export type AnyPresenter = GamePresenter;

/**
 * One entry of the command line's game list: the game, its presenter (narration, board and
 * wording come from the game package), and what only the command line needs.
 * @public
 */
export interface CliGameEntry {
  /** The game definition. */
  readonly game: AnyGame;
  /** The game's presentation (`stAugustinePresenter` from `@ruleloom/st-augustine/present`). */
  readonly present: AnyPresenter;
  /** Where worker threads load the game from. */
  readonly gameRef: ExportRef;
  /** Where the full rules are documented. */
  readonly rulesDoc?: string;
  /** The player count used when `--players` is not given. */
  readonly defaultPlayers: number;
  /** Options that make a short game, for the demo and quick tries. */
  readonly quickOptions: Readonly<Record<string, unknown>>;
  /** The game's evaluation for greedy and MCTS bots, if it has one. */
  readonly heuristic?: Heuristic;
  /** Where worker threads load the heuristic from. */
  readonly heuristicRef?: ExportRef;
}

/**
 * A game as the command line knows it: the game object plus how to show it to people, in
 * the terminal's palette (made from a {@link CliGameEntry} by `cliGameOf`).
 * @public
 */
export interface CliGame {
  /** The game's kit: its settings for bots, its setups and its heuristic factory. */
  readonly kit: GameKit;
  /**
   * Where worker threads load the kit from (undefined for a game built with `cliGameOf`
   * from an entry: its bots then cross to workers by {@link CliGame.heuristicRef}).
   */
  readonly kitRef?: ExportRef;
  /**
   * The game's presentation, as its package exports it (its `forms` are asked step by step,
   * its `explainDecision` shown before a human answers another seat's request).
   */
  readonly present: AnyPresenter;
  /** The id used on the command line and in saves (`st-augustine`). */
  readonly id: string;
  /** The game definition. */
  readonly game: AnyGame;
  /** Where worker threads load the game from. */
  readonly gameRef: ExportRef;
  /** A short rules summary, one paragraph per entry. */
  readonly summary: readonly string[];
  /** Where the full rules are documented. */
  readonly rulesDoc?: string;
  /** The player count used when `--players` is not given. */
  readonly defaultPlayers: number;
  /** Options that make a short game, for the demo and quick tries. */
  readonly quickOptions: Readonly<Record<string, unknown>>;
  /**
   * The game's evaluation for the default rules, if it has one (bots build theirs from each
   * match's rules with the kit's factory).
   */
  readonly heuristic?: Heuristic;
  /** Where worker threads load the heuristic from. */
  readonly heuristicRef?: ExportRef;
  /** The base name of a seat (`'Seat 1'`, `'Spanish'`). */
  readonly seatLabel: (seat: number) => string;
  /** The board as text lines, from a spectator's or a seat's view. */
  readonly renderBoard: (view: GameView, ctx: NarrationContext) => string[];
  /**
   * The board for a short terminal (see `compactBoard`: tables without boxes, rows that say
   * nothing yet folded), when the full board and a decision would not fit its rows.
   */
  readonly renderCompactBoard?: (
    view: GameView,
    ctx: NarrationContext,
    budget?: CompactBudget,
  ) => string[];
  /**
   * The lines of {@link CliGame.renderBoard} that change within a phase (a running auction,
   * a pending offer). A human is shown only these while the rest of the board is as it was
   * last shown, so a trade phase does not reprint the whole board at every call.
   */
  readonly renderStatus?: (view: GameView, ctx: NarrationContext) => string[];
  /**
   * Sentences for a list of events (one action's consequences); events the game does not
   * know are left to the generic narration by returning undefined for them.
   */
  readonly narrateEvent: (
    event: GameEvent,
    ctx: NarrationContext,
    following: readonly GameEvent[],
  ) => EventNarration;
  /** How a final score reads (`'$25,000'`, `'31 gold'`). */
  readonly formatScore: (score: number) => string;
  /** A narration of an action after `'<seat name> '` (default: the engine's `describeAction`). */
  readonly describeAction?: (action: unknown, ctx: NarrationContext) => string | undefined;
  /** A menu label for a legal action, given the acting seat's view (default: the engine's description). */
  readonly describeChoice?: (
    action: unknown,
    view: GameView,
    ctx: NarrationContext,
  ) => string | undefined;
}

/**
 * How a game narrates one event: a sentence (and how many of the following events it also
 * covered), `null` to say nothing, or `undefined` to use the generic narration.
 * @public
 */
export type EventNarration =
  { readonly text: string; readonly consumes?: number } | string | null | undefined;
