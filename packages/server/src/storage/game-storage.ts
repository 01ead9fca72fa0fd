import type { MatchSetup, VariantData } from '@ruleloom/core';
import type { ChatLine } from '../protocol/chat-messages.js';
import type { NewChatLine } from './chat-storage.js';

/**
 * The lifecycle of a stored match. `quarantined`: its history no longer restores (for
 * example after a rules upgrade); it is kept, reported, and never played or dropped.
 * @public
 */
export type MatchStatus = 'active' | 'over' | 'quarantined';

/**
 * Why a match was quarantined.
 * @public
 */
export interface MatchProblem {
  readonly code: string;
  readonly message: string;
}

/**
 * Per-match settings chosen at creation, stored with the match.
 * @public
 */
export interface MatchConfig {
  /** Bot seats: seat number and the server bot kind (see {@link ServerBotKind}). */
  readonly bots: readonly { readonly seat: number; readonly bot: string }[];
  /** The turn timer, or null. */
  readonly turnTimer: { readonly seconds: number; readonly onTimeout: 'default' | 'bot' } | null;
  /** Display names by seat (null: none given); absent on matches stored before names. */
  readonly names?: readonly (string | null)[];
  /**
   * The operator-allowed variant the match was created with (`ruleloom serve --variant`): its
   * name and its data, embedded so the match replays from its own record.
   */
  readonly variant?: { readonly name: string; readonly data: VariantData };
  /**
   * Listed publicly (`GET /matches/open`) while it has a free seat; absent on private
   * matches (the default) and on matches stored before listings.
   */
  readonly listed?: boolean;
  /**
   * The seats of a listed match its creator holds for their own players: stored claimed at
   * creation (see {@link GameStorage.createMatch}), so a stranger cannot claim them; a held
   * seat its player leaves is offered like any other. Absent when none are held.
   */
  readonly held?: readonly number[];
}

/**
 * A match as stored: everything needed to rebuild it with its actions.
 * @public
 */
export interface StoredMatch {
  readonly id: string;
  /** The hosted game id (a game or a registered variant). */
  readonly game: string;
  readonly rulesVersion: string;
  /** The full setup, seed and server-fixed options included (never sent to clients). */
  readonly setup: MatchSetup;
  readonly config: MatchConfig;
  readonly creator: string;
  readonly createdAt: number;
  readonly status: MatchStatus;
  readonly problem: MatchProblem | null;
  /**
   * A per-match secret (hex) made at creation from the server's secret source: the server
   * bots' randomness is derived from it, so nobody can predict their moves from what the
   * clients see, while a replay with the stored match still reproduces them. Never sent to
   * clients. `null` for matches stored before it existed (their bots then derive it from the
   * setup's seed, which is just as private).
   */
  readonly botSecret: string | null;
}

/**
 * Which listed matches {@link GameStorage.listOpenMatches} reads: one page, newest first.
 * @public
 */
export interface OpenMatchesPage {
  /** Only this hosted game id, or every game (null). */
  readonly game: string | null;
  /** At most this many matches. */
  readonly limit: number;
  /** Only matches listed after this one (older, or as old with a smaller id), or from the newest. */
  readonly before: { readonly createdAt: number; readonly id: string } | null;
}

/**
 * A listed match with the seats claimed in it (see {@link GameStorage.claimSeat}).
 * @public
 */
export interface OpenMatchRow {
  readonly match: StoredMatch;
  /** The claimed (taken) seats, ascending. */
  readonly claimed: readonly number[];
}

/** The seats a match is stored claimed with: a listed match's held seats, else none. */
export function heldSeats(match: StoredMatch): readonly number[] {
  return match.config.listed === true ? (match.config.held ?? []) : [];
}

/**
 * The free seats a match is stored with: its human seats but the held ones when listed, null
 * (not listed) otherwise.
 */
export function freeSeatsAtCreation(match: StoredMatch): number | null {
  return match.config.listed === true
    ? match.setup.players - match.config.bots.length - heldSeats(match).length
    : null;
}

