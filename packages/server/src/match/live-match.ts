import {
  publicOptions,
  redactLog,
  type ActionBase,
  type LogEntry,
  type Match,
} from '@ruleloom/core';
import type { FastifyBaseLogger } from 'fastify';
import type { BotRunner } from '../bots/bot-runner.js';
import { isServerBotKind } from '../bots/server-bot-kinds.js';
import type { ResolvedGame } from '../games/hosted-game.js';
import type { ServerLimits } from '../limits/server-limits.js';
import { CLOSE_CODES, PROTOCOL_VERSION } from '../protocol/protocol-constants.js';
import type { MatchSnapshot, UpdateMessage, WelcomeMessage } from '../protocol/server-messages.js';
import type {
  AppendResult,
  GameStorage,
  StoredAction,
  StoredMatch,
} from '../storage/game-storage.js';
import { botSeed } from './bot-seed.js';
import { defaultAction } from './default-action.js';
import { restoreLiveMatch } from './restore-live-match.js';

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
  readonly bots: BotRunner;
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

const KEPT_REJECTIONS = 64;

/** A rejection code as sent to clients: snake_case and short, whatever the game returned. */
function boundedCode(code: unknown): string {
  return typeof code === 'string' && /^[a-z][a-z0-9_]{0,63}$/.test(code) ? code : 'illegal_action';
}

/**
 * A match in memory: the core match, its connections, the per-seat sequence numbers, its
 * bots and turn timer. Every change goes through one queue, so actions are applied one at
 * a time and acknowledged only after the storage committed them.
 */
export class LiveMatch {
  readonly sessions = new Set<MatchSession>();
  readonly seats = new Map<number, MatchSession>();
  private queue: Promise<unknown> = Promise.resolve();
  private readonly seqs = new Map<number, SeatSeqs>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private deadlineAt: number | null = null;
  private readonly botPending = new Set<string>();
  private closed = false;
  /** Display names by seat (null: none given). */
  names: readonly (string | null)[];

  constructor(
    readonly stored: StoredMatch,
    readonly hosted: ResolvedGame,
    public match: Match,
    rows: readonly StoredAction[],
    private readonly deps: LiveMatchDeps,
  ) {
    this.rememberRows(rows);
    this.names = Array.from(
      { length: stored.setup.players },
      (_, s) => stored.config.names?.[s] ?? null,
    );
  }

  /** Gives a seat its display name and stores it (call inside the queue). */
  async rename(seat: number, name: string): Promise<void> {
    if (this.names[seat] === name) return;
    this.names = this.names.map((n, s) => (s === seat ? name : n));
    await this.deps.storage.setNames?.(this.stored.id, this.names);
  }

  /** The match version: the number of accepted actions. */
  get version(): number {
    return this.match.actions.length;
  }

  /** When the turn timer plays (Unix ms), or null. */
  get deadline(): number | null {
    return this.deadlineAt;
  }

