import type { CardDefinition, CardTable, HandlerRef } from '../cards/cards.js';
import type { DeclaredActionTraits } from './action-traits.js';
import type { Rejection } from '../result.js';
import type { DiceSpec } from '../rng/dice.js';
import type { ActionBase } from '../model/action.js';
import type { DiceRoll, GameEvent } from '../model/event.js';
import type { LegalActionEntry } from './legal-action-entries.js';

/**
 * Who may learn a chance outcome: `'everyone'` (the default), `'nobody'`, one seat, or a list
 * of seats. The recorded event carries the matching `audience` (`[]` for nobody, `[seat]` for a
 * seat), so `match.logFor` and `redactEvent` hide the values from every other viewer.
 * @public
 */
export type RandomAudience = 'everyone' | 'nobody' | number | readonly number[];

/**
 * Options of a draw of {@link MatchRandom}: a `reason` stored in the event and the
 * `audience` that may learn the outcome (see {@link RandomAudience}).
 *
 * @example
 * ```ts
 * // Seat 2 rolls five dice behind its cup: only seat 2's log shows the faces.
 * const { values } = ctx.random.roll('5d6', { reason: 'cup', audience: 2 });
 * ```
 * @public
 */
export interface RandomOptions {
  /** Stored in the event (`reason`). */
  readonly reason?: string;
  /** Who may learn the outcome (default `'everyone'`). */
  readonly audience?: RandomAudience;
}

/**
 * The match's seeded generator as effects see it. Every draw is recorded as an event
 * (`roll`, `randomInt`, `shuffle`, `pick`) so that a log shows every chance outcome — to
 * everyone, unless the draw names an `audience` (see {@link RandomOptions}): a private roll
 * must say so, undeclared means public.
 * @public
 */
export interface MatchRandom {
  /**
   * Rolls dice (`'3d6'`, `'d6'`, `{ count: 2, sides: 6 }`); a string is the `reason` stored in
   * the event, an object gives the reason and who may see the values.
   */
  roll(dice: string | DiceSpec, reason?: string | RandomOptions): DiceRoll;
  /**
   * Rolls dice like {@link MatchRandom.roll} (the same draws and, when events are recorded,
   * the same event) and returns only the total: nothing is allocated when nobody records.
   */
  rollTotal(dice: string | DiceSpec, reason?: string | RandomOptions): number;
  /** A uniform integer in `[min, max]` (`reason`: as for {@link MatchRandom.roll}). */
  int(min: number, max: number, reason?: string | RandomOptions): number;
  /** Shuffles a list in place; the event records the zone name and size, never the order. */
  shuffle<T>(items: T[], zone: string): void;
  /** Picks one element uniformly (`reason`: as for {@link MatchRandom.roll}). */
  pick<T>(items: readonly T[], reason?: string | RandomOptions): T;
}

/**
 * What every handler can read: the match's options, player count and cards.
 * @public
 */
export interface RulesContext<
  TOptions = Readonly<Record<string, unknown>>,
  TCard extends CardDefinition = CardDefinition,
> {
  /** Resolved options (defaults filled in). */
  readonly options: TOptions;
  /** Number of players (seats 0 .. players - 1). */
  readonly players: number;
  /** The card table of this match (after card overrides). */
  readonly cards: CardTable<TCard>;
  /** The definition of a card instance id; throws on an unknown id (a bug, not input). */
  card(id: string): TCard;
}

/**
 * What an effect handler (and an action's `resolve`) receives: the working state to update
 * in place, the seeded generator, and ways to record events and end the game.
 *
 * @remarks
 * The engine hands handlers a private copy of the state, so updating `state` in place keeps
 * the public API pure.
 * @public
 */
export interface EffectContext<
  TState,
  TOptions = Readonly<Record<string, unknown>>,
  TCard extends CardDefinition = CardDefinition,
  TEvent extends GameEvent = GameEvent,
