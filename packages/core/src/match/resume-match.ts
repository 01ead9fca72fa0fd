import type { CardDefinition } from '../cards/cards.js';
import type { Game } from '../define/game.js';
import { chainLink, chainOrigin } from '../log/chain.js';
import type { ActionBase } from '../model/action.js';
import type { GameEvent } from '../model/event.js';
import type { MatchState } from '../model/match-state.js';
import { reject, type Rejection } from '../result.js';
import { describeValue } from '../util/describe.js';
import type { GameView } from '../view/view.js';
import { startMatch, validateSetup, type Match, type MatchSetup } from './match.js';

const CHAIN_VALUE = /^[0-9a-f]{32}$/;

/**
 * One accepted action as a store keeps it: the seat, the action, its hash chain value and the
 * events it caused (its log entry).
 * @public
 */
export interface ResumeHistoryEntry {
  readonly seat: number;
  readonly action: unknown;
  /** The hash chain value after this action (32 hex digits). */
  readonly chain: string;
  /** The events this action caused, as the match log recorded them. */
  readonly events: readonly GameEvent[];
}

/**
 * An action after the snapshot, replayed by {@link resumeMatch}; `chain` and `hash` (the
 * state hash after it), when given, must be what the replay gives.
 * @public
 */
export interface ResumeTailEntry {
  readonly seat: number;
  readonly action: unknown;
  readonly chain?: string | null;
  readonly hash?: string | null;
}

/**
 * What {@link resumeMatch} rebuilds a match from: the setup, the first `history.length`
 * actions as stored (not replayed), the state after the last of them, and the actions after
 * it (replayed).
 * @public
 */
export interface ResumeInput {
  readonly setup: MatchSetup;
  /** Actions 1 to `history.length` with their chain values and events. */
  readonly history: readonly ResumeHistoryEntry[];
  /**
   * The state after the last history action (a snapshot, as plain JSON) and the state hash
   * the store recorded for that action.
   */
  readonly snapshot: { readonly state: unknown; readonly hash: string };
  /** The actions after the snapshot, in order. */
  readonly tail: readonly ResumeTailEntry[];
  /**
   * The actions before `history` when the caller keeps them itself (a store) and does not
   * hand them over: how many there are (at least 1) and the chain value of the last of them.
   * Given, `history` holds actions `count + 1` onwards (at least one entry), and the match
   * holds only those and later ones in memory: its `logStart` is `count + 1` and its `log` and
   * `actions` begin there, so loading costs the same at any length; its `toJSON()` throws,
   * since the save needs the actions it does not hold (build the save from the store).
   */
  readonly earlier?: ResumeEarlier;
}

/**
 * The actions a {@link resumeMatch} caller keeps out of memory (see {@link ResumeInput.earlier}).
 * @public
 */
export interface ResumeEarlier {
  /** How many actions come before the history (at least 1). */
  readonly count: number;
  /** The hash chain value after the last of them (32 hex digits). */
  readonly chain: string;
}

/**
 * The rejection codes of {@link resumeMatch}: `invalid_setup`, `invalid_history` (a
 * malformed entry), `snapshot_mismatch` (the snapshot is not the state the hash chain
 * recorded), `replay_rejected`, `chain_mismatch` and `hash_mismatch` (in the tail).
 * @public
 */
export type ResumeRejectionCode =
  | 'invalid_setup'
  | 'invalid_history'
  | 'snapshot_mismatch'
  | 'replay_rejected'
  | 'chain_mismatch'
  | 'hash_mismatch';

/**
 * Rebuilds a match from a state snapshot without replaying the actions before it: the cost is
 * one state hash, one chain link and the replay of the tail, whatever the match's length.
 * The match is complete (its `log`, `actions` and `toJSON()` hold every action) and continues
 * like any other. With {@link ResumeInput.earlier}, the caller does not even hand over the
 * actions before the snapshot's own: the match then holds only its newest actions (its
 * `logStart` says where its log begins), for a server that keeps the rest in its storage.
 *
 * @remarks
 * Checks, never throwing on bad input: the setup; each history entry's shape; that the
 * snapshot state hashes to `snapshot.hash` and that the chain value of the last history
 * action is the link of the one before it (or of the chain origin), that action and
 * `snapshot.hash`, so a snapshot that is not the state the chain recorded is refused
 * (`snapshot_mismatch`); then the tail replays with its chain values and hashes checked as
 * {@link restoreMatch} does. The history's earlier chain values are taken as stored: they
 * were checked when they were written (use {@link restoreMatch} on `toJSON()` to check every
 * link again). The caller must have the history, snapshot and tail from one consistent read.
 *
 * @example
 * ```ts
 * const r = resumeMatch(game, { setup, history, snapshot: { state, hash }, tail });
 * if (!r.ok) console.error(r.error.code, r.error.message);
 * ```
 * @public
 */
