import { performance } from 'node:perf_hooks';
import {
  chainLink,
  chainOrigin,
  createMatch,
  resumeMatch,
  type GameEvent,
  type Match,
} from '@ruleloom/core';
import type { ResolvedGame } from '../games/hosted-game.js';
import type {
  GameStorage,
  MatchProblem,
  StoredAction,
  StoredMatch,
} from '../storage/game-storage.js';

/** Rows read per query when a match loads: each page is parsed between two turns of the loop. */
const PAGE_ROWS = 200;
/** The longest slice of replay work between two turns of the event loop (ms). */
const SLICE_MS = 5;

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * A time slicer for a long loop: after each step, `slice()` gives a promise to await once the
 * current slice has run {@link SLICE_MS} ms (the event loop turns, then a new slice starts),
 * and undefined otherwise (a clock read, no await).
 */
function timeSlicer(): () => Promise<void> | undefined {
  let sliceStart = performance.now();
  return () => {
    if (performance.now() - sliceStart <= SLICE_MS) return undefined;
    return nextTurn().then(() => {
      sliceStart = performance.now();
    });
  };
}

/** Every stored action of a match, read page by page (the event loop turns between pages). */
export async function readAllActions(
  storage: GameStorage,
  id: string,
  afterVersion = 0,
): Promise<StoredAction[]> {
  const rows: StoredAction[] = [];
  let after = afterVersion;
  for (;;) {
    const page = await storage.listActions(id, after, PAGE_ROWS);
    for (const row of page) rows.push(row);
    const last = page.at(-1);
    if (page.length < PAGE_ROWS || last === undefined) return rows;
    after = last.version;
    await nextTurn();
  }
}

/** How a match was loaded (for logs and tests). */
export type LoadedFrom = 'snapshot' | 'replay';

/**
 * Loads a match from the storage: its rows (read in pages, never replayed before the
 * snapshot), its newest snapshot, and a replay of the actions after it in slices of at most
 * {@link SLICE_MS} ms, so no load blocks the event loop for long whatever the match's length.
 *
 * The snapshot must be the state the hash chain recorded at its version (core's
 * `resumeMatch` checks its hash and the chain link of that action); a damaged snapshot is
 * refused: the result is the problem `snapshot_mismatch` (the caller quarantines the match,
 * nothing is replayed in its place; see the deploy guide for the repair). Matches without a
 * snapshot (fewer actions than `snapshotEvery`, or stored before snapshots existed) replay
 * their whole history as before.
 */
export async function loadStoredMatch(
  storage: GameStorage,
  hosted: ResolvedGame | undefined,
  stored: StoredMatch,
  upTo?: number,
): Promise<
  | { ok: true; match: Match; rows: StoredAction[]; from: LoadedFrom }
  | { ok: false; problem: MatchProblem }
> {
  const all = await readAllActions(storage, stored.id);
  // `upTo`: the match at that version (`rows` still holds every stored row).
  const rows = upTo === undefined ? all : all.slice(0, Math.max(0, upTo));
  const snapshot =
    rows.length === 0 ? undefined : await storage.latestSnapshot(stored.id, rows.length);
  const early = checkGame(hosted, stored);
  if (early !== undefined) return { ok: false, problem: early };
  const at = snapshot?.version ?? 0;
  const history = rows.slice(0, at);
  const usable =
    snapshot !== undefined &&
    hosted !== undefined &&
    history.every((r, i) => r.version === i + 1 && r.events !== undefined && r.chain !== null);
  if (!usable || hosted === undefined) {
    const restored = restoreLiveMatch(hosted, stored, rows);
    return restored.ok ? { ...restored, rows: all, from: 'replay' } : restored;
  }
  const row = rows[at - 1];
  if (row === undefined || row.hash !== snapshot.hash || row.chain !== snapshot.chain)
    return {
      ok: false,
      problem: {
        code: 'snapshot_mismatch',
        message: `the snapshot at action ${String(at)} does not carry the hash and chain value that action's row recorded: the storage is damaged`,
      },
    };
  const broken = await checkStoredChain(hosted, stored, history);
  if (broken !== undefined) return { ok: false, problem: broken };
  try {
    const resumed = resumeMatch(hosted.game, {
      setup: stored.setup,
      // Every history row has its chain value and events (checked above): no copy needed.
      history: history as readonly (StoredAction & {
        chain: string;
        events: readonly GameEvent[];
      })[],
      snapshot: { state: snapshot.state, hash: row.hash },
      tail: [],
    });
    if (!resumed.ok) {
      const code = resumed.error.code;
      return {
        ok: false,
        problem: {
          code: code === 'snapshot_mismatch' ? code : 'restore_failed',
          message: `the match could not be rebuilt from its snapshot at action ${String(at)}: ${resumed.error.message.slice(0, 200)}`,
        },
      };
    }
    const match = resumed.match as Match;
    const tail = await replayTail(match, rows, at);
    return tail === undefined
      ? { ok: true, match, rows: all, from: 'snapshot' }
      : { ok: false, problem: tail };
  } catch (error) {
    return {
      ok: false,
      problem: {
        code: 'restore_failed',
        message: `the match could not be rebuilt: ${error instanceof Error ? error.message.slice(0, 200) : 'unknown error'}`,
      },
    };
  }
}

