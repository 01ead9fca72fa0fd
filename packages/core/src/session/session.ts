import type { CardDefinition } from '../cards/cards.js';
import { actionTraitsOf, type ActionTraitIndex } from '../define/action-traits.js';
import type { Game } from '../define/game.js';
import type { LogEntry } from '../log/log.js';
import type { SavedMatch } from '../log/save.js';
import { createMatch, type Match, type MatchSetup, type RestoreOptions } from '../match/match.js';
import { publicOptions } from '../match/public-setup.js';
import { restoreMatch } from '../match/restore-match.js';
import type { ActionBase } from '../model/action.js';
import type { GameResult } from '../model/match-state.js';
import type { Rejection } from '../result.js';
import type { GameView } from '../view/view.js';
import { cloneJson } from '../util/clone.js';
import { AudienceLog, freezeOwn } from './audience-log.js';
import type { SessionClock } from './clock.js';
import { DECISION_REQUEST, type DecisionPort, type DecisionRequest } from './decision-port.js';

/**
 * Settings of a match session (see {@link createSession}).
 * @public
 */
export interface SessionOptions {
  /**
   * Who decides for which seat: a {@link DecisionPort} per seat (bots, remote players). Seats
   * without a port are played by {@link MatchSession.submit} (people at this host).
   */
  readonly ports?: Readonly<Record<number, DecisionPort>>;
  /** The time source for turn clocks; required with `turnTime`. Never the wall clock by default. */
  readonly clock?: SessionClock;
  /**
   * Milliseconds a seat has for each decision; when they run out, the session plays the
   * seat's timeout action (its declared pass or decline, see `ActionTraitIndex.timeoutAction`).
   * No turn clock when left out.
   */
  readonly turnTime?: number;
  /** Seeds the ports' random streams (default `'ruleloom-session'`); never the match seed. */
  readonly botSeed?: string;
  /**
   * `'all'` (default): every seat awaited with a port is asked at once; `'first'`: only the
   * first seat awaited is asked, the others after it acted (reproducible runs such as
   * tournaments, where a stale answer must not consume a bot's random stream).
   */
  readonly ask?: 'all' | 'first';
}

/**
 * Why a port gave no playable action (the session waits on: a turn clock, if any, then plays
 * the seat's timeout action).
 * @public
 */
export interface SessionFailure {
  /** The seat whose port failed. */
  readonly seat: number;
  /** The match version it was asked at. */
  readonly version: number;
  /** `port_failed` when the port threw, else the rejection code of its action. */
  readonly code: string;
  /** What went wrong. */
  readonly message: string;
  /** The action the port answered (when it answered one). */
  readonly action?: unknown;
}

/**
 * The state of a session as a host sees it (no view: see {@link MatchSession.feed}). Frozen;
 * a new object after every change.
 * @public
 */
export interface SessionSnapshot {
  /** The number of accepted actions. */
  readonly version: number;
  /** Seats whose decision is awaited. */
  readonly toAct: readonly number[];
  /** Whether the match has ended. */
  readonly isOver: boolean;
  /** Winners, scores and ranks once over. */
  readonly result: GameResult | null;
  /** When the turn clock plays for the seats to act (the clock's time), or null. */
  readonly deadline: number | null;
  /** Seats whose port is deciding now. */
  readonly thinking: readonly number[];
  /** The last failure of a port, or null. */
  readonly failure: SessionFailure | null;
  /** Whether `close()` was called. */
  readonly closed: boolean;
}

/**
 * What one viewer (a seat or a spectator) may see of a session, as one frozen object that
 * changes identity only when the session changed: equal to `match.view(viewer)`,
 * `match.legalActions(viewer)` and `match.logFor(viewer)` at its version.
 * @public
 */
