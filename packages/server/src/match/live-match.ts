import {
  actionTraitsOf,
  legalActionSet,
  redactLog,
  Rng,
  type ActionBase,
  type ActionTraitIndex,
  type LogEntry,
  type Match,
} from '@ruleloom/core';
import {
  sessionOf,
  type DecisionPort,
  type DecisionRequest,
  type MatchSession as CoreSession,
  type SessionClock,
  type SessionFailure,
} from '@ruleloom/core/session';
import { createCatalogBot, type Bot } from '@ruleloom/bots';
import type { FastifyBaseLogger } from 'fastify';
import type { BotScheduler } from '../bots/bot-budget.js';
import { storedBotKind } from '../bots/server-bot-kinds.js';
import type { ResolvedGame } from '../games/hosted-game.js';
import type { ServerLimits } from '../limits/server-limits.js';
import { NO_LEGAL_ACTIONS } from '../protocol/compact-legal-actions.js';
import { CLOSE_CODES, PROTOCOL_VERSION } from '../protocol/protocol-constants.js';
import type { MatchSnapshot, UpdateMessage, WelcomeMessage } from '../protocol/server-messages.js';
import type { NamesMessage } from '../protocol/server-messages.js';
import {
  unreadableRowProblem,
  type AppendResult,
  type GameStorage,
  type SnapshotCandidate,
  type StoredAction,
  type StoredMatch,
} from '../storage/game-storage.js';
import { botSeed } from './bot-seed.js';
import { MatchChat } from './match-chat.js';
import { loadStoredMatch, readLogEntries } from './restore-live-match.js';

/** A connection attached to a match: a seat or a spectator (`seat` null). */
export interface MatchSession {
  readonly seat: number | null;
  send(text: string): void;
  close(code: number, reason: string): void;
}

/** What an `act` (or a bot or timer move) came to. */
export type ActOutcome =
  | { readonly ok: true; readonly version: number; readonly duplicate: boolean }
  | {
      readonly ok: false;
      readonly code: string;
      readonly message: string;
      readonly duplicate?: boolean;
    };

/** What a live match needs from its server. */
export interface LiveMatchDeps {
  readonly storage: GameStorage;
  readonly bots: BotScheduler;
  readonly limits: ServerLimits;
  readonly log: FastifyBaseLogger;
  readonly now: () => number;
  /** Called when the match must be dropped from memory (quarantined while live). */
  readonly onQuarantine: (id: string) => void;
  /** Called when the last connection left a match that has nothing left to run by itself. */
  readonly onIdle: (id: string) => void;
}

interface SeatSeqs {
  last: number;
  readonly results: Map<number, ActOutcome>;
}

/** A version the session accepted and the storage has not committed yet. */
interface Uncommitted {
  readonly row: StoredAction;
  /** The state at this version (the storage keeps it as a snapshot every N actions). */
  readonly at: SnapshotCandidate;
  /** The update frame of this version for each audience connected when it was accepted. */
  readonly frames: ReadonlyMap<number | null, string>;
}

/** What committing the accepted versions came to. */
type Commit =
  | { readonly ok: true }
  | { readonly ok: false; readonly at: number; readonly stored: AppendResult | 'error' };

const KEPT_REJECTIONS = 64;

/** A rejection code as sent to clients: snake_case and short, whatever the game returned. */
function boundedCode(code: unknown): string {
  return typeof code === 'string' && /^[a-z][a-z0-9_]{0,63}$/.test(code) ? code : 'illegal_action';
}

