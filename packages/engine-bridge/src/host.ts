import type { Bot } from '@ruleloom/bots';
import type { ActionBase, AnyGame, Engine, GameView } from '@ruleloom/core';

/**
 * What {@link EngineGame.render} gets besides the view: a display name per seat and the
 * match's rules (for card names and action descriptions).
 * @public
 */
export interface EngineRenderContext {
  /** A display name per seat (the game's seat labels). */
  readonly names: readonly string[];
  /** The match's rules. */
  readonly engine: Engine<unknown, ActionBase, unknown>;
}

/**
 * A game as the engine bridge hosts it: the rules, how its board reads as plain text, and
 * how to seat the bots that play the seats a client does not decide for. A host (the
 * command line's `ruleloom engine --stdio`) makes one from whatever it knows about a game,
 * a built-in id or a kit module.
 * @public
 */
export interface EngineGame {
  /** The id a client names the game by and `describe` reports (`pig`, `st-augustine`). */
  readonly id: string;
  /** The game definition. */
  readonly game: AnyGame;
  /** The player count used when a group's setup gives none. */
  readonly defaultPlayers: number;
  /** The display name of a seat (`'Seat 1'`, `'Spanish'`). */
  seatLabel(seat: number): string;
  /** The board as plain text lines (no colours), from a spectator's or a seat's view. */
  render(view: GameView, context: EngineRenderContext): string[];
  /** How a final score reads (`'$25,000'`, `'31 gold'`). */
  formatScore(score: number): string;
  /**
   * A fresh bot by its name (`random`, `policy`, `greedy`, `mcts`, `ismcts`) for a seat no
   * client decides for. Throws, with a message saying why, for a name the host does not know
   * or a bot this game cannot seat (the engine answers `invalid_setup` with that message).
   */
  createBot(name: string): Bot;
}

/**
 * What the engine bridge asks of the program that runs it: how to find a game from the text
 * a client names it by, and what the `hello` reply lists. The command line gives one that
 * resolves built-in ids, installed kit packages and kit module paths.
 * @public
 */
export interface EngineHost {
  /**
   * The game a client names (`create` with `setup.game`). Rejects with a message saying what
   * was expected and what was found; the engine answers it as an error value.
   */
  resolveGame(spec: string): Promise<EngineGame>;
  /** The ids of the games this host knows without loading anything (listed by `hello`). */
  games(): readonly string[];
  /** The bot names {@link EngineGame.createBot} accepts (listed by `hello`). */
  readonly bots: readonly string[];
  /** The version of the program hosting the engine (reported by `hello`). */
  readonly version: string;
}