export interface SessionFeedSnapshot<TAction extends ActionBase = ActionBase> {
  /** The seat, or `'spectator'`. */
  readonly viewer: number | 'spectator';
  /** The number of accepted actions. */
  readonly version: number;
  /** What the viewer sees. */
  readonly view: GameView;
  /** The viewer's legal actions now (empty when it is not to act, and for spectators). */
  readonly legalActions: readonly TAction[];
  /** Seats whose decision is awaited. */
  readonly toAct: readonly number[];
  /** Whether the viewer is one of the seats to act. */
  readonly yourTurn: boolean;
  /** When the turn clock plays (the clock's time), or null. */
  readonly deadline: number | null;
  /** Whether the match has ended. */
  readonly isOver: boolean;
  /** Winners, scores and ranks once over. */
  readonly result: GameResult | null;
  /** The log as the viewer may see it, from entry 0 (the setup); each entry redacted once. */
  readonly log: readonly LogEntry<TAction>[];
}

/**
 * A viewer's feed: a store for `useSyncExternalStore` and the like.
 * @public
 */
export interface SessionFeed<TAction extends ActionBase = ActionBase> {
  /** Calls `listener` after every change of the session; returns the function that unsubscribes. */
  subscribe(listener: () => void): () => void;
  /** The viewer's current snapshot (the same object until the session changes). */
  getSnapshot(): SessionFeedSnapshot<TAction>;
}

/**
 * The answer to {@link MatchSession.submit}: the version the action made, or why it was
 * refused (the match is unchanged).
 * @public
 */
export type SessionActResult =
  | { readonly ok: true; readonly version: number }
  | { readonly ok: false; readonly error: Rejection };

/**
 * One actor that hosts a match: it applies actions one at a time in the order they arrive,
 * asks each awaited seat's {@link DecisionPort}, runs the turn clock, and tells subscribers.
 * @public
 */
export interface MatchSession<TState = unknown, TAction extends ActionBase = ActionBase> {
  /** The match (read it; apply only through {@link MatchSession.submit}). */
  readonly match: Match<TState, TAction>;
  /** Queues an action for a seat; resolves once it was applied or refused. */
  submit(seat: number, action: unknown): Promise<SessionActResult>;
  /** Calls `listener` after every change; returns the function that unsubscribes. */
  subscribe(listener: () => void): () => void;
  /** The current snapshot (the same object until something changes). */
  getSnapshot(): SessionSnapshot;
  /** The feed of one viewer (made once per viewer; anything but a seat is a spectator). */
  feed(viewer: number | 'spectator'): SessionFeed<TAction>;
  /** Resolves once no action is queued and no port is deciding. */
  whenIdle(): Promise<void>;
  /** The save of the match so far (`restoreMatch` or {@link restoreSession} restore it). */
  toJSON(): SavedMatch<TAction>;
  /** Stops the clock and closes every port; later submissions are refused. Idempotent. */
  close(): void;
}

interface Job {
  readonly seat: number;
  /** The action, or `timeout` for the seat's timeout action at `version`. */
  readonly action: unknown;
  readonly timeoutAt?: number;
  /** Only applied at this version (a port's answer). */
  readonly portVersion?: number;
  readonly done?: (r: SessionActResult) => void;
}

const TIMEOUT = Symbol('timeout');

class Session<TState, TAction extends ActionBase> implements MatchSession<TState, TAction> {
  private readonly listeners = new Set<() => void>();
  private readonly queue: Job[] = [];
  private working = false;
  private snapshot: SessionSnapshot;
  private readonly feeds = new Map<number | 'spectator', SessionFeed<TAction>>();
  private readonly traits: ActionTraitIndex;
  private readonly ports: ReadonlyMap<number, DecisionPort>;
  /** Seat to the version its port is deciding for. */
  private readonly asking = new Map<number, number>();
  /** `seat@version` of ports that failed (not asked again at that version). */
  private readonly failed = new Set<string>();
  private timer: unknown = undefined;
  private timerVersion = -1;
  private deadline: number | null = null;
  private failure: SessionFailure | null = null;
  private closed = false;
  private nextRequest = 0;
  private idleWaiters: (() => void)[] = [];
  private publicSetup: DecisionRequest['setup'] | undefined;