/**
 * Checks every stored chain value before the snapshot without replaying anything: each is
 * the link of the one before it, the row's seat and action and the state hash the row
 * recorded (a SHA-256 per action, in time slices). An edited, removed or reordered action
 * breaks it at its index.
 */
async function checkStoredChain(
  hosted: ResolvedGame,
  stored: StoredMatch,
  history: readonly StoredAction[],
): Promise<MatchProblem | undefined> {
  const game = hosted.game as { id: string; rulesVersion: number };
  let previous = chainOrigin(game.id, game.rulesVersion, {
    seed: stored.setup.seed,
    players: stored.setup.players,
    options: stored.setup.options ?? {},
  });
  const slice = timeSlicer();
  for (const row of history) {
    previous = chainLink(previous, row.seat, row.action, row.hash);
    if (previous !== row.chain)
      return {
        code: 'chain_mismatch',
        message: `the hash chain breaks at action ${String(row.version)}`,
      };
    const pause = slice();
    if (pause !== undefined) await pause;
  }
  return undefined;
}

/** The game and rules version checks shared by both ways of loading. */
function checkGame(
  hosted: ResolvedGame | undefined,
  stored: StoredMatch,
): MatchProblem | undefined {
  if (hosted === undefined)
    return { code: 'unknown_game', message: `the server no longer hosts '${stored.game}'` };
  const rulesVersion = String((hosted.game as { rulesVersion: number }).rulesVersion);
  if (rulesVersion !== stored.rulesVersion)
    return {
      code: 'rules_version_mismatch',
      message: `the match was played with rules version ${stored.rulesVersion}; the server runs ${rulesVersion}`,
    };
  return undefined;
}

/** Replays the rows after the snapshot in time slices, checking each chain value and hash. */
async function replayTail(
  match: Match,
  rows: readonly StoredAction[],
  from: number,
): Promise<MatchProblem | undefined> {
  const slice = timeSlicer();
  for (let i = from; i < rows.length; i++) {
    const row = rows[i] as StoredAction;
    if (row.version !== i + 1)
      return { code: 'history_gap', message: `action ${String(i + 1)} is missing` };
    const r = match.applyInput(row.seat, row.action);
    if (!r.ok)
      return {
        code: 'replay_rejected',
        message: `action ${String(row.version)} is no longer accepted: ${r.error.code}`,
      };
    if (row.chain !== null && match.actions[i]?.chain !== row.chain)
      return {
        code: 'chain_mismatch',
        message: `the hash chain breaks at action ${String(row.version)}`,
      };
    const pause = slice();
    if (pause !== undefined) await pause;
  }
  const last = rows.at(-1);
  if (last !== undefined && match.hash() !== last.hash)
    return {
      code: 'hash_mismatch',
      message: `replaying the actions after the snapshot gives another state than the one stored`,
    };
  return undefined;
}

/**
 * Rebuilds a match from its stored rows: the setup, then every action in version order,
 * checking that each is still accepted and that the final state has the stored hash.
 * Never throws: a history that no longer restores comes back as a problem (quarantine).
 */
export function restoreLiveMatch(
  hosted: ResolvedGame | undefined,
  stored: StoredMatch,
  actions: readonly StoredAction[],
): { ok: true; match: Match } | { ok: false; problem: MatchProblem } {
  try {
    if (hosted === undefined)
      return {
        ok: false,
        problem: { code: 'unknown_game', message: `the server no longer hosts '${stored.game}'` },
      };
    const rulesVersion = String((hosted.game as { rulesVersion: number }).rulesVersion);
    if (rulesVersion !== stored.rulesVersion)
      return {
        ok: false,
        problem: {
          code: 'rules_version_mismatch',
          message: `the match was played with rules version ${stored.rulesVersion}; the server runs ${rulesVersion}`,
        },
      };
    const match = createMatch(hosted.game, stored.setup);
    for (const [i, row] of actions.entries()) {
      if (row.version !== i + 1)
        return {
          ok: false,
          problem: { code: 'history_gap', message: `action ${String(i + 1)} is missing` },
        };
      const r = match.applyInput(row.seat, row.action);
      if (!r.ok)
        return {
          ok: false,
          problem: {
            code: 'replay_rejected',
            message: `action ${String(row.version)} is no longer accepted: ${r.error.code}`,
          },
        };
    }
    // The hash chain of each stored row must be the one the replay gives (an edited or
    // reordered history shows up at its first bad index).
    for (const [i, row] of actions.entries()) {
      const chain = (match.actions[i] as { chain?: unknown } | undefined)?.chain;
      if (row.chain !== null && typeof chain === 'string' && chain !== row.chain)
        return {
          ok: false,
          problem: {
            code: 'chain_mismatch',
            message: `the hash chain breaks at action ${String(row.version)}`,
          },
        };
    }
    const last = actions.at(-1);
    if (last !== undefined && match.hash() !== last.hash)
      return {
        ok: false,
        problem: {
          code: 'hash_mismatch',
          message: `replaying ${String(actions.length)} actions gives another state than the one stored`,
        },
      };
    return { ok: true, match: match as Match };
  } catch (error) {
    return {
      ok: false,
      problem: {
        code: 'restore_failed',
        message: `the match could not be rebuilt: ${error instanceof Error ? error.message.slice(0, 200) : 'unknown error'}`,
      },
    };
  }
}