> extends RulesContext<TOptions, TCard> {
  /** The working game state: update it in place. */
  readonly state: TState;
  /** The match's seeded generator. */
  readonly random: MatchRandom;
  /**
   * Records an event in the log (a no-op while {@link EffectContext.recording} is false).
   * With the game's declared event union as `TEvent` (see `defineEvents`), emitting an
   * undeclared event or a wrong payload fails to compile.
   */
  emit(event: TEvent, options?: EmitOptions): void;
  /**
   * Declares that the seats in `options.to` now know a card that stays hidden from them (a
   * peek at another's hand, a card handed over, a showdown of cups): the match state records
   * it where the card is at the end of the step, every view of those seats lists it
   * (`known: [{ card, zone }]`), and the laws treat it as what they are declared to learn.
   * The knowledge lasts while the card stays in that zone: it ends when the card moves (unless
   * the step declares the move public with {@link EffectContext.follow}) or its zone is
   * shuffled.
   *
   * @example
   * ```ts
   * const card = ctx.state.players[target].hand[0];
   * ctx.reveal(card, { to: seat });
   * ctx.emit({ type: 'peeked', seat, target, card, audience: [seat] });
   * ```
   */
  reveal(card: string, options: RevealOptions): void;
  /**
   * Declares that this step moves a card in plain sight (hands swapped on the table, a card
   * passed openly to a neighbour): every seat that knew the card before the step keeps knowing
   * it where it is at the end of the step. Without it, knowledge of a card ends when the card
   * moves, since a seat cannot tell where an unseen card went. Call it only for a move every
   * seat sees; a card that goes through a shuffle in the step is forgotten all the same.
   *
   * @example
   * ```ts
   * // King: swap hands. Whoever had peeked at either card still knows it, now in the other hand.
   * [me.hand, them.hand] = [them.hand, me.hand];
   * for (const card of [...me.hand, ...them.hand]) ctx.follow(card);
   * ```
   */
  follow(card: string): void;
  /**
   * Whether events are being recorded. It is false in forward-model steps that skip events
   * (`engine.step(state, seat, action, false)`, as search bots do): a handler may skip building
   * an event whose payload is costly. The state must not depend on it.
   */
  readonly recording: boolean;
  /** Runs a named effect (for example a card's `effect`). */
  run(effect: HandlerRef): void;
  /** Evaluates a named condition. */
  check(condition: HandlerRef): boolean;
  /** Ends the game once the current handler returns; remaining steps are skipped. */
  endGame(): void;
}

/**
 * Who is shown a card by `EffectContext.reveal`: a seat, a list of seats, or `'everyone'`
 * (every seat and the spectator).
 * @public
 */
export interface RevealOptions {
  readonly to: number | readonly number[] | 'everyone';
}

/**
 * Options of `EffectContext.emit`. `consequence: true` declares a public event that is a
 * consequence of a secret the rules make public (a right guess, who lost a private
 * comparison): the event is logged with `consequence: true`, and the laws count it as what
 * every seat it reaches is declared to learn, so histories where it differs are not a leak.
 * @public
 */
export interface EmitOptions {
  readonly consequence?: boolean;
}

/**
 * What a game's `setup` receives: rules, the generator and the event log (no state yet).
 * @public
 */
export interface SetupContext<
  TOptions = Readonly<Record<string, unknown>>,
  TCard extends CardDefinition = CardDefinition,
  TEvent extends GameEvent = GameEvent,
> extends RulesContext<TOptions, TCard> {
  readonly random: MatchRandom;
  emit(event: TEvent): void;
}

/**
 * A named effect: a small function that updates the working state. The data refers to it
 * by name with `{ type, params }`; `checkParams`, when present, checks those params when the
 * game is defined.
 * @public
 */
export type EffectHandler<
  TState,
  TOptions = Readonly<Record<string, unknown>>,
  TCard extends CardDefinition = CardDefinition,
  TParams = undefined,
  TEvent extends GameEvent = GameEvent,
> = ((ctx: EffectContext<TState, TOptions, TCard, TEvent>, params: TParams) => void) & {
  readonly checkParams?: (params: unknown) => readonly string[];
};

/**
 * A named condition used by phase transitions and `skipIf`.
 * @public
 */
export type ConditionHandler<
  TState,
  TOptions = Readonly<Record<string, unknown>>,
  TCard extends CardDefinition = CardDefinition,
  TParams = undefined,
> = ((state: TState, params: TParams, ctx: RulesContext<TOptions, TCard>) => boolean) & {
  readonly checkParams?: (params: unknown) => readonly string[];
};

/**
 * The result of an action's `parse`: the typed action, or a message saying what is malformed.
 * @public
 */
export type ParseResult<TAction> = { readonly action: TAction } | { readonly error: string };

/**
 * Everything the engine needs to know about one action type.
 *
 * - `parse` checks the shape of outside input (`malformed_action` on failure).
 * - `validate` checks legality in the current state (return a rejection with a specific code).
 * - `resolve` carries it out on the working state.
 * - `enumerate` lists every legal action of this type for a seat (what `legalActions` returns).
 * - `count`, optional, counts them without building them (used to spot forced decisions fast).
 * - `enumerateCompact`, optional, gives the same list in compact form without building it
 *   (ranges such as "bid 5,000–10,000,000 step 1,000"), so hosts that send legal actions
 *   compactly (`legalActionSet`) do work that does not grow with the number of amounts.
 * @public
 */
export interface ActionHandler<
  TState,
  TAction extends ActionBase,
  TOptions = Readonly<Record<string, unknown>>,
  TCard extends CardDefinition = CardDefinition,
  TEvent extends GameEvent = GameEvent,