  constructor(
    readonly match: Match<TState, TAction>,
    private readonly options: SessionOptions,
  ) {
    if (options.turnTime !== undefined) {
      if (!(options.turnTime > 0 && Number.isFinite(options.turnTime)))
        throw new RangeError('turnTime must be a positive number of milliseconds');
      if (options.clock === undefined) throw new TypeError('turnTime needs a clock');
    }
    const players = match.engine.players;
    const ports = new Map<number, DecisionPort>();
    for (const [key, port] of Object.entries(options.ports ?? {})) {
      const seat = Number(key);
      if (!Number.isInteger(seat) || seat < 0 || seat >= players)
        throw new RangeError(
          `ports: seat ${key} is not a seat of a ${String(players)}-player match`,
        );
      if (port.needs === 'save' && match.logStart > 0)
        throw new RangeError(
          `ports: seat ${key}'s port needs the save, which a match resumed without its earlier actions cannot give`,
        );
      ports.set(seat, port);
    }
    this.ports = ports;
    this.traits = actionTraitsOf(match.engine.game);
    this.snapshot = this.makeSnapshot();
    this.afterChange();
  }

  get version(): number {
    return this.match.logStart + this.match.log.length - 1;
  }

  submit(seat: number, action: unknown): Promise<SessionActResult> {
    return new Promise((resolve) => {
      this.enqueue({ seat, action, done: resolve });
    });
  }

  subscribe(listener: () => void): () => void {
    const wrapped = (): void => listener();
    this.listeners.add(wrapped);
    return () => {
      this.listeners.delete(wrapped);
    };
  }

  getSnapshot(): SessionSnapshot {
    return this.snapshot;
  }

  feed(viewer: number | 'spectator'): SessionFeed<TAction> {
    const key = this.viewerOf(viewer);
    let feed = this.feeds.get(key);
    if (feed === undefined) {
      feed = this.makeFeed(key);
      this.feeds.set(key, feed);
    }
    return feed;
  }

  whenIdle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  toJSON(): SavedMatch<TAction> {
    return this.match.toJSON();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.stopTimer();
    for (const port of new Set(this.ports.values())) port.close?.();
    this.asking.clear();
    for (const job of this.queue.splice(0)) job.done?.({ ok: false, error: closedError() });
    this.publish();
    this.settleIdle();
  }

  private enqueue(job: Job): void {
    if (this.closed) {
      job.done?.({ ok: false, error: closedError() });
      return;
    }
    this.queue.push(job);
    if (this.working) return;
    this.working = true;
    try {
      // Subscribers told of a version may submit more: those jobs join the queue and are
      // applied by this same loop, after the change was published.
      for (let next = this.queue.shift(); next !== undefined; next = this.queue.shift())
        if (this.run(next)) this.afterChange();
    } finally {
      this.working = false;
    }
    this.settleIdle();
  }

  /** Applies one job; true when the match changed. */
  private run(job: Job): boolean {
    const match = this.match;
    let action = job.action;
    if (action === TIMEOUT) {
      if (job.timeoutAt !== this.version || !match.toAct.includes(job.seat)) return false;
      action = this.traits.timeoutAction(match.legalActions(job.seat));
    }
    if (job.portVersion !== undefined && job.portVersion !== this.version) return false;
    const r = match.applyInput(job.seat, action);
    if (!r.ok) {
      job.done?.(r);
      if (job.portVersion !== undefined) {
        this.failed.add(`${String(job.seat)}@${String(job.portVersion)}`);
        this.failure = freezeOwn({
          seat: job.seat,
          version: job.portVersion,
          code: r.error.code,
          message: r.error.message,
          action: safeCopy(action),
        });
        this.publish();
      }
      return false;
    }
    job.done?.({ ok: true, version: this.version });
    return true;
  }

  /** After the match changed: restart the clock, ask the ports, tell subscribers. */
  private afterChange(): void {
    if (this.closed) return;
    this.restartClock();
    this.askPorts();
    this.publish();
  }

  private restartClock(): void {
    const { turnTime, clock } = this.options;
    const version = this.version;
    if (turnTime === undefined || clock === undefined) return;
    if (this.timerVersion === version) return;
    this.stopTimer();
    if (this.match.isOver || this.match.toAct.length === 0) return;
    this.timerVersion = version;
    this.deadline = clock.now() + turnTime;
    this.timer = clock.setTimeout(() => {
      this.timer = undefined;
      if (this.closed || this.version !== version) return;
      for (const seat of this.match.toAct)
        this.enqueue({ seat, action: TIMEOUT, timeoutAt: version });
    }, turnTime);
  }