/** Lets every pending promise reaction run (the session applies a port's answer in one). */
function settled(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * A match in memory: a thin adapter over core's match session (`@ruleloom/core/session`),
 * which applies actions, asks the bots' decision ports and runs the turn clock. The adapter
 * adds what only a server has: the storage commit of every accepted version (exactly once:
 * unique client seq and version compare-and-set in the storage), and the fan-out of each
 * version's per-seat and spectator frames, taken from the session's per-viewer feeds.
 *
 * Everything that changes the session runs in one queue ({@link LiveMatch.enqueue}): a
 * client's act, a bot's answer (its port hands the answer over inside the queue) and a turn
 * clock (its timers fire inside the queue). A job ends only after the versions it made were
 * committed, so outside a job the session is exactly at the stored version.
 */
export class LiveMatch {
  readonly sessions = new Set<MatchSession>();
  readonly seats = new Map<number, MatchSession>();
  private queue: Promise<unknown> = Promise.resolve();
  private readonly seqs = new Map<number, SeatSeqs>();
  private readonly traits: ActionTraitIndex;
  private readonly botSeats: ReadonlyMap<number, string>;
  private session: CoreSession;
  private unsubscribe: () => void = () => undefined;
  /** The last version the session published. */
  private seenVersion = 0;
  private uncommitted: Uncommitted[] = [];
  /** Versions the session applies from the storage (another process's): sent, not stored. */
  private importing = false;
  /** The client seq of the act being submitted, for its row. */
  private submitting: { readonly seat: number; readonly clientSeq: number } | null = null;
  private lastFailure: SessionFailure | null = null;
  private closed = false;
  /** Display names by seat (null: none given). */
  names: readonly (string | null)[];
  /** The match's chat: its kept lines, per-seat rate limits and fan-out. */
  readonly chat: MatchChat;

  constructor(
    readonly stored: StoredMatch,
    readonly hosted: ResolvedGame,
    match: Match,
    rows: readonly StoredAction[],
    private readonly deps: LiveMatchDeps,
    lastSeqs: readonly number[] = [],
  ) {
    this.traits = actionTraitsOf(hosted.game);
    // A bot stored under a former name plays as its catalog bot (the loader refuses others).
    this.botSeats = new Map(stored.config.bots.map((b) => [b.seat, storedBotKind(b.bot) ?? b.bot]));
    this.rememberRows(rows, lastSeqs);
    this.names = Array.from(
      { length: stored.setup.players },
      (_, s) => stored.config.names?.[s] ?? null,
    );
    this.session = this.host(match);
    this.chat = new MatchChat({
      id: stored.id,
      storage: deps.storage,
      limits: deps.limits,
      log: deps.log,
      now: deps.now,
      sessions: () => this.sessions,
      nameOf: (seat) => this.names[seat] ?? null,
    });
  }

  /**
   * Gives a seat its display name, stores it, and sends the new names at once to every
   * connection attached now (call inside the queue, before attaching the renamed seat's
   * connection: its welcome carries them).
   */
  async rename(seat: number, name: string): Promise<void> {
    if (this.names[seat] === name) return;
    this.names = this.names.map((n, s) => (s === seat ? name : n));
    // Only this seat's name: another process may be naming another seat at the same time.
    await this.deps.storage.setNames?.(
      this.stored.id,
      this.names.map((n, s) => (s === seat ? n : null)),
    );
    this.sendNames();
  }

  /**
   * Takes the names another process stored (a `names` event; call inside the queue) and sends
   * them to every connection attached here when they changed.
   */
  async refreshNames(): Promise<void> {
    const stored = await this.deps.storage.getMatch(this.stored.id);
    const names = stored?.config.names;
    if (names === undefined || this.closed) return;
    const next = this.names.map((n, seat) => names[seat] ?? n);
    if (next.every((n, seat) => n === this.names[seat])) return;
    this.names = next;
    this.sendNames();
  }

  /** Sends a `names` message with the current names to every attached connection. */
  private sendNames(): void {
    if (this.sessions.size === 0) return;
    const message: NamesMessage = { type: 'names', match: this.stored.id, names: this.names };
    const text = JSON.stringify(message);
    for (const session of this.sessions) session.send(text);
  }

  /** The match (read it; it changes only through the session). */
  get match(): Match {
    return this.session.match;
  }

  /** The match version: the number of accepted actions. */
  get version(): number {
    return this.session.getSnapshot().version;
  }

  /** When the turn timer plays (Unix ms), or null. */
  get deadline(): number | null {
    return this.session.getSnapshot().deadline;
  }

  /** Hosts `match` in a new session: its ports, clock and subscription. */
  private host(match: Match): CoreSession {
    const ports: Record<number, DecisionPort> = {};
    for (const [seat, bot] of this.botSeats) ports[seat] = this.botPort(bot);
    const timer = this.stored.config.turnTimer;
    const session = sessionOf(match, {
      ports,
      ...(timer === null ? {} : { turnTime: timer.seconds * 1000, clock: this.clock() }),
    });
    this.seenVersion = session.getSnapshot().version;
    this.uncommitted = [];
    this.lastFailure = null;
    this.unsubscribe = session.subscribe(() => {
      if (this.session === session) this.onSessionChange();
    });
    return session;
  }

  /** Replaces the session (closing the previous one) with one hosting `match`. */
  private rehost(match: Match): void {
    this.unsubscribe();
    this.session.close();
    this.session = this.host(match);
  }

  /**
   * Remembers the results of stored rows' client seqs, and each seat's last stored seq (rows
   * not read, before a snapshot, are looked up in the storage when a client resends them).
   */
  private rememberRows(rows: readonly StoredAction[], lastSeqs: readonly number[] = []): void {
    for (const [seat, last] of lastSeqs.entries()) {
      const s = this.seqsOf(seat);
      s.last = Math.max(s.last, last);
    }
    for (const row of rows) {
      if (row.clientSeq === null) continue;
      const s = this.seqsOf(row.seat);
      s.results.set(row.clientSeq, { ok: true, version: row.version, duplicate: false });
      s.last = Math.max(s.last, row.clientSeq);
    }
  }

  private seqsOf(seat: number): SeatSeqs {
    let s = this.seqs.get(seat);
    if (s === undefined) {
      s = { last: 0, results: new Map() };
      this.seqs.set(seat, s);
    }
    return s;
  }

  /** Runs `fn` after every change queued before it. */
  enqueue<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** What a seat (or a spectator) sees now, from the session's feed for that viewer. */
  snapshot(seat: number | null): MatchSnapshot {
    // Read from the match at its version (no session feed: a feed's first read redacts the
    // whole log, which a match just loaded from a snapshot must not do for one GET or join).
    const match = this.match;
    const toAct = match.toAct;
    return {
      version: this.version,
      view: match.view(seat ?? 'spectator'),
      toAct,
      legal: seat !== null && toAct.includes(seat) ? legalActionSet(match, seat) : NO_LEGAL_ACTIONS,
      isOver: match.isOver,
      result: match.result,
      deadline: this.deadline,
      names: this.names,
    };
  }

  /**
   * The welcome for a connection: the entries after `since` (the newest
   * `limits.welcomeLogEntries` of them at most, from `logStart` to `version`), and the
   * snapshot. Call inside the queue (the version does not move while it reads). Undefined
   * when the stored entries it needed break the hash chain (the match is then quarantined).
   */
  async welcome(
    seat: number | null,
    replyTo: number,
    since: number | undefined,
  ): Promise<WelcomeMessage | undefined> {
    const snapshot = this.snapshot(seat);
    const version = snapshot.version;
    const from = Math.max(
      Math.min(since ?? 0, version) + 1,
      version - this.deps.limits.welcomeLogEntries + 1,
    );
    // Only these entries are redacted (a reconnect costs the same at any length, and a match
    // just loaded from a snapshot never redacts its whole log for one join).
    const read = await this.logEntries(seat, from, version);
    if (read === undefined) return undefined;
    const missed = read.entries;
    return {
      type: 'welcome',
      protocol: PROTOCOL_VERSION,
      replyTo,
      match: this.stored.id,
      game: this.stored.game,
      seat,
      players: this.stored.setup.players,
      missed,
      logStart: version + 1 - missed.length,
      lastSeq: seat === null ? null : this.seqsOf(seat).last,
      ...snapshot,
    };
  }

  /**
   * The log entry with seq `seq` from the match in memory, or undefined when it does not hold
   * it (`match.logStart`: a match may hold only its newest entries; `log[i].seq` is
   * `logStart + i`).
   */
  private logEntryAt(seq: number): LogEntry | undefined {
    const match = this.match;
    const held = match.logStart;
    const entry = match.log[seq - held];
    return entry?.seq === seq ? entry : undefined;
  }

  /**
   * The log entries with seqs `from` .. `to` (`1 <= from`, `to <=` the version), redacted for
   * a seat (or a spectator, `null`) exactly as its feed redacts them: contiguous and ending at
   * `to`. The newest come from the match in memory; the ones older than what it holds
   * (`match.logStart`, when core keeps only a match's newest entries) from the stored rows,
   * read in pages. A row stored before rows carried their
   * events cannot give its entry: the entries then start after the newest such row, and
   * `complete` is false. Work is bounded by `to - from`, never by the match's length. Each
   * stored row is checked against the hash chain (`readLogEntries`): undefined when one breaks
   * it, the match then quarantined.
   */
  async logEntries(
    seat: number | null,
    from: number,
    to: number,
  ): Promise<{ readonly entries: LogEntry[]; readonly complete: boolean } | undefined> {
    const match = this.match;
    const log = match.log;
    const held = match.logStart;
    // The part in memory, read before any await (the match may move on meanwhile).
    const recent: LogEntry[] = [];
    for (let seq = Math.max(from, held); seq <= to; seq++) {
      const entry = log[seq - held];
      if (entry?.seq !== seq) break;
      recent.push(entry);
    }
    // Only a part that reaches `to` is used (else every entry comes from the storage).
    if (recent.at(-1)?.seq !== to) recent.length = 0;
    const firstRecent = recent[0]?.seq ?? to + 1;
    // Older than the match holds: from the stored rows, each checked against the chain.
    const read = await readLogEntries(
      this.deps.storage,
      this.hosted,
      this.stored,
      from - 1,
      firstRecent - from,
    );
    if (!read.ok) {
      await this.quarantine(read.problem.code, read.problem.message);
      return undefined;
    }
    const older = read.entries;
    const complete = read.complete;
    const entries = redactLog<ActionBase>([...older, ...recent], seat ?? 'spectator', (a) =>
      this.match.engine.isSecretAction(a),
    );
    return { entries, complete: complete && (entries[0]?.seq ?? to + 1) === from };
  }

  /** Attaches a connection; a second connection for a seat replaces the first. */
  attach(session: MatchSession): void {
    // Added first: closing the replaced connection must not leave the match looking idle
    // (it would be unloaded under the new connection).
    this.sessions.add(session);
    if (session.seat !== null) {
      const old = this.seats.get(session.seat);
      if (old !== undefined && old !== session) {
        this.sessions.delete(old);
        old.close(CLOSE_CODES.replaced, 'another connection took this seat');
      }
      this.seats.set(session.seat, session);
    }
  }

  /** Detaches a connection. */
  detach(session: MatchSession): void {
    this.sessions.delete(session);
    if (session.seat !== null && this.seats.get(session.seat) === session)
      this.seats.delete(session.seat);
    if (this.sessions.size === 0 && this.isQuiet()) this.deps.onIdle(this.stored.id);
  }

  /** Over, or waiting only for humans with no turn timer: nothing runs without a client. */
  isQuiet(): boolean {
    const s = this.session.getSnapshot();
    if (s.isOver) return true;
    if (s.deadline !== null || s.thinking.length > 0) return false;
    return !s.toAct.some((seat) => this.botSeats.has(seat));
  }

  /**
   * A client's action for its seat, with its sequence number. Exactly once across
   * processes: a seq already stored (by any process) answers its stored version with
   * `duplicate: true`; an action that loses a race for its version is not applied
   * (`version_conflict`), and this match then resyncs from the storage.
   */
  act(
    seat: number,
    action: unknown,
    clientSeq: number,
    expectedVersion?: number,
  ): Promise<ActOutcome> {
    return this.enqueue(async () => {
      // Take in what other processes stored first: a resend through this process after an
      // ack through another one is then a known seq.
      if (this.deps.storage.shared) await this.catchUp();
      if (this.closed)
        return { ok: false, code: 'match_quarantined', message: 'this match is quarantined' };
      const s = this.seqsOf(seat);
      const earlier = s.results.get(clientSeq);
      if (earlier !== undefined) return { ...earlier, duplicate: true };
      if (clientSeq <= s.last) {
        // A seq stored before what this process read (its match loaded from a snapshot).
        const version = await this.deps.storage.clientSeqVersion(this.stored.id, seat, clientSeq);
        if (version !== undefined) return { ok: true, version, duplicate: true };
      }
      // A lost race (the version moved on) is told as such, even when the seq is stale too.
      if (expectedVersion !== undefined && expectedVersion !== this.version)
        return {
          ok: false,
          code: 'stale_version',
          message: `the match is at version ${String(this.version)}, not ${String(expectedVersion)}`,
        };
      if (clientSeq <= s.last)
        return {
          ok: false,
          code: 'stale_seq',
          message: `seq ${String(clientSeq)} is not above this seat's last seq ${String(s.last)}, and its result is no longer known`,
        };
      const outcome = await this.submitAndStore(seat, action, clientSeq);
      // A stored seq is remembered by the resync (rememberRows); remember the rest here.
      if (!s.results.has(clientSeq)) {
        s.last = Math.max(s.last, clientSeq);
        s.results.set(clientSeq, outcome);
      }
      if (!outcome.ok) this.forgetOldRejections(s);
      return outcome;
    });
  }

  private forgetOldRejections(s: SeatSeqs): void {
    let rejected = 0;
    for (const [seq, r] of [...s.results].reverse()) {
      if (r.ok) continue;
      if (++rejected > KEPT_REJECTIONS) s.results.delete(seq);
    }
  }

  /** Submits a seat's action to the session (inside the queue), then commits it. */
  private async submitAndStore(
    seat: number,
    action: unknown,
    clientSeq: number | null,
  ): Promise<ActOutcome> {
    const before = this.version;
    this.submitting = clientSeq === null ? null : { seat, clientSeq };
    let r;
    try {
      r = await this.session.submit(seat, action);
    } finally {
      this.submitting = null;
    }
    if (!r.ok)
      return {
        ok: false,
        code: boundedCode(r.error.code),
        message: r.error.message.slice(0, 300),
      };
    const commit = await this.commit();
    if (commit.ok) return { ok: true, version: r.version, duplicate: false };
    if (commit.stored === 'error')
      return {
        ok: false,
        code: 'internal_error',
        message: 'the action could not be stored; try again',
      };
    if (commit.stored.status === 'duplicate' && commit.at === before + 1)
      return { ok: true, version: commit.stored.version, duplicate: true };
    return {
      ok: false,
      code: 'version_conflict',
      message: `another action was stored at version ${String(commit.at)} first; nothing was applied: look at the new state and send a new act`,
    };
  }

  /** Called by the session after every change: records each new version once. */
  private onSessionChange(): void {
    const s = this.session.getSnapshot();
    if (s.version > this.seenVersion) {
      // The session publishes once per version, so the match is at this version now.
      this.seenVersion = s.version;
      const frames = this.frames(s.version);
      if (this.importing) this.send(frames);
      else
        this.uncommitted.push({
          row: this.row(s.version),
          at: { state: this.match.state, over: this.match.isOver },
          frames,
        });
    }
    if (s.failure !== null && s.failure !== this.lastFailure) {
      this.lastFailure = s.failure;
      this.botFailed(s.failure);
    }
  }

  /** The stored row of the version the match is at: its action, state hash and chain value. */
  private row(version: number): StoredAction {
    const match = this.match;
    const last = match.actions.at(-1) as { seat: number; action: unknown; chain?: unknown };
    const mine =
      this.submitting !== null && this.submitting.seat === last.seat ? this.submitting : null;
    this.submitting = null;
    return {
      version,
      seat: last.seat,
      action: last.action,
      // The one state hash of this accepted action (the chain value reuses it).
      hash: match.hash(),
      chain: typeof last.chain === 'string' ? last.chain : null,
      clientSeq: mine === null ? null : mine.clientSeq,
      events: this.logEntryAt(version)?.events ?? [],
    };
  }

  /** The update frame of `version` (the current one) for every audience connected now. */
  private frames(version: number): Map<number | null, string> {
    const texts = new Map<number | null, string>();
    for (const session of this.sessions) {
      if (texts.has(session.seat)) continue;
      const viewer = session.seat ?? 'spectator';
      const at = this.logEntryAt(version);
      if (at === undefined) continue;
      // This one entry, redacted for the audience (never the whole log).
      const entry = redactLog<ActionBase>([at], viewer, (a) =>
        this.match.engine.isSecretAction(a),
      )[0] as LogEntry;
      const message: UpdateMessage = {
        type: 'update',
        match: this.stored.id,
        entry,
        ...this.snapshot(session.seat),
      };
      texts.set(session.seat, JSON.stringify(message));
    }
    return texts;
  }

  /** Sends each connection its audience's frame. */
  private send(frames: ReadonlyMap<number | null, string>): void {
    for (const session of this.sessions) {
      const text = frames.get(session.seat);
      if (text !== undefined) session.send(text);
    }
  }

  /**
   * Commits every version the session accepted, in order, sending each one's frames once
   * stored. Never retries: when another process stored a version first (or already stored
   * its seq), nothing more is kept, the match resyncs from the storage, and the caller learns
   * which of the two happened.
   */
  private async commit(): Promise<Commit> {
    while (this.uncommitted.length > 0) {
      const next = this.uncommitted.shift() as Uncommitted;
      let stored: AppendResult;
      try {
        stored = await this.deps.storage.appendAction(this.stored.id, next.row, next.at);
      } catch (error) {
        // Not committed: the session is ahead of the store; rebuild it from the store.
        this.deps.log.error({ err: error, match: this.stored.id }, 'storing an action failed');
        await this.rebuild(next.row.version - 1);
        return { ok: false, at: next.row.version, stored: 'error' };
      }
      if (stored.status !== 'ok') {
        // Another process got there first: drop what was applied here, take the stored history.
        await this.rebuild(next.row.version - 1);
        return { ok: false, at: next.row.version, stored };
      }
      this.send(next.frames);
    }
    await this.settle();
    return { ok: true };
  }

  /**
   * Replaces the session with one on the stored history: replays up to the version the
   * connections saw, then applies (and sends) each later action one at a time.
   */
  private async rebuild(seenVersion: number): Promise<void> {
    // From the newest snapshot at or before the version the connections saw (no full replay).
    const restored = await loadStoredMatch(
      this.deps.storage,
      this.hosted,
      this.stored,
      seenVersion,
    );
    if (restored.ok) this.rehost(restored.match);
    // The rows stored after the version loaded: applied (and sent) one at a time.
    const rows = restored.ok
      ? await this.deps.storage.listActions(this.stored.id, this.version)
      : [];
    if (!restored.ok || !this.importRows(rows)) {
      const problem = restored.ok
        ? { code: 'hash_mismatch', message: 'the stored history does not replay to its hashes' }
        : restored.problem;
      await this.quarantine(problem.code, problem.message);
      return;
    }
    this.rememberRows([...restored.rows, ...rows], restored.lastSeqs);
    await this.settle();
  }

  /** Applies rows another process stored through the session, sending each; false on a mismatch. */
  private importRows(rows: readonly StoredAction[]): boolean {
    this.importing = true;
    try {
      for (const row of rows) {
        if (row.version !== this.version + 1) return false;
        void this.session.submit(row.seat, row.action);
        // The session applies a submission at once when it is not busy (it never is here).
        if (this.version !== row.version) return false;
      }
    } finally {
      this.importing = false;
    }
    const last = rows.at(-1);
    return last === undefined || this.match.hash() === last.hash;
  }

  /** With shared storage: takes in what other processes stored (call inside the queue). */
  async refresh(): Promise<void> {
    if (this.deps.storage.shared && !this.closed) await this.catchUp();
  }

  /** Applies actions other processes stored (shared storage), in order. */
  catchUp(): Promise<void> {
    return (async () => {
      let rows: StoredAction[];
      try {
        rows = await this.deps.storage.listActions(this.stored.id, this.version);
      } catch (error) {
        // A row another process stored that does not parse: quarantined, as on a load.
        const problem = unreadableRowProblem(error);
        if (problem === undefined) throw error;
        await this.quarantine(problem.code, problem.message);
        return;
      }
      if (rows.length === 0) return;
      if (!this.importRows(rows)) {
        // What was applied (and sent) came from the store; rebuild from there.
        await this.rebuild(this.version);
        return;
      }
      this.rememberRows(rows);
      await this.settle();
    })();
  }

  /** After the stored version moved: record the end of the match. */
  private async settle(): Promise<void> {
    if (this.closed || !this.match.isOver || this.stored.status !== 'active') return;
    await this.deps.storage.setStatus(this.stored.id, 'over', null);
    (this.stored as { status: string }).status = 'over';
  }

  private async quarantine(code: string, message: string): Promise<void> {
    this.closed = true;
    this.session.close();
    this.deps.log.warn({ match: this.stored.id, code }, `match quarantined: ${message}`);
    await this.deps.storage.setStatus(this.stored.id, 'quarantined', { code, message });
    for (const session of this.sessions) session.close(CLOSE_CODES.matchQuarantined, code);
    this.sessions.clear();
    this.seats.clear();
    this.deps.onQuarantine(this.stored.id);
  }

  /** Another process quarantined this match: close every connection, run nothing more. */
  quarantinedElsewhere(): void {
    if (this.closed) return;
    this.shutdown(CLOSE_CODES.matchQuarantined, 'match_quarantined');
    this.deps.onQuarantine(this.stored.id);
  }

  /**
   * The session's clock on the wall clock, its timers firing inside the queue. With
   * `onTimeout: 'bot'`, a person who runs out of time gets a random bot's move (drawn from the
   * match's server secret) instead of the declared timeout action.
   */
  private clock(): SessionClock {
    const onTimeout = this.stored.config.turnTimer?.onTimeout ?? 'default';
    interface Handle {
      cancelled: boolean;
      timer?: ReturnType<typeof setTimeout>;
    }
    return {
      now: () => this.deps.now(),
      setTimeout: (callback, ms) => {
        const handle: Handle = { cancelled: false };
        handle.timer = setTimeout(() => {
          void this.enqueue(async () => {
            if (handle.cancelled || this.closed) return;
            const human = this.match.toAct.find((seat) => !this.botSeats.has(seat));
            if (onTimeout === 'bot' && human !== undefined) {
              const r = await this.submitAndStore(human, this.randomMove(human), null);
              if (r.ok) return;
            }
            callback();
            await this.commit();
          }).catch((error: unknown) => this.deps.log.error({ err: error }, 'turn timer failed'));
        }, ms);
        return handle;
      },
      clearTimeout: (handle) => {
        const h = handle as Handle;
        h.cancelled = true;
        if (h.timer !== undefined) clearTimeout(h.timer);
      },
    };
  }

  /** A random bot's move for a seat (a person out of time), seeded from the server secret. */
  private randomMove(seat: number): unknown {
    const bot = createCatalogBot('random') as Bot;
    return bot.act({
      seat,
      view: this.match.view(seat),
      legalActions: this.match.legalActions(seat),
      rng: Rng.fromSeed(botSeed(this.stored, seat, this.version)),
      rules: this.match.engine,
    });
  }

  /**
   * The decision port of a bot seat: the bot decides on the worker pool, from what the seat
   * may see and a seed drawn from the match's server secret; its answer is handed to the
   * session inside the queue, and committed before anything else happens.
   */
  private botPort(bot: string): DecisionPort {
    const module = this.hosted.module;
    return {
      player: bot,
      decide: (request: DecisionRequest) => {
        // A game without a module for the workers has no bots: its seats play the timeout action.
        if (module === undefined)
          return this.handOver(this.traits.timeoutAction(request.legalActions));
        const seed = botSeed(this.stored, request.seat, request.version);
        return this.deps.bots
          .decide({ ...request, seed, player: bot }, this.deps.limits.botDecisionMs, {
            creator: this.stored.creator,
            match: this.stored.id,
          })
          .then((r) => {
            if (!r.ok) {
              this.deps.log.warn(
                { match: this.stored.id, seat: request.seat, reason: r.reason, err: r.error },
                'bot decision failed: the timeout action is played',
              );
              throw new Error(`bot decision failed (${r.reason})`);
            }
            return this.handOver(r.action);
          });
      },
    };
  }

  /** Resolves to `action` inside the queue, and holds the queue until it was committed. */
  private handOver(action: unknown): Promise<unknown> {
    return new Promise((resolve) => {
      void this.enqueue(async () => {
        resolve(action);
        // The session applies the answer in a reaction to this promise: let it run.
        await settled();
        await this.commit();
      }).catch((error: unknown) =>
        this.deps.log.error({ err: error, match: this.stored.id }, 'bot failed'),
      );
    });
  }

  /** A bot's port failed or its action was refused: the seat plays its timeout action now. */
  private botFailed(failure: SessionFailure): void {
    if (!this.botSeats.has(failure.seat)) return;
    void this.enqueue(async () => {
      if (this.closed || this.version !== failure.version) return;
      if (!this.match.toAct.includes(failure.seat)) return;
      const action = this.traits.timeoutAction(this.match.legalActions(failure.seat));
      if (action !== undefined) await this.submitAndStore(failure.seat, action, null);
    }).catch((error: unknown) =>
      this.deps.log.error({ err: error, match: this.stored.id }, 'bot fallback failed'),
    );
  }

  /** Starts bots and timers for a match just loaded or created (the session runs them). */
  start(): Promise<void> {
    return this.enqueue(() => this.settle());
  }

  /** Stops timers and bots, and closes every connection. */
  shutdown(code: number, reason: string): void {
    this.closed = true;
    this.unsubscribe();
    this.session.close();
    for (const session of this.sessions) session.close(code, reason);
    this.sessions.clear();
    this.seats.clear();
  }
}