> {
  readonly description?: string;
  /**
   * What generic code (bots, the laws, fuzzers) may know of this action type: the fields it
   * takes, which is an amount, whether it passes (see `ActionTraits`; a game's own handler
   * type can require `ActionTraits<TAction>` to check the field names). Checked when the game
   * is defined.
   */
  readonly traits?: DeclaredActionTraits;
  /**
   * True when the action's content is private to the seat that takes it (a card played face
   * down): logs shown to other seats (`match.logFor`) keep only its `type`.
   */
  readonly secret?: boolean;
  parse(input: Readonly<Record<string, unknown>>): ParseResult<TAction>;
  validate(
    state: TState,
    seat: number,
    action: TAction,
    ctx: RulesContext<TOptions, TCard>,
  ): Rejection | undefined;
  resolve(ctx: EffectContext<TState, TOptions, TCard, TEvent>, seat: number, action: TAction): void;
  enumerate(state: TState, seat: number, ctx: RulesContext<TOptions, TCard>): readonly TAction[];
  count?(state: TState, seat: number, ctx: RulesContext<TOptions, TCard>): number;
  /**
   * Optional: the actions {@link ActionHandler.enumerate} lists, in the same order, as the
   * entries `compactLegalActions` would write for that list with the game's declared range
   * fields (`declaredRangeFields`): each run of at least three actions that differ only in the
   * declared amount field by the same step as one `range` entry, every other action as an
   * `action` entry. Build it from the same bounds `enumerate` uses (one function for each
   * rule), without listing the actions: `legalActionSet` then costs the same for 10 bids or
   * 10,000. The engine writes a range of fewer than three actions as single actions, and drops
   * a range that stands for none. The declaration laws check the result against `enumerate`.
   */
  enumerateCompact?(
    state: TState,
    seat: number,
    ctx: RulesContext<TOptions, TCard>,
  ): readonly LegalActionEntry<TAction>[];
  /**
   * Optional, for search: the actions {@link ActionHandler.enumerate} lists, in the same order,
   * in a list the handler may share between calls (built once per distinct decision and kept),
   * which only {@link Engine.sharedLegalActions} receives. Never change a list once returned.
   */
  enumerateShared?(
    state: TState,
    seat: number,
    ctx: RulesContext<TOptions, TCard>,
  ): readonly TAction[];
}

/**
 * The handlers of every action type of a game's action union, keyed by `type`.
 * @public
 */
export type ActionHandlers<
  TState,
  TAction extends ActionBase,
  TOptions,
  TCard extends CardDefinition,
> = {
  readonly [K in TAction['type']]: ActionHandler<
    TState,
    Extract<TAction, { type: K }>,
    TOptions,
    TCard
  >;
};

/**
 * Where a phase goes when it is done: the first transition whose `when` holds (or that has
 * no `when`) is taken. `to` is a phase id, `'$next'` (the following phase; after the last,
 * the first) or `'$end'` (the game ends and is scored). Repeating a phase is `to: <its own id>`.
 * @public
 */
export interface Transition<TCondition extends HandlerRef = HandlerRef> {
  readonly to: string;
  readonly when?: TCondition;
}

/**
 * One phase of a turn, as data.
 *
 * @remarks
 * On entering a phase the engine runs its `steps` (named effects with params) in order.
 * While the game's `toAct` names seats, the phase waits for their actions. When nobody is
 * to act, the engine follows `next` (default: `'$next'`). A phase whose `skipIf` holds on
 * entry runs no steps.
 * @public
 */
export interface PhaseDefinition<
  TEffect extends HandlerRef = HandlerRef,
  TCondition extends HandlerRef = HandlerRef,
> {
  readonly id: string;
  readonly description?: string;
  readonly skipIf?: TCondition;
  readonly steps?: readonly TEffect[];
  readonly next?: readonly Transition<TCondition>[];
  /**
   * The action types that can be legal while the game waits in this phase (omitted: every
   * action type of the game). The engine then asks only these handlers for legal actions and
   * for forced decisions; input of another type is still parsed and validated as usual.
   */
  readonly actions?: readonly string[];
}

/** Maps a handler record to the union of `{ type, params }` references it accepts. */
/**
 * The `{ type, params }` references a record of handlers accepts, reading each handler's
 * params from its parameter at `TIndex` (used by {@link EffectRefOf} and {@link ConditionRefOf}).
 * @public
 */
export type RefsOf<THandlers, TIndex extends number> = {
  [K in keyof THandlers & string]: THandlers[K] extends (...args: infer A) => unknown
    ? A[TIndex] extends undefined
      ? { readonly type: K; readonly params?: undefined }
      : unknown extends A[TIndex]
        ? { readonly type: K; readonly params?: unknown } // not known at compile time
        : { readonly type: K; readonly params: A[TIndex] }
    : never;
}[keyof THandlers & string];

/**
 * The `{ type, params }` references that a record of effect handlers accepts: names and
 * params are checked at compile time.
 * @public
 */
export type EffectRefOf<TEffects> = RefsOf<TEffects, 1>;

/**
 * The `{ type, params }` references that a record of condition handlers accepts.
 * @public
 */
export type ConditionRefOf<TConditions> = RefsOf<TConditions, 1>;

/**
 * The player count bounds of a game.
 * @public
 */
export interface PlayerCount {
  readonly min: number;
  readonly max: number;
}

/**
 * A game's evaluation of a position for bots: given what `seat` can see, a number in
 * `[0, 1]` estimating that seat's chance (or share) of winning. Games export one; bots take
 * it as a parameter (greedy choice, rollout cut-offs).
 * @public
 */
export type Heuristic = (view: import('../view/view.js').GameView, seat: number) => number;