  private stopTimer(): void {
    if (this.timer !== undefined) this.options.clock?.clearTimeout(this.timer);
    this.timer = undefined;
    this.timerVersion = -1;
    this.deadline = null;
  }

  private askPorts(): void {
    if (this.match.isOver || this.ports.size === 0) return;
    const version = this.version;
    const toAct = this.match.toAct;
    const seats = this.options.ask === 'first' ? toAct.slice(0, 1) : toAct;
    for (const seat of seats) {
      const port = this.ports.get(seat);
      if (port === undefined || this.asking.get(seat) === version) continue;
      if (this.failed.has(`${String(seat)}@${String(version)}`)) continue;
      this.asking.set(seat, version);
      const request = this.request(seat, version, port);
      let answer: Promise<unknown>;
      try {
        answer = Promise.resolve(port.decide(request, { match: this.match as unknown as Match }));
      } catch (e) {
        answer = Promise.reject(e instanceof Error ? e : new Error(String(e)));
      }
      void answer.then(
        (action) => {
          if (this.asking.get(seat) !== version) return;
          this.asking.delete(seat);
          if (this.closed) return this.settleIdle();
          if (this.version !== version) {
            this.publish();
            this.askPorts();
            return this.settleIdle();
          }
          this.enqueue({ seat, action, portVersion: version });
          this.publish();
        },
        (error: unknown) => {
          if (this.asking.get(seat) !== version) return;
          this.asking.delete(seat);
          if (!this.closed) {
            this.failed.add(`${String(seat)}@${String(version)}`);
            this.failure = freezeOwn({
              seat,
              version,
              code: 'port_failed',
              message:
                error instanceof Error ? error.message.slice(0, 500) : 'the decision port failed',
            });
            this.publish();
          }
          this.settleIdle();
        },
      );
    }
  }

  private request(seat: number, version: number, port: DecisionPort): DecisionRequest {
    const match = this.match;
    const game = match.engine.game;
    this.publicSetup ??= freezeOwn({
      players: match.setup.players,
      options: { ...publicOptions(game, match.setup.options as Record<string, unknown>) },
    });
    return {
      type: DECISION_REQUEST,
      id: ++this.nextRequest,
      game: { id: game.id, rulesVersion: game.rulesVersion },
      setup: this.publicSetup,
      ...(port.needs === 'save' ? { save: match.toJSON() } : {}),
      seat,
      version,
      view: match.view(seat),
      legalActions: match.legalActions(seat),
      deadline: this.deadline,
      seed: `${this.options.botSeed ?? 'ruleloom-session'}:${String(seat)}:${String(version)}`,
      ...(port.player === undefined ? {} : { player: port.player }),
    };
  }

  private isIdle(): boolean {
    return this.closed || (this.queue.length === 0 && !this.working && this.asking.size === 0);
  }

  private settleIdle(): void {
    if (!this.isIdle() || this.idleWaiters.length === 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const w of waiters) w();
  }

  private makeSnapshot(): SessionSnapshot {
    const match = this.match;
    return Object.freeze({
      version: this.version,
      toAct: Object.freeze([...match.toAct]),
      isOver: match.isOver,
      result: match.result === null ? null : freezeOwn(copyResult(match.result)),
      deadline: this.deadline,
      thinking: Object.freeze([...this.asking.keys()].sort((a, b) => a - b)),
      failure: this.failure,
      closed: this.closed,
    });
  }

  private publish(): void {
    const prev = this.snapshot;
    const next = this.makeSnapshot();
    if (
      prev.version === next.version &&
      prev.deadline === next.deadline &&
      prev.failure === next.failure &&
      prev.closed === next.closed &&
      sameList(prev.thinking, next.thinking)
    )
      return;
    this.snapshot = next;
    for (const listener of [...this.listeners]) listener();
  }

