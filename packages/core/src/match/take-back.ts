import type { CardDefinition } from '../cards/cards.js';
import { actionTraitsOf } from '../define/action-traits.js';
import type { ActionBase } from '../model/action.js';
import type { MatchState } from '../model/match-state.js';
import type { Rejection } from '../result.js';
import type { Engine } from '../run/engine.js';
import type { GameView } from '../view/view.js';
import { createMatch, type Match } from './match.js';

/**
 * What {@link takeBack} came to: the match without its last actions, or why not (`code`:
 * `nothing_to_undo`, `not_undoable`, `revealed`, `history_not_held` for a match that does not
 * hold its earlier actions), the match untouched.
 * @public
 */
export type TakeBackResult<TState, TAction extends ActionBase, TView extends GameView> =
  | { readonly ok: true; readonly match: Match<TState, TAction, TView> }
  | { readonly ok: false; readonly error: Rejection };

/** The card instance ids a view shows (strings that are ids of the card table). */
function cardIdsIn(view: unknown, ids: ReadonlySet<string>, into: Set<string>): Set<string> {
  if (typeof view === 'string') {
    if (ids.has(view)) into.add(view);
  } else if (Array.isArray(view)) for (const v of view) cardIdsIn(v, ids, into);
  else if (typeof view === 'object' && view !== null)
    for (const v of Object.values(view)) cardIdsIn(v, ids, into);
  return into;
}

/**
 * What came out between two states that a take-back would hide again: a random draw (the
 * match's generator moved), a card a viewer sees now and did not before, or a phase that a
 * private field declares as its reveal. Undefined when nothing did.
 */
function revealedBetween<
  TState,
  TAction extends ActionBase,
  TOptions,
  TCard extends CardDefinition,
>(
  engine: Engine<TState, TAction, TOptions, TCard>,
  before: MatchState<TState>,
  after: MatchState<TState>,
): string | undefined {
  if (before.rng.some((word, i) => word !== after.rng[i]))
    return 'a random draw happened since (dice, a shuffle, a drawn value)';
  const reveals = new Set((engine.game.privateFields ?? []).flatMap((f) => f.revealIn ?? []));
  if (reveals.has(after.phase) && after.phase !== before.phase)
    return `the '${after.phase}' phase revealed what was hidden`;
  const ids = new Set(engine.cards.instanceIds);
  if (ids.size === 0) return undefined;
  const viewers: (number | 'spectator')[] = ['spectator'];
  for (let s = 0; s < engine.players; s++) viewers.push(s);
  for (const viewer of viewers) {
    const seen = cardIdsIn(engine.view(before, viewer), ids, new Set());
    for (const id of cardIdsIn(engine.view(after, viewer), ids, new Set()))
      if (!seen.has(id))
        return `${viewer === 'spectator' ? 'the spectator' : `seat ${String(viewer)}`} has seen card '${id}' since`;
  }
  return undefined;
}

/**
 * Takes back the last `count` actions of a match (an undo): the match they leave, replayed
 * from its setup, or a refusal. Allowed only when every action taken back is of a type the
 * game declares `undoable` (see `ActionTraits.undoable`) and nothing hidden came out since
 * the first of them: no random draw, no card newly seen by any seat or the spectator, no
 * declared reveal. The match given is never changed.
 *
 * @example
 * ```ts
 * const back = takeBack(match, 1);
 * if (back.ok) match = back.match;
 * else console.log(back.error.message); // "nothing hidden may come out ..."
 * ```
 * @public
 */
export function takeBack<TState, TAction extends ActionBase, TView extends GameView>(
  match: Match<TState, TAction, TView>,
  count: number,
): TakeBackResult<TState, TAction, TView> {
  if (match.logStart > 0)
    return {
      ok: false,
      error: {
        code: 'history_not_held',
        message: `this match holds its actions from ${String(match.logStart)} on only: a take-back replays from the start`,
      },
    };
  const actions = match.actions;
  if (!Number.isSafeInteger(count) || count < 1 || count > actions.length)
    return {
      ok: false,
      error: {
        code: 'nothing_to_undo',
        message:
          actions.length === 0
            ? 'no action was played yet'
            : `only the last 1 to ${String(actions.length)} actions can be taken back, not ${String(count)}`,
      },
    };
  const kept = actions.length - count;
  const notUndoable = firstNotUndoable(
    match.engine,
    actions.slice(kept).map((a) => a.action),
  );
  if (notUndoable !== undefined) return { ok: false, error: notUndoable };
  const back = createMatch(match.engine.game, match.setup) as unknown as Match<
    TState,
    TAction,
    TView
  >;
  for (let i = 0; i < kept; i++) {
    const { seat, action } = actions[i]!;
    const r = back.apply(seat, action);
    if (!r.ok) throw new Error(`a stored action no longer replays: ${r.error.message}`);
  }
  const revealed = revealedRefusal(match.engine, back.state, match.state);
  if (revealed !== undefined) return { ok: false, error: revealed };
  return { ok: true, match: back };
}

/** The refusal for the first action the game does not declare undoable, if any. */
function firstNotUndoable<
  TState,
  TAction extends ActionBase,
  TOptions,
  TCard extends CardDefinition,
>(
  engine: Engine<TState, TAction, TOptions, TCard>,
  taken: readonly ActionBase[],
): Rejection | undefined {
  const traits = actionTraitsOf(engine.game);
  const a = taken.find((action) => !traits.isUndoable(action));
  return a === undefined
    ? undefined
    : { code: 'not_undoable', message: `'${a.type}' cannot be taken back in ${engine.game.name}` };
}

/** The `revealed` refusal when something hidden came out between the two states. */
function revealedRefusal<
  TState,
  TAction extends ActionBase,
  TOptions,
  TCard extends CardDefinition,
>(
  engine: Engine<TState, TAction, TOptions, TCard>,
  before: MatchState<TState>,
  after: MatchState<TState>,
): Rejection | undefined {
  const revealed = revealedBetween(engine, before, after);
  return revealed === undefined
    ? undefined
    : {
        code: 'revealed',
        message: `nothing hidden may come out before a take-back, but ${revealed}`,
      };
}

/**
 * Whether `taken`, the actions that led from state `before` to state `after`, may be taken
 * back, by the very rules {@link takeBack} applies: every action of a type the game declares
 * `undoable`, and nothing hidden came out between the two states (no random draw, no card
 * newly seen by any seat or the spectator, no declared reveal). For hosts that hold states
 * rather than a {@link Match} (a game played with chosen chance outcomes, which a match's
 * seeded replay cannot reach): they find `before` themselves (e.g. with `replayChanceLog`).
 * Gives the refusal (`not_undoable`, `revealed`), or undefined when the take-back is allowed.
 *
 * @example
 * ```ts
 * const refused = takeBackRefusal(engine, [action], before, after);
 * if (refused === undefined) state = before;
 * else console.log(refused.code); // 'revealed'
 * ```
 * @public
 */
export function takeBackRefusal<
  TState,
  TAction extends ActionBase,
  TOptions,
  TCard extends CardDefinition,
>(
  engine: Engine<TState, TAction, TOptions, TCard>,
  taken: readonly ActionBase[],
  before: MatchState<TState>,
  after: MatchState<TState>,
): Rejection | undefined {
  return firstNotUndoable(engine, taken) ?? revealedRefusal(engine, before, after);
}
