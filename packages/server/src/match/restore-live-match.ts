import { performance } from 'node:perf_hooks';
import {
  chainLink,
  chainOrigin,
  createMatch,
  LEGACY_SAVE_FORMAT,
  restoreMatch,
  resumeMatch,
  SAVE_FORMAT,
  type ActionBase,
  type GameEvent,
  type LogEntry,
  type Match,
} from '@ruleloom/core';
import type { ResolvedGame } from '../games/hosted-game.js';
import {
  unreadableRowProblem,
  type GameStorage,
  type MatchProblem,
  type StoredAction,
  type StoredMatch,
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

/**
 * The stored actions of a match after `afterVersion` (at most `limit` of them, all by
 * default), read page by page (the event loop turns between pages).
 */
export async function readActions(
  storage: GameStorage,
  id: string,
  afterVersion = 0,
  limit = Number.POSITIVE_INFINITY,
): Promise<StoredAction[]> {
  const rows: StoredAction[] = [];
  let after = afterVersion;
  while (rows.length < limit) {
    const want = Math.min(PAGE_ROWS, limit - rows.length);
    const page = await storage.listActions(id, after, want);
    for (const row of page) rows.push(row);
    const last = page.at(-1);
    if (page.length < want || last === undefined) return rows;
    after = last.version;
    await nextTurn();
  }
  return rows;
}

/**
 * The log entries of stored actions `afterVersion + 1` onwards (at most `limit`), as the
 * match log held them (events included), read page by page and checked link by link against
 * the hash chain: each row's chain value must be the link of the row before it (read too, or
 * the chain origin), its seat, its action and its state hash. A load checks only the snapshot's
 * link and the rows after it, so this is where an edited older row is found: the result is
 * then the problem `chain_mismatch` at its version (the caller quarantines the match).
 *
 * A row stored before rows kept their events cannot give its entry, and a missing row ends
 * what can be read: the entries then start after the newest such row (its chain value, when it
 * has one, still links the next), and `complete` is false. Work is bounded by `limit`. A row
 * that does not parse gives the problem `row_unreadable` (quarantined like `chain_mismatch`).
 */
export async function readLogEntries(
  storage: GameStorage,
  hosted: ResolvedGame,
  stored: StoredMatch,
  afterVersion: number,
  limit: number,
): Promise<
  { ok: true; entries: LogEntry[]; complete: boolean } | { ok: false; problem: MatchProblem }
> {
  return orUnreadable(() => readCheckedEntries(storage, hosted, stored, afterVersion, limit));
}

/**
 * Runs a read of stored rows; a row that does not parse (`UnreadableRowError`) becomes the
 * problem `row_unreadable`, for the caller to quarantine the match as for a broken chain.
 */
async function orUnreadable<T>(
  read: () => Promise<T>,
): Promise<T | { ok: false; problem: MatchProblem }> {
  try {
    return await read();
  } catch (error) {
    const problem = unreadableRowProblem(error);
    if (problem === undefined) throw error;
    return { ok: false, problem };
  }
}

/** {@link readLogEntries} without the check for unreadable rows. */
async function readCheckedEntries(
  storage: GameStorage,
  hosted: ResolvedGame,
  stored: StoredMatch,
  afterVersion: number,
  limit: number,
): Promise<
  { ok: true; entries: LogEntry[]; complete: boolean } | { ok: false; problem: MatchProblem }
> {
  if (limit <= 0) return { ok: true, entries: [], complete: true };
  const game = hosted.game as { id: string; rulesVersion: number };
  const from = Math.max(0, afterVersion - 1);
  const last = afterVersion + limit;
  const rows = await readActions(storage, stored.id, from, last - from);
  let previous: string | null =
    afterVersion === 0
      ? chainOrigin(game.id, game.rulesVersion, {
          seed: stored.setup.seed,
          players: stored.setup.players,
          options: stored.setup.options ?? {},
        })
      : rows[0]?.version === afterVersion
        ? rows[0].chain
        : null;
  let entries: LogEntry[] = [];
  let complete = true;
  let expected = from + 1;
  const slice = timeSlicer();
  for (const row of rows) {
    if (row.version !== expected) {
      // A missing row: nothing before the gap can be given.
      entries = [];
      complete = false;
    }
    expected = row.version + 1;
    if (row.version <= afterVersion) continue;
    if (row.chain !== null && previous !== null) {
      const link = chainLink(previous, row.seat, row.action, row.hash);
      if (link !== row.chain)
        return {
          ok: false,
          problem: {
            code: 'chain_mismatch',
            message: `the hash chain breaks at action ${String(row.version)}`,
          },
        };
    }
    previous = row.chain;
    if (row.events === undefined) {
      entries = [];
      complete = false;
    } else
      entries.push({
        seq: row.version,
        seat: row.seat,
        action: row.action as ActionBase,
        events: row.events as readonly GameEvent[],
      });
    const pause = slice();
    if (pause !== undefined) await pause;
  }
  if (expected !== last + 1) {
    // The rows stop before the last one asked (they were not all there).
    entries = [];
    complete = false;
  }
  return { ok: true, entries, complete };
}

/** How a match was loaded (for logs and tests). */
export type LoadedFrom = 'snapshot' | 'replay';

/** A match loaded from the storage, with what its live match needs to go on. */
export interface LoadedMatch {
  /** The match at the version asked (the newest stored one by default). */
  readonly match: Match;
  /** The stored rows the load read: those after the snapshot (every row for a replay). */
  readonly rows: readonly StoredAction[];
  /** Each seat's highest stored client seq (0 when none), by seat. */
  readonly lastSeqs: readonly number[];
  readonly from: LoadedFrom;
}

/**
 * Loads a match from the storage at a cost that does not grow with its history: its newest
 * snapshot (at or before `upTo`), the two rows that chain it (the snapshot's own action and
 * the one before it), the rows after it (fewer than `snapshotEvery`, replayed in slices of at
 * most {@link SLICE_MS} ms) and each seat's last client seq (one indexed lookup per seat).
 * The match in memory then holds its log from the snapshot's action on (core's `resumeMatch`
 * with `earlier`); older entries stay in the storage, read on demand.
 *
 * The snapshot must be the state the hash chain recorded at its version: its hash and chain
 * value must be its action's row's, and that chain value the link of the row before it, that
 * action and the snapshot's hash (checked by `resumeMatch`); every row after it is replayed
 * with its chain value and hash checked. A damaged snapshot is refused: the result is the
 * problem `snapshot_mismatch` (the caller quarantines the match, nothing is replayed in its
 * place; see the deploy guide). The chain values before the snapshot were each checked when
 * their row was written and are not read again. Matches without a usable snapshot (fewer
 * actions than `snapshotEvery`, or stored before snapshots existed) replay their whole
 * history, read in pages. A stored row that does not parse (its JSON damaged) gives the problem
 * `row_unreadable`, quarantined the same way.
 */
export async function loadStoredMatch(
  storage: GameStorage,
  hosted: ResolvedGame | undefined,
  stored: StoredMatch,
  upTo?: number,
): Promise<({ ok: true } & LoadedMatch) | { ok: false; problem: MatchProblem }> {
  return orUnreadable(() => loadFromStorage(storage, hosted, stored, upTo));
}

/** {@link loadStoredMatch} without the check for unreadable rows. */
async function loadFromStorage(
  storage: GameStorage,
  hosted: ResolvedGame | undefined,
  stored: StoredMatch,
  upTo?: number,
): Promise<({ ok: true } & LoadedMatch) | { ok: false; problem: MatchProblem }> {
  const early = checkGame(hosted, stored);
  if (early !== undefined || hosted === undefined)
    return { ok: false, problem: early ?? { code: 'unknown_game', message: 'unknown game' } };
  const lastSeqs = await Promise.all(
    Array.from({ length: stored.setup.players }, (_, seat) =>
      storage.lastClientSeq(stored.id, seat),
    ),
  );
  const snapshot = upTo === 0 ? undefined : await storage.latestSnapshot(stored.id, upTo);
  const at = snapshot?.version ?? 0;
  // The snapshot's action, the one before it, and every row after it (up to `upTo`).
  const first = Math.max(0, at - 2);
  const rows =
    snapshot === undefined
      ? []
      : await readActions(storage, stored.id, first, upTo === undefined ? undefined : upTo - first);
  const row = rows.find((r) => r.version === at);
  const before = rows.find((r) => r.version === at - 1);
  const usable =
    snapshot !== undefined &&
    rows.every((r, i) => r.version === first + i + 1) &&
    row?.events !== undefined &&
    row.chain !== null &&
    (at === 1 || (before !== undefined && before.chain !== null));
  if (!usable || snapshot === undefined || row === undefined) {
    const all = await readActions(storage, stored.id, 0, upTo);
    const restored = restoreLiveMatch(hosted, stored, all);
    return restored.ok
      ? { ok: true, match: restored.match, rows: all, lastSeqs, from: 'replay' }
      : restored;
  }
  if (row.hash !== snapshot.hash || row.chain !== snapshot.chain)
    return {
      ok: false,
      problem: {
        code: 'snapshot_mismatch',
        message: `the snapshot at action ${String(at)} does not carry the hash and chain value that action's row recorded: the storage is damaged`,
      },
    };
  try {
    const resumed = resumeMatch(hosted.game, {
      setup: stored.setup,
      history: [row as StoredAction & { chain: string; events: readonly GameEvent[] }],
      snapshot: { state: snapshot.state, hash: row.hash },
      tail: [],
      ...(before === undefined || before.chain === null
        ? {}
        : { earlier: { count: at - 1, chain: before.chain } }),
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
    const after = rows.filter((r) => r.version > at);
    const tail = await replayTail(match, after, at);
    return tail === undefined
      ? { ok: true, match, rows: after, lastSeqs, from: 'snapshot' }
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

/**
 * Replays the rows after the snapshot at version `from` in time slices, checking each chain
 * value and hash.
 */
async function replayTail(
  match: Match,
  rows: readonly StoredAction[],
  from: number,
): Promise<MatchProblem | undefined> {
  const slice = timeSlicer();
  for (const [i, row] of rows.entries()) {
    if (row.version !== from + i + 1)
      return { code: 'history_gap', message: `action ${String(from + i + 1)} is missing` };
    const r = match.applyInput(row.seat, row.action);
    if (!r.ok)
      return {
        code: 'replay_rejected',
        message: `action ${String(row.version)} is no longer accepted: ${r.error.code}`,
      };
    if (row.chain !== null && match.actions.at(-1)?.chain !== row.chain)
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
 * Rebuilds a match from its stored rows through core's `restoreMatch`: the rows become a save
 * (setup, each action with its chain value, the last row's state hash), which it replays,
 * checking every chain value and the final hash. Rows stored before the hash chain existed
 * (no chain value) restore as a legacy save: the server wrote them itself. Never throws: a
 * history that no longer restores comes back as a problem (quarantine).
 */
export function restoreLiveMatch(
  hosted: ResolvedGame | undefined,
  stored: StoredMatch,
  actions: readonly StoredAction[],
): { ok: true; match: Match } | { ok: false; problem: MatchProblem } {
  const early = checkGame(hosted, stored);
  if (early !== undefined || hosted === undefined)
    return { ok: false, problem: early ?? { code: 'unknown_game', message: 'unknown game' } };
  const gap = actions.findIndex((row, i) => row.version !== i + 1);
  if (gap !== -1)
    return {
      ok: false,
      problem: { code: 'history_gap', message: `action ${String(gap + 1)} is missing` },
    };
  try {
    const last = actions.at(-1);
    if (last === undefined)
      return { ok: true, match: createMatch(hosted.game, stored.setup) as Match };
    const game = hosted.game as { id: string; rulesVersion: number };
    const legacy = actions.some((row) => row.chain === null);
    const restored = restoreMatch(
      hosted.game,
      {
        format: legacy ? LEGACY_SAVE_FORMAT : SAVE_FORMAT,
        game: game.id,
        rulesVersion: game.rulesVersion,
        setup: {
          seed: stored.setup.seed,
          players: stored.setup.players,
          options: stored.setup.options ?? {},
        },
        actions: actions.map((row) =>
          legacy
            ? { seat: row.seat, action: row.action }
            : { seat: row.seat, action: row.action, chain: row.chain },
        ),
        hash: last.hash,
      },
      { allowLegacy: legacy },
    );
    if (restored.ok) return { ok: true, match: restored.match as Match };
    const code = restored.error.code;
    return {
      ok: false,
      problem: {
        code: code === 'wrong_game' || code === 'invalid_save' ? 'restore_failed' : code,
        message: `the stored history does not restore: ${restored.error.message.slice(0, 300)}`,
      },
    };
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