  private makeFeed(viewer: number | 'spectator'): SessionFeed<TAction> {
    const match = this.match;
    const log = new AudienceLog<TAction>(viewer, (a) => match.engine.isSecretAction(a));
    let cached: SessionFeedSnapshot<TAction> | undefined;
    let view: GameView | undefined;
    let legal: readonly TAction[] = Object.freeze([]);
    let at = -1;
    return {
      subscribe: (listener) => this.subscribe(listener),
      getSnapshot: () => {
        const s = this.snapshot;
        if (cached !== undefined && at === s.version && cached.deadline === s.deadline)
          return cached;
        if (at !== s.version || view === undefined) {
          at = s.version;
          view = freezeOwn(match.view(viewer));
          legal =
            viewer === 'spectator'
              ? Object.freeze([])
              : freezeOwn(match.legalActions(viewer).map((a) => copyAction(a)));
        }
        cached = Object.freeze({
          viewer,
          version: s.version,
          view,
          legalActions: legal,
          toAct: s.toAct,
          yourTurn: viewer !== 'spectator' && s.toAct.includes(viewer),
          deadline: s.deadline,
          isOver: s.isOver,
          result: s.result,
          log: log.upTo(match.log),
        });
        return cached;
      },
    };
  }

  /** Anything but a seat of this match is a spectator. */
  private viewerOf(viewer: unknown): number | 'spectator' {
    return typeof viewer === 'number' &&
      Number.isInteger(viewer) &&
      viewer >= 0 &&
      viewer < this.match.engine.players
      ? viewer === 0
        ? 0
        : viewer
      : 'spectator';
  }
}

function closedError(): Rejection {
  return { code: 'session_closed', message: 'the session is closed' };
}

function sameList(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function copyResult(result: GameResult): GameResult {
  return {
    winners: [...result.winners],
    scores: [...result.scores],
    ranks: [...result.ranks],
  };
}

/** A frozen action a game shares (St. Augustine's lists) is kept; others are copied. */
function copyAction<T>(action: T): T {
  return Object.isFrozen(action) ? action : cloneJson(action);
}

/** A bounded copy of what a port answered, for the failure report. */
function safeCopy(value: unknown): unknown {
  try {
    const text = JSON.stringify(value);
    return text === undefined || text.length > 2000 ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/**
 * Starts a session on a new match. Throws a `SetupError` for an invalid setup (as
 * `createMatch` does); use `validateSetup` first for setups from users.
 *
 * @example
 * ```ts
 * import { pig } from '@ruleloom/core/games';
 * import { createSession, inlinePort } from '@ruleloom/core/session';
 *
 * const session = createSession(pig, { seed: 1, players: 2 }, {
 *   ports: { 1: inlinePort((request) => request.legalActions[0]) },
 * });
 * const feed = session.feed(0);
 * await session.submit(0, feed.getSnapshot().legalActions[0]);
 * ```
 * @public
 */
export function createSession<
  TState,
  TAction extends ActionBase,
  TOptions,
  TCard extends CardDefinition,
>(
  game: Game<TState, TAction, TOptions, TCard>,
  setup: MatchSetup<NoInfer<TOptions>>,
  options: SessionOptions = {},
): MatchSession<TState, TAction> {
  return new Session(createMatch(game, setup), options);
}

/**
 * Hosts an existing match (a resumed or restored one) in a session. Apply to the match only
 * through the session from then on.
 * @public
 */
export function sessionOf<TState, TAction extends ActionBase>(
  match: Match<TState, TAction>,
  options: SessionOptions = {},
): MatchSession<TState, TAction> {
  return new Session(match, options);
}

/**
 * Restores a saved match (see `restoreMatch`: every check, never throws on a bad save) and
 * hosts it in a session.
 * @public
 */
export function restoreSession<
  TState,
  TAction extends ActionBase,
  TOptions,
  TCard extends CardDefinition,
>(
  game: Game<TState, TAction, TOptions, TCard>,
  saved: unknown,
  options: SessionOptions & RestoreOptions = {},
):
  | { readonly ok: true; readonly session: MatchSession<TState, TAction> }
  | { readonly ok: false; readonly error: Rejection } {
  const restored = restoreMatch(game, saved, options.key === undefined ? {} : { key: options.key });
  if (!restored.ok) return restored;
  return { ok: true, session: new Session(restored.match, options) };
}