/** The claimed seats of a listing row (a comma-separated list, or null for none), ascending. */
export function claimedSeats(text: string | null | undefined): number[] {
  if (text === null || text === undefined || text === '') return [];
  return text
    .split(',')
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n >= 0)
    .sort((a, b) => a - b);
}

/**
 * The rows of an open-match listing: a row that does not parse is left out (as in
 * {@link listedMatches}).
 */
export function openMatchRows(
  rows: readonly (Parameters<typeof matchFromRow>[0] & { claimed: string | null })[],
): OpenMatchRow[] {
  const out: OpenMatchRow[] = [];
  for (const row of rows) {
    try {
      out.push({ match: matchFromRow(row), claimed: claimedSeats(row.claimed) });
    } catch (error) {
      if (!(error instanceof UnreadableRowError)) throw error;
    }
  }
  return out;
}

/**
 * One accepted action: a row of its own, written in the transaction that acknowledges it.
 * @public
 */
export interface StoredAction {
  /** The match version this action produced (1 for the first action). */
  readonly version: number;
  readonly seat: number;
  readonly action: unknown;
  /** The state hash after the action. */
  readonly hash: string;
  /** The save's hash-chain value for this action, when the core provides one. */
  readonly chain: string | null;
  /** The client sequence number of the `act` message (null for bots and timers). */
  readonly clientSeq: number | null;
  /**
   * The events the action caused (its log entry), so a match loads from a snapshot without
   * replaying the actions before it. Absent on rows stored before snapshots existed.
   */
  readonly events?: readonly unknown[];
}

/**
 * The state after an action, offered to {@link GameStorage.appendAction}: the storage keeps
 * it as a snapshot every `snapshotEvery` actions and when the match is over.
 * @public
 */
export interface SnapshotCandidate {
  /** The full match state (`match.state`: plain JSON). */
  readonly state: unknown;
  /** Whether the match is over after this action (its final snapshot). */
  readonly over: boolean;
}

/**
 * A stored state snapshot: the state after action `version`, with the state hash and chain
 * value the action's row recorded.
 * @public
 */
export interface StoredSnapshot {
  readonly version: number;
  readonly state: unknown;
  readonly hash: string;
  readonly chain: string | null;
}

/**
 * How often a storage keeps a state snapshot when its options do not say: every 100
 * actions (and at the end of a match).
 * @public
 */
export const DEFAULT_SNAPSHOT_EVERY = 100;

/** Checks a `snapshotEvery` option; throws a RangeError for anything but a whole number >= 1. */
export function snapshotEveryOf(value: number | undefined): number {
  const n = value ?? DEFAULT_SNAPSHOT_EVERY;
  if (!Number.isSafeInteger(n) || n < 1)
    throw new RangeError(`snapshotEvery must be a whole number of actions >= 1, got ${String(n)}`);
  return n;
}

/** Whether an append at `version` stores its snapshot. */
export function keepsSnapshot(
  version: number,
  every: number,
  candidate: SnapshotCandidate | undefined,
): candidate is SnapshotCandidate {
  return candidate !== undefined && (candidate.over || version % every === 0);
}

/**
 * What {@link GameStorage.appendAction} did: `ok` (committed), `conflict` (the version was
 * taken, or the history is not at `version - 1`: nothing stored), or `duplicate` (this
 * seat's client sequence number is already stored, at `version`: nothing stored).
 * @public
 */
export type AppendResult =
  | { readonly status: 'ok' }
  | { readonly status: 'conflict' }
  | { readonly status: 'duplicate'; readonly version: number };

/**
 * A change made by any process of a deployment, as {@link GameStorage.subscribe} reports it.
 * @public
 */
export type StorageEvent =
  | { readonly type: 'action'; readonly match: string; readonly version: number }
  | { readonly type: 'revoked'; readonly hash: string }
  | { readonly type: 'quarantined'; readonly match: string }
  | { readonly type: 'names'; readonly match: string }
  | { readonly type: 'chat'; readonly match: string; readonly seq: number };

