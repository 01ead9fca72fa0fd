import {
  createMatch,
  restoreMatch,
  type ActionBase,
  type AnyGame,
  type Game,
  type GameView,
  type Rejection,
} from '@ruleloom/core';

/**
 * The match at one version of a save, as the debug panel shows it.
 * @public
 */
export interface VersionSnapshot {
  /** The version shown: the number of the save's actions replayed. */
  readonly version: number;
  /** The full state at that version (trusted code only: this is a debugging tool). */
  readonly state: unknown;
  /** The view of the seat asked for (or the spectator's) at that version. */
  readonly view: GameView;
  /** The legal actions of that seat at that version. */
  readonly legalActions: readonly ActionBase[];
  /** Seats whose decision was awaited at that version. */
  readonly toAct: readonly number[];
}

/**
 * Time travel: verifies a save with `restoreMatch` (game id, rules version, every action,
 * the hash), then replays its first `version` actions from its setup and returns the state,
 * the seat's view and legal actions at that version. A bad save or version is a value,
 * never a throw.
 * @example
 * ```ts
 * const at3 = viewAtVersion(stAugustine, client.save(), 3, 0);
 * if (at3.ok) console.log(at3.value.view);
 * ```
 * @public
 */
export function viewAtVersion(
  game: AnyGame,
  save: unknown,
  version: number,
  seat: number | 'spectator',
):
  | { readonly ok: true; readonly value: VersionSnapshot }
  | { readonly ok: false; readonly error: Rejection } {
  const restored = restoreMatch(game as Game<unknown, ActionBase, unknown>, save);
  if (!restored.ok) return restored;
  const full = restored.match;
  const actions = full.actions;
  if (!Number.isInteger(version) || version < 0 || version > actions.length)
    return {
      ok: false,
      error: {
        code: 'invalid_version',
        message: `version ${String(version)} is not between 0 and ${String(actions.length)}`,
      },
    };
  const match = createMatch(game as Game<unknown, ActionBase, unknown>, full.setup);
  for (const entry of actions.slice(0, version)) match.apply(entry.seat, entry.action);
  const toAct = match.toAct;
  return {
    ok: true,
    value: {
      version,
      state: match.state,
      view: match.view(seat),
      legalActions:
        seat !== 'spectator' && toAct.includes(seat) && !match.isOver
          ? match.legalActions(seat)
          : [],
      toAct,
    },
  };
}