export function resumeMatch<
  TState,
  TAction extends ActionBase,
  TOptions,
  TCard extends CardDefinition,
  TView extends GameView = GameView,
>(
  game: Game<TState, TAction, TOptions, TCard, TView>,
  input: ResumeInput,
):
  | { readonly ok: true; readonly match: Match<TState, TAction, TView> }
  | { readonly ok: false; readonly error: Rejection } {
  const checked = validateSetup(game, input.setup);
  if (!checked.ok)
    return reject(
      'invalid_setup',
      `the setup is invalid: ${checked.errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`,
    );
  const history = input.history;
  const earlier = input.earlier;
  if (earlier !== undefined) {
    const bad =
      typeof earlier !== 'object' || earlier === null
        ? 'must be { count, chain }'
        : !Number.isSafeInteger(earlier.count) || earlier.count < 1
          ? `needs a count of at least 1, got ${describeValue(earlier.count)}`
          : typeof earlier.chain !== 'string' || !CHAIN_VALUE.test(earlier.chain)
            ? 'needs a chain value of 32 lowercase hex digits'
            : history.length === 0
              ? 'needs at least one history entry after it (the one the snapshot follows)'
              : undefined;
    if (bad !== undefined) return reject('invalid_history', `earlier ${bad}`);
  }
  const before = earlier?.count ?? 0;
  for (const [i, h] of history.entries()) {
    const bad =
      typeof h !== 'object' || h === null
        ? 'must be { seat, action, chain, events }'
        : !Number.isInteger(h.seat) || h.seat < 0 || h.seat >= input.setup.players
          ? `has an invalid seat ${describeValue(h.seat)}`
          : typeof h.chain !== 'string' || !CHAIN_VALUE.test(h.chain)
            ? 'needs a chain value of 32 lowercase hex digits'
            : !Array.isArray(h.events)
              ? 'needs an events array'
              : typeof h.action !== 'object' || h.action === null
                ? 'needs an action object'
                : undefined;
    if (bad !== undefined) return reject('invalid_history', `history[${String(i)}] ${bad}`);
  }
  const match = startMatch(game, input.setup);
  const state = input.snapshot.state;
  if (
    typeof state !== 'object' ||
    state === null ||
    typeof (state as { phase?: unknown }).phase !== 'string' ||
    !('rng' in state) ||
    !('game' in state) ||
    !('result' in state)
  )
    return reject('snapshot_mismatch', 'the snapshot is not a match state');
  const stateHash = match.engine.hash(state as MatchState<TState>);
  if (stateHash !== input.snapshot.hash)
    return reject(
      'snapshot_mismatch',
      `the snapshot at action ${String(before + history.length)} hashes to ${stateHash}, but the hash chain recorded ${describeValue(input.snapshot.hash)}: the snapshot is damaged`,
    );
  const last = history.at(-1);
  if (last !== undefined) {
    const previous =
      history.length >= 2
        ? (history[history.length - 2] as ResumeHistoryEntry).chain
        : earlier !== undefined
          ? earlier.chain
          : chainOrigin(game.id, game.rulesVersion, {
              seed: match.setup.seed,
              players: match.setup.players,
              options: match.setup.options ?? {},
            });
    if (chainLink(previous, last.seat, last.action, stateHash) !== last.chain)
      return reject(
        'snapshot_mismatch',
        `the chain value of action ${String(before + history.length)} does not link its action and the snapshot's hash: the history or the snapshot is damaged`,
      );
  } else if (stateHash !== match.hash()) {
    return reject('snapshot_mismatch', 'a snapshot before any action must be the initial state');
  }
  match.resumeAt(
    state as MatchState<TState>,
    history as readonly {
      seat: number;
      action: TAction;
      chain: string;
      events: readonly GameEvent[];
    }[],
    earlier,
  );
  const base = before + history.length;
  for (const [i, t] of input.tail.entries()) {
    const at = base + i + 1;
    const r = match.applyInput(t.seat, t.action);
    if (!r.ok)
      return reject(
        'replay_rejected',
        `action ${String(at)} was rejected on replay (${r.error.code}: ${r.error.message})`,
      );
    if (typeof t.chain === 'string' && match.actions.at(-1)?.chain !== t.chain)
      return reject('chain_mismatch', `action ${String(at)} does not match its chain value`);
    if (typeof t.hash === 'string' && match.hash() !== t.hash)
      return reject('hash_mismatch', `the state after action ${String(at)} is not the one stored`);
  }
  return { ok: true, match };
}