/**
 * A seat token as stored: its SHA-256 hash only.
 * @public
 */
export interface StoredToken {
  readonly hash: string;
  readonly match: string;
  readonly seat: number;
  readonly expiresAt: number;
}

/**
 * The storage behind a game server. Two adapters ship: {@link createSqliteStorage} (one
 * process) and {@link createPostgresStorage} (any number of processes).
 * @public
 */
export interface GameStorage {
  /** True when other processes may write the same matches (the server then listens for them). */
  readonly shared: boolean;
  /**
   * Checks the store and brings its schema up to date (numbered migrations, see the deploy
   * guide); rejects when the store is damaged, locked by another process, or newer than
   * this server.
   */
  init(): Promise<void>;
  /**
   * Stores a new match and its seat tokens in one transaction. A listed match is stored with
   * its human seats but the held ones ({@link MatchConfig.held}) free, and each held seat
   * claimed, as {@link GameStorage.claimSeat} would.
   */
  createMatch(match: StoredMatch, tokens: readonly StoredToken[]): Promise<void>;
  /** A match by id, or undefined. */
  getMatch(id: string): Promise<StoredMatch | undefined>;
  /**
   * The actions of a match with a version above `afterVersion`, in order (at most `limit`
   * of them when given).
   */
  listActions(id: string, afterVersion: number, limit?: number): Promise<StoredAction[]>;
  /**
   * Appends one action, in one transaction that checks the history is at
   * `action.version - 1` (compare-and-set) and that the seat's `clientSeq` is not stored yet
   * (unique per match and seat). Resolves once committed (see {@link AppendResult}). With a
   * `snapshot`, the same transaction stores the state as a snapshot when the version is a
   * multiple of the storage's `snapshotEvery` or the match is over (keeping the two newest).
   */
  appendAction(
    id: string,
    action: StoredAction,
    snapshot?: SnapshotCandidate,
  ): Promise<AppendResult>;
  /**
   * The highest client sequence number a seat's stored actions carry (0 when none): what a
   * client that lost its counter continues above. One indexed lookup, whatever the history.
   */
  lastClientSeq(id: string, seat: number): Promise<number>;
  /** The version of the action a seat stored with client sequence number `seq`, or undefined. */
  clientSeqVersion(id: string, seat: number, seq: number): Promise<number | undefined>;
  /** The newest snapshot of a match at or below `atMost` (default: the newest), or undefined. */
  latestSnapshot(id: string, atMost?: number): Promise<StoredSnapshot | undefined>;
  /** Marks a match over or quarantined (with its problem). */
  setStatus(id: string, status: MatchStatus, problem: MatchProblem | null): Promise<void>;
  /** Unfinished matches created by a creator. */
  countActiveMatches(creator: string): Promise<number>;
  /** The newest `limit` matches of a creator, newest first (without it: `GET /matches` answers 501). */
  listMatches?(creator: string, limit: number): Promise<StoredMatch[]>;
  /**
   * Gives seats their display names (`config.names`), e.g. when a seat joins with a name: each
   * non-null entry replaces that seat's stored name and a null entry keeps it, so two processes
   * naming different seats at once both keep theirs. Other processes are told (a `names` event).
   */
  setNames?(id: string, names: readonly (string | null)[]): Promise<void>;
  /**
   * Listed, active matches with a free seat (see {@link MatchConfig.listed}), newest first,
   * one page at a time (without it, or without {@link GameStorage.claimSeat} and
   * {@link GameStorage.revokeSeatTokens}: `GET /matches/open` and claims answer 501 and listed
   * creation is refused).
   */
  listOpenMatches?(page: OpenMatchesPage): Promise<OpenMatchRow[]>;
  /**
   * Takes a seat of a listed match, once across every process: true when this call took it,
   * false when it was taken already (or the match is not listed).
   */
  claimSeat?(id: string, seat: number): Promise<boolean>;
  /**
   * Revokes every live token of one seat except the one whose hash is `keep` (a claimed seat's
   * new token), and resolves with the hashes it revoked. Other processes are told (a `revoked`
   * event per hash), as for {@link GameStorage.revokeToken}. Without it a claim would leave the
   * creator's seat token playing a stranger's seat, so `GET /matches/open`, claims and listed
   * creation answer 501.
   */
  revokeSeatTokens?(id: string, seat: number, keep: string): Promise<string[]>;
  /**
   * Frees a claimed seat of a listed match again when no token of it is live any more (none
   * unrevoked that expires after `now`), once across every process: true when this call freed
   * it. The server calls it after revoking a seat token, so a seat its player left is offered
   * in `GET /matches/open` again. Without it a left seat stays taken.
   */
  releaseSeat?(id: string, seat: number, now: number): Promise<boolean>;
  /**
   * Stores one chat line of a match as its next line (`seq` one above the match's newest,
   * whichever process stored that), and keeps only the newest `keep` lines of the match;
   * resolves with the stored line. Other processes are told (a `chat` event). Without it the
   * server's chat answers `chat_unavailable`.
   */
  appendChat?(id: string, line: NewChatLine, keep: number): Promise<ChatLine>;
  /** The newest `limit` chat lines of a match with a `seq` above `afterSeq`, oldest first. */
  listChat?(id: string, afterSeq: number, limit: number): Promise<ChatLine[]>;
  /** Stores another token for a seat. */
  addToken(token: StoredToken): Promise<void>;
  /** Whether a token hash is known and not revoked. */
  isTokenLive(hash: string): Promise<boolean>;
  /** Revokes one token by hash. */
  revokeToken(hash: string): Promise<void>;
  /**
   * Calls `listener` for actions appended, tokens revoked and matches quarantined by any
   * process (a no-op for storage that is not shared); resolves with an unsubscribe function.
   */
  subscribe(listener: (event: StorageEvent) => void): Promise<() => Promise<void>>;
  /** Closes connections and files. */
  close(): Promise<void>;
}

