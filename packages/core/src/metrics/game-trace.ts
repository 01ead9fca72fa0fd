import type { AnyGame } from '../define/game.js';
import type { RulesContext } from '../define/types.js';
import type { SavedMatch } from '../log/save.js';
import { createMatch } from '../match/match.js';
import type { GameEvent } from '../model/event.js';
import type { GameResult } from '../model/match-state.js';

/**
 * One decision of a traced game: who chose, among how many legal actions, in which turn and
 * phase, what it caused (the log's events, forced moves included) and the scores after it.
 * @public
 */
export interface TraceStep {
  /** The seat that decided. */
  readonly seat: number;
  /** The game's turn number when the decision was taken (see {@link GameTrace}). */
  readonly turn: number;
  /** The phase in which the decision was taken. */
  readonly phase: string;
  /** How many legal actions the seat had (1: nothing to decide). */
  readonly legal: number;
  /** The action's type. */
  readonly action: string;
  /** Every event the decision caused, in log order (including automatic phases after it). */
  readonly events: readonly GameEvent[];
  /** Every seat's score after the decision (the game's `score`, read mid-game). */
  readonly scores: readonly number[];
}

/**
 * A played game as the metrics read it: the events of its log, decision by decision, with
 * the scores after each, and its result.
 *
 * @remarks
 * The turn is the game state's numeric `turn` field when it has one, else the decision count.
 * Scores mid-game are the game's `score` function applied to the state after each decision
 * (money in St. Augustine, gold in Colonial Florida).
 * @public
 */
export interface GameTrace {
  /** The game's id (a variant's own id for a variant). */
  readonly game: string;
  readonly players: number;
  /** The options of the match (defaults filled in). */
  readonly options: Readonly<Record<string, unknown>>;
  /** Events of the setup, before the first decision. */
  readonly setupEvents: readonly GameEvent[];
  readonly steps: readonly TraceStep[];
  /** The result, or null when the game did not finish. */
  readonly result: GameResult | null;
  /** The last turn number reached. */
  readonly turns: number;
  /** The game state at the end (for metrics that read the final position). */
  readonly finalState: unknown;
  /** The rules of the match (options, players, cards). */
  readonly rules: RulesContext;
}

function turnOf(state: unknown, fallback: number): number {
  const turn = (state as { turn?: unknown } | null)?.turn;
  return typeof turn === 'number' && Number.isFinite(turn) ? turn : fallback;
}

/**
 * Replays a saved game with events recorded and returns its trace. Returns the problem as a
 * value when the save does not replay (another game, an illegal action).
 *
 * @example
 * ```ts
 * const traced = traceSavedMatch(stAugustine, record.saved);
 * if (traced.ok) console.log(traced.trace.steps.length, 'decisions');
 * ```
 * @public
 */
export function traceSavedMatch(
  game: AnyGame,
  saved: SavedMatch,
):
  | { readonly ok: true; readonly trace: GameTrace }
  | { readonly ok: false; readonly error: { readonly code: string; readonly message: string } } {
  if (saved.game !== game.id)
    return {
      ok: false,
      error: { code: 'wrong_game', message: `a save of '${saved.game}', not '${game.id}'` },
    };
  let match;
  try {
    match = createMatch(game, saved.setup);
  } catch (error) {
    return {
      ok: false,
      error: {
        code: 'invalid_setup',
        message: error instanceof Error ? error.message : 'bad setup',
      },
    };
  }
  const engine = match.engine;
  const rules: RulesContext = {
    options: engine.options as Readonly<Record<string, unknown>>,
    players: engine.players,
    cards: engine.cards,
    card: (id) => engine.card(id),
  };
  const scoreOf = (state: unknown): readonly number[] =>
    (game.score as (s: unknown, r: RulesContext) => { scores: readonly number[] })(state, rules)
      .scores;
  const setupEvents = match.log.flatMap((e) => e.events);
  const steps: TraceStep[] = [];
  let seen = match.log.length;
  for (const { seat, action } of saved.actions) {
    const before = match.state;
    const legal = match.legalActions(seat).length;
    const r = match.apply(seat, action);
    if (!r.ok)
      return {
        ok: false,
        error: {
          code: r.error.code,
          message: `decision ${String(steps.length + 1)}: ${r.error.message}`,
        },
      };
    const log = match.log;
    const events: GameEvent[] = [];
    for (let i = seen; i < log.length; i++) events.push(...(log[i]?.events ?? []));
    seen = log.length;
    steps.push({
      seat,
      turn: turnOf(before.game, steps.length),
      phase: before.phase,
      legal,
      action: (action as { type?: unknown }).type as string,
      events,
      scores: scoreOf(match.state.game),
    });
  }
  const finalState: unknown = match.state.game;
  return {
    ok: true,
    trace: {
      game: game.id,
      players: saved.setup.players,
      options: rules.options,
      setupEvents,
      steps,
      result: match.result,
      turns: turnOf(finalState, steps.length),
      finalState,
      rules,
    },
  };
}
