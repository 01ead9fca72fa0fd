import type { ActionBase, Engine, GameView, MatchState, Rng } from '@ruleloom/core';

/**
 * The rules a bot may use: an `Engine` (from `@ruleloom/core`) built from the game and the
 * match's public setup only (player count and options without secret ones such as a fixed
 * deck order, see `publicOptions` in `@ruleloom/core`). Search bots sample a full state
 * with `rules.determinize(view, rng, seat)` (which uses the game's `determinize` hook for
 * hidden state that is not a card zone) and then `clone` / `step` it.
 * @public
 */
export type BotRules<TAction extends ActionBase = ActionBase> = Engine<unknown, TAction, unknown>;

/**
 * Everything an honest bot receives for one decision: its seat's view, the legal actions,
 * its own seeded random stream, and the public rules. It never contains the match's state.
 *
 * @remarks
 * This is the type-level barrier: a {@link Bot} can only ever see what a player in that seat
 * could see. The tournament runner builds this object from `match.view(seat)` and
 * `match.legalActions(seat)`; a test checks that it does not change when the hidden part of
 * the match is resampled.
 * @public
 */
export interface BotInput<TAction extends ActionBase = ActionBase> {
  /** The seat the bot plays. */
  readonly seat: number;
  /** What that seat can see (a fresh copy the bot may keep). */
  readonly view: GameView;
  /** Every legal action of the seat now (never empty). */
  readonly legalActions: readonly TAction[];
  /** The bot's own seeded stream: a pure function of the game seed and the seat. */
  readonly rng: Rng;
  /** The rules built from the public setup, for search. */
  readonly rules: BotRules<TAction>;
}

/**
 * An honest bot: given its seat's view and the legal actions, it returns one of the legal
 * actions. `act` may be async (for a remote engine, or a bot that yields while searching).
 *
 * @example
 * ```ts
 * const firstLegal: Bot = { name: 'first', act: ({ legalActions }) => legalActions[0]! };
 * ```
 * @public
 */
export interface Bot<TAction extends ActionBase = ActionBase> {
  /** A display name, used in tournament tables. */
  readonly name: string;
  /** Never set on an honest bot (see {@link CheatingBot}). */
  readonly cheats?: false;
  /** Chooses one of `input.legalActions`. */
  act(input: BotInput<TAction>): TAction | Promise<TAction>;
}

/**
 * What a {@link CheatingBot} receives: the honest input plus the true match state and the
 * true rules (with secret options). For research only.
 * @public
 */
export interface CheatingBotInput<
  TAction extends ActionBase = ActionBase,
> extends BotInput<TAction> {
  /** The full state of the match, hidden information included. */
  readonly state: MatchState;
  /** The match's own rules, secret options included. */
  readonly engine: BotRules<TAction>;
}

/**
 * A bot that sees the true state of the match, hidden information included. It is a
 * separate kind, marked `cheats: true`, so that no honest code path can feed it a state by
 * accident; the tournament runner recognises it and calls {@link CheatingBot.actWithState}.
 * Use it only to measure what hidden information is worth.
 * @public
 */
export interface CheatingBot<TAction extends ActionBase = ActionBase> {
  /** A display name; by convention it says that the bot cheats. */
  readonly name: string;
  /** Marks the bot as one that reads the true state. */
  readonly cheats: true;
  /** Chooses one of `input.legalActions`, knowing the full state. */
  actWithState(input: CheatingBotInput<TAction>): TAction | Promise<TAction>;
}

/**
 * Any bot the tournament runner can seat: honest or cheating.
 * @public
 */
export type AnyBot<TAction extends ActionBase = ActionBase> = Bot<TAction> | CheatingBot<TAction>;

/**
 * Whether a bot is a {@link CheatingBot}.
 * @public
 */
export function isCheatingBot<TAction extends ActionBase>(
  bot: AnyBot<TAction>,
): bot is CheatingBot<TAction> {
  return bot.cheats === true;
}