/** The stored names with every non-null entry of `given` put in (see `setNames`). */
export function mergeNames(
  stored: readonly (string | null)[] | undefined,
  given: readonly (string | null)[],
): (string | null)[] {
  const length = Math.max(stored?.length ?? 0, given.length);
  return Array.from({ length }, (_, seat) => given[seat] ?? stored?.[seat] ?? null);
}

/**
 * A stored row that does not parse (its JSON was damaged on disk: flipped bytes, a truncated
 * write, an edit by hand). The row parsers throw it; the server quarantines the row's match
 * with the problem {@link UnreadableRowError.code} (never an `internal_error`). Its message
 * names the row and column, never their content (a snapshot holds hidden state).
 * @public
 */
export class UnreadableRowError extends Error {
  /** The quarantine problem code. */
  readonly code = 'row_unreadable';

  constructor(message: string) {
    super(message);
    this.name = 'UnreadableRowError';
  }
}

/**
 * The quarantine problem of an error from the storage when it is an {@link UnreadableRowError},
 * else undefined (the error is not about stored data).
 */
export function unreadableRowProblem(error: unknown): MatchProblem | undefined {
  return error instanceof UnreadableRowError
    ? { code: error.code, message: error.message }
    : undefined;
}

/** A JSON column's value; throws an {@link UnreadableRowError} naming `where` when damaged. */
function parseColumn(text: unknown, where: string, shape?: (value: unknown) => boolean): unknown {
  let value: unknown;
  try {
    value = JSON.parse(typeof text === 'string' ? text : String(text));
  } catch {
    throw new UnreadableRowError(`${where} is damaged: it is not valid JSON`);
  }
  if (shape !== undefined && !shape(value))
    throw new UnreadableRowError(`${where} is damaged: it does not have the stored shape`);
  return value;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Parses a stored match row's JSON columns (an {@link UnreadableRowError} when damaged). */
export function matchFromRow(row: {
  id: string;
  game: string;
  rules_version: string;
  setup: string;
  config: string;
  creator: string;
  created_at: number | string;
  status: string;
  problem: string | null;
  bot_secret?: string | null;
}): StoredMatch {
  return {
    id: row.id,
    game: row.game,
    rulesVersion: row.rules_version,
    setup: parseColumn(
      row.setup,
      "the stored match's setup",
      (v) => isObject(v) && Number.isSafeInteger(v.players) && (v.players as number) > 0,
    ) as MatchSetup,
    config: parseColumn(
      row.config,
      "the stored match's config",
      (v) => isObject(v) && Array.isArray(v.bots),
    ) as MatchConfig,
    creator: row.creator,
    createdAt: Number(row.created_at),
    status: row.status as MatchStatus,
    problem:
      row.problem === null
        ? null
        : (parseColumn(row.problem, "the stored match's problem", isObject) as MatchProblem),
    botSecret: row.bot_secret ?? null,
  };
}

/**
 * The matches of a listing's rows (`GET /matches`): a row that does not parse is left out, so
 * one damaged match cannot turn its creator's whole list into an error; `GET /matches/:id` or a
 * join of that match quarantines it with its reason.
 */
export function listedMatches(rows: readonly Parameters<typeof matchFromRow>[0][]): StoredMatch[] {
  const out: StoredMatch[] = [];
  for (const row of rows) {
    try {
      out.push(matchFromRow(row));
    } catch (error) {
      if (!(error instanceof UnreadableRowError)) throw error;
    }
  }
  return out;
}

/** Parses a stored action row (an {@link UnreadableRowError} when damaged). */
export function actionFromRow(row: {
  version: number | string;
  seat: number | string;
  action: string;
  hash: string;
  chain: string | null;
  client_seq: number | string | null;
  events?: string | null;
}): StoredAction {
  const action: StoredAction = {
    version: Number(row.version),
    seat: Number(row.seat),
    action: parseColumn(row.action, `the stored action ${String(row.version)}`),
    hash: row.hash,
    chain: row.chain,
    clientSeq: row.client_seq === null ? null : Number(row.client_seq),
  };
  return row.events === null || row.events === undefined
    ? action
    : {
        ...action,
        events: parseColumn(
          row.events,
          `the events of stored action ${String(row.version)}`,
          Array.isArray,
        ) as unknown[],
      };
}

/** Parses a stored snapshot row (an {@link UnreadableRowError} when damaged). */
export function snapshotFromRow(row: {
  version: number | string;
  state: string;
  hash: string;
  chain: string | null;
}): StoredSnapshot {
  return {
    version: Number(row.version),
    state: parseColumn(row.state, `the stored snapshot at action ${String(row.version)}`),
    hash: row.hash,
    chain: row.chain,
  };
}

/** The SQL that keeps only the two newest snapshots of a match (`?`/`$n` for the match id twice). */
export function pruneSnapshotsSql(p1: string, p2: string): string {
  return `DELETE FROM ruleloom_snapshots WHERE match_id = ${p1} AND version < (
    SELECT min(version) FROM (
      SELECT version FROM ruleloom_snapshots WHERE match_id = ${p2} ORDER BY version DESC LIMIT 2
    ) AS newest
  )`;
}

/**
 * Whether a storage can hold listed matches: list them, claim a seat once, and revoke the
 * seat's earlier tokens at a claim (without the last, a creator's link would play a stranger's
 * seat). Without all three, the list, claims and listed creation answer 501.
 */
export function storageCanList(
  storage: GameStorage,
): storage is GameStorage &
  Required<Pick<GameStorage, 'listOpenMatches' | 'claimSeat' | 'revokeSeatTokens'>> {
  return (
    storage.listOpenMatches !== undefined &&
    storage.claimSeat !== undefined &&
    storage.revokeSeatTokens !== undefined
  );
}