  private rememberRows(rows: readonly StoredAction[]): void {
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

  /** What a seat (or a spectator) sees now. */
  snapshot(seat: number | null): MatchSnapshot {
    const toAct = this.match.toAct;
    return {
      version: this.version,
      view: this.match.view(seat ?? 'spectator'),
      toAct,
      legalActions: seat !== null && toAct.includes(seat) ? this.match.legalActions(seat) : [],
      isOver: this.match.isOver,
      result: this.match.result,
      deadline: this.deadlineAt,
      names: this.names,
    };
  }

  /** The welcome for a connection: every entry after `since`, and the snapshot. */
  welcome(seat: number | null, replyTo: number, since: number | undefined): WelcomeMessage {
    const from = Math.min(since ?? 0, this.version) + 1;
    const missed: LogEntry[] = this.match.logFor(seat ?? 'spectator').slice(from);
    return {
      type: 'welcome',
      protocol: PROTOCOL_VERSION,
      replyTo,
      match: this.stored.id,
      game: this.stored.game,
      seat,
      players: this.stored.setup.players,
      missed,
      lastSeq: seat === null ? null : this.seqsOf(seat).last,
      ...this.snapshot(seat),
    };
  }

  /** Attaches a connection; a second connection for a seat replaces the first. */
  attach(session: MatchSession): void {
    if (session.seat !== null) {
      const old = this.seats.get(session.seat);
      if (old !== undefined && old !== session) {
        this.sessions.delete(old);
        old.close(CLOSE_CODES.replaced, 'another connection took this seat');
      }
      this.seats.set(session.seat, session);
    }
    this.sessions.add(session);
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
    if (this.match.isOver) return true;
    if (this.timer !== undefined || this.botPending.size > 0) return false;
    const bots = new Set(this.stored.config.bots.map((b) => b.seat));
    return !this.match.toAct.some((seat) => bots.has(seat));
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
      const outcome = await this.applyAndStore(seat, action, clientSeq);
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

  /**
   * Applies, stores, then broadcasts. Never retries: when another process stored this
   * version first (or already stored this seq), nothing of this action is kept, the match
   * resyncs from the storage, and the caller learns which of the two happened.
   */
  private async applyAndStore(
    seat: number,
    action: unknown,
    clientSeq: number | null,
  ): Promise<ActOutcome> {
    const before = this.version;
    const r = this.match.applyInput(seat, action);
    if (!r.ok)
      return {
        ok: false,
        code: boundedCode(r.error.code),
        message: r.error.message.slice(0, 300),
      };
    const last = this.match.actions[before] as { seat: number; action: unknown; chain?: unknown };
    const row: StoredAction = {
      version: before + 1,
      seat,
      action: last.action,
      hash: this.match.hash(),
      chain: typeof last.chain === 'string' ? last.chain : null,
      clientSeq,
    };
    let stored: AppendResult;
    try {
      stored = await this.deps.storage.appendAction(this.stored.id, row);
    } catch (error) {
      // Not committed: the in-memory match is ahead of the store; rebuild it from the store.
      this.deps.log.error({ err: error, match: this.stored.id }, 'storing an action failed');
      await this.rebuild(before);
      return {
        ok: false,
        code: 'internal_error',
        message: 'the action could not be stored; try again',
      };
    }
    if (stored.status === 'ok') {
      this.broadcast(before + 1);
      await this.afterChange();
      return { ok: true, version: before + 1, duplicate: false };
    }
    // Another process got there first: drop what was applied here, take the stored history.
    await this.rebuild(before);
    if (stored.status === 'duplicate')
      return { ok: true, version: stored.version, duplicate: true };
    return {
      ok: false,
      code: 'version_conflict',
      message: `another action was stored at version ${String(before + 1)} first; nothing was applied: look at the new state and send a new act`,
    };
  }

  /**
   * Replaces the in-memory match with the stored history: replays up to the version the
   * connections saw, then applies (and broadcasts) each later action one at a time.
   */
  private async rebuild(seenVersion: number): Promise<void> {
    const rows = await this.deps.storage.listActions(this.stored.id, 0);
    const seen = Math.min(seenVersion, rows.length);
    const restored = restoreLiveMatch(this.hosted, this.stored, rows.slice(0, seen));
    if (!restored.ok || !this.applyRows(restored.match, rows.slice(seen))) {
      const problem = restored.ok
        ? { code: 'hash_mismatch', message: 'the stored history does not replay to its hashes' }
        : restored.problem;
      await this.quarantine(problem.code, problem.message);
      return;
    }
    this.rememberRows(rows);
    await this.afterChange();
  }

  /** Applies stored rows to `match` (made current), broadcasting each; false on a mismatch. */
  private applyRows(match: Match, rows: readonly StoredAction[]): boolean {
    this.match = match;
    for (const row of rows) {
      if (row.version !== this.version + 1 || !this.match.applyInput(row.seat, row.action).ok)
        return false;
      this.broadcast(row.version);
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
      const rows = await this.deps.storage.listActions(this.stored.id, this.version);
      if (rows.length === 0) return;
      if (!this.applyRows(this.match, rows)) {
        // What was applied (and broadcast) came from the store; rebuild from there.
        await this.rebuild(this.version);
        return;
      }
      this.rememberRows(rows);
      await this.afterChange();
    })();
  }

  private async quarantine(code: string, message: string): Promise<void> {
    this.closed = true;
    this.clearTimer();
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

  /** Sends the update of `version` to every connection, redacted per seat. */
  private broadcast(version: number): void {
    const entry = this.match.log[version];
    if (entry === undefined) return;
    const isSecret = (a: ActionBase): boolean => this.match.engine.isSecretAction(a);
    const texts = new Map<number | null, string>();
    for (const session of this.sessions) {
      let text = texts.get(session.seat);
      if (text === undefined) {
        const seat = session.seat ?? 'spectator';
        const message: UpdateMessage = {
          type: 'update',
          match: this.stored.id,
          entry: redactLog<ActionBase>([entry], seat, isSecret)[0] as LogEntry,
          ...this.snapshot(session.seat),
        };
        text = JSON.stringify(message);
        texts.set(session.seat, text);
      }
      session.send(text);
    }
  }

  /** After every change: game over, bots to play, turn timer. */
  private async afterChange(): Promise<void> {
    this.clearTimer();
    if (this.closed) return;
    if (this.match.isOver) {
      if (this.stored.status === 'active') {
        await this.deps.storage.setStatus(this.stored.id, 'over', null);
        (this.stored as { status: string }).status = 'over';
      }
      return;
    }
    const bots = new Map(this.stored.config.bots.map((b) => [b.seat, b.bot]));
    const humans: number[] = [];
    for (const seat of this.match.toAct) {
      const kind = bots.get(seat);
      if (kind === undefined) humans.push(seat);
      else this.playBot(seat, kind);
    }
    const timer = this.stored.config.turnTimer;
    if (timer !== null && humans.length > 0) {
      const version = this.version;
      this.deadlineAt = this.deps.now() + timer.seconds * 1000;
      this.timer = setTimeout(() => {
        void this.enqueue(async () => {
          if (this.version !== version || this.closed) return;
          for (const seat of humans) {
            if (!this.match.toAct.includes(seat)) continue;
            await this.playFor(seat, timer.onTimeout === 'bot' ? 'random' : null);
          }
        }).catch((error: unknown) => this.deps.log.error({ err: error }, 'turn timer failed'));
      }, timer.seconds * 1000);
    }
  }

  private clearTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.deadlineAt = null;
  }

  /** Starts a bot decision for a seat at the current version (once). */
  private playBot(seat: number, kind: string): void {
    const key = `${String(seat)}:${String(this.version)}`;
    if (this.botPending.has(key)) return;
    this.botPending.add(key);
    void this.decideWithBot(seat, isServerBotKind(kind) ? kind : 'random')
      .then((action) =>
        this.enqueue(async () => {
          this.botPending.delete(key);
          if (this.closed || `${String(seat)}:${String(this.version)}` !== key) return;
          const r = await this.applyAndStore(seat, action, null);
          if (!r.ok && r.code !== 'version_conflict') await this.playFor(seat, null);
        }),
      )
      .catch((error: unknown) =>
        this.deps.log.error({ err: error, match: this.stored.id }, 'bot failed'),
      );
  }

  /** Plays the timeout default (or a bot's choice) for a seat, inside the queue. */
  private async playFor(seat: number, bot: 'random' | null): Promise<void> {
    const action =
      bot === null
        ? defaultAction(this.match.legalActions(seat), this.hosted.game)
        : await this.decideWithBot(seat, bot);
    if (action !== undefined) {
      const r = await this.applyAndStore(seat, action, null);
      if (!r.ok && bot !== null) await this.playFor(seat, null);
    }
  }

  private async decideWithBot(
    seat: number,
    kind: 'random' | 'auction-policy' | 'greedy' | 'mcts',
  ): Promise<unknown> {
    const legal = this.match.legalActions(seat);
    if (this.hosted.module === undefined) return defaultAction(legal, this.hosted.game);
    const r = await this.deps.bots.decide(
      {
        game: this.hosted.module,
        heuristic: this.hosted.heuristic ?? null,
        bot: kind,
        players: this.stored.setup.players,
        options: publicOptions(this.hosted.game, this.stored.setup.options),
        seat,
        view: this.match.view(seat),
        legalActions: legal,
        seed: botSeed(this.stored, seat, this.version),
        timeMs: this.deps.limits.botDecisionMs,
      },
      this.deps.limits.botDecisionMs,
    );
    if (r.ok) return r.action;
    this.deps.log.warn(
      { match: this.stored.id, seat, reason: r.reason, err: r.error },
      'bot decision failed: default action played',
    );
    return defaultAction(legal, this.hosted.game);
  }

  /** Starts bots and timers for a match just loaded or created. */
  start(): Promise<void> {
    return this.enqueue(() => this.afterChange());
  }

  /** Stops timers and closes every connection. */
  shutdown(code: number, reason: string): void {
    this.closed = true;
    this.clearTimer();
    for (const session of this.sessions) session.close(code, reason);
    this.sessions.clear();
    this.seats.clear();
  }
}
