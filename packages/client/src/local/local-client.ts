import {
  createMatch,
  takeBack,
  type ActionBase,
  type AnyGame,
  type Game,
  type LogEntry,
  type Match,
  type MatchSetup,
  type Rejection,
  type SavedMatch,
} from '@ruleloom/core';
import {
  createSession,
  sessionOf,
  type DecisionPort,
  type DecisionRequest,
  type MatchSession,
  type SessionFailure,
} from '@ruleloom/core/session';
import type {
  ActResult,
  ChatResult,
  ClientSnapshot,
  LoadEarlierLogResult,
  RulesClient,
} from '../snapshot/client-snapshot.js';
import { initialSnapshot, SnapshotStore } from '../snapshot/snapshot-store.js';
import type { BotRunner } from './bot-runner.js';

/**
 * Settings of a local client (`createClient({ type: 'local', ... })`): a whole match in
 * the page, hot-seat for every seat without a bot.
 * @public
 */
export interface LocalClientOptions<TGame extends AnyGame = AnyGame> {
  /** Selects local mode. */
  readonly type: 'local';
  /** The game (or variant) to play. */
  readonly game: TGame;
  /** Seed, player count and options (as for `createMatch`). */
  readonly setup: MatchSetup;
  /** Seats played by bots: seat number to the bot's name in `botRunner`. */
  readonly bots?: Readonly<Record<number, string>>;
  /** Where bots think (required when `bots` is not empty). */
  readonly botRunner?: BotRunner;
  /** Display names by seat, shown as the snapshot's `names` (default: none). */
  readonly names?: readonly (string | null)[];
  /**
   * Seats played through decision ports (`@ruleloom/core/session`), for example
   * `messagePort(worker, { player: 'random' })` whose worker calls {@link serveBots} (the port's
   * `player` names the bot) or `serveDecisions`. A seat has a bot or a port, not both.
   */
  readonly ports?: Readonly<Record<number, DecisionPort>>;
  /**
   * Seeds the bots' random streams; never the match seed. By default a fresh 128-bit secret
   * from the platform's cryptographic generator (`crypto.getRandomValues`), so a person at the
   * table cannot compute a bot's next move from what the page shows; pass one (and keep it) to
   * reproduce the bots' moves.
   */
  readonly botSeed?: string;
}

/**
 * A local client: the {@link RulesClient} API, plus a save of the match and a way to wait
 * for the bots.
 * @public
 */
export interface LocalClient<TAction extends ActionBase = ActionBase> extends RulesClient<TAction> {
  /** Resolves once no bot is thinking (at once when none is). */
  whenIdle(): Promise<void>;
  /** The save of the match so far (for `restoreMatch`, `ruleloom replay` or a replay viewer). */
  save(): SavedMatch<TAction>;
  /**
   * The secret that seeds the bots' random streams (the `botSeed` option, or the fresh one):
   * keep it with a save to reproduce or audit the bots' moves; never show it to a player.
   */
  readonly botSeed: string;
  /**
   * Takes back the last move of a person (a seat without a bot) and the bots' moves after it,
   * when the game declares those actions `undoable` and nothing hidden came out since (no
   * random draw, no card newly seen, no reveal: core's `takeBack`). Refused otherwise, as a
   * value (`nothing_to_undo`, `not_undoable`, `revealed`, `bot_thinking`); the match is then
   * unchanged.
   */
  undo(): ActResult;
  /**
   * Whether {@link LocalClient.undo} would take a move back now: the same checks (a person's
   * move to take back, no bot thinking, the game's declared `undoable` actions, nothing hidden
   * came out since: core's `takeBack`) without changing the match. A page offers "Take back"
   * only while this holds (a game that declares no undoable action never offers it).
   */
  canUndo(): boolean;
  /**
   * Why {@link LocalClient.undo} would be refused now (the rejection it would return), or null
   * when it would take a move back: a page that shows "Take back" disabled says this.
   */
  undoRefusal(): Rejection | null;
  /**
   * Plays again the moves the last {@link LocalClient.undo} took back (the person's move and
   * the bots' after it, as they were played). Undos stack: redos replay them in the reverse
   * order. Any new move clears them. Refused as a value (`nothing_to_redo`, `bot_thinking`,
   * `client_closed`); the match is then unchanged.
   */
  redo(): ActResult;
  /** Whether {@link LocalClient.redo} would play moves again now. */
  canRedo(): boolean;
  /** Why {@link LocalClient.redo} would be refused now, or null when it would play moves again. */
  redoRefusal(): Rejection | null;
}

/** One seat's action, as a match holds it. */
interface Played<TAction> {
  readonly seat: number;
  readonly action: TAction;
}

/**
 * A match in the page, hosted by a match session (`@ruleloom/core/session`): the snapshot is
 * the session's feed for the seat on screen (hot-seat: the first seat without a bot whose
 * turn it is), and bots are decision ports over the `botRunner`.
 */
export class LocalMatchClient<TAction extends ActionBase> implements LocalClient<TAction> {
  private readonly store = new SnapshotStore<TAction>(initialSnapshot<TAction>('local'));
  private session: MatchSession<unknown, TAction>;
  /** The seats' decision ports as given (the session gets shields: a take-back keeps them). */
  private readonly ports: Readonly<Record<number, DecisionPort>>;
  private unsubscribe: () => void;
  private readonly botSeats: ReadonlyMap<number, string>;
  private shownSeat: number;
  private failure: SessionFailure | null = null;
  /** Per seat shown: the feed's log entries from 1 on, in a plain array that only grows. */
  private readonly logs = new Map<number, LogEntry<TAction>[]>();
  private closed = false;
  /** The moves each undo took back, the last undo's last; they hold while `redoAt` does. */
  private redoStack: (readonly Played<TAction>[])[] = [];
  /** The match's action count the redo stack belongs to (any other count clears it). */
  private redoAt = -1;
  readonly botSeed: string;

  constructor(private readonly options: LocalClientOptions) {
    const game = options.game as Game<unknown, TAction, unknown>;
    const seats = new Map<number, string>();
    for (const [seat, bot] of Object.entries(options.bots ?? {})) {
      const n = Number(seat);
      if (!Number.isInteger(n) || n < 0 || n >= options.setup.players)
        throw new RangeError(
          `bots: seat ${seat} is not a seat of a ${String(options.setup.players)}-player match`,
        );
      seats.set(n, bot);
    }
    const runner = options.botRunner;
    if (seats.size > 0 && runner === undefined)
      throw new TypeError('bots need a botRunner (createWorkerBotRunner or createInlineBotRunner)');
    const ports: Record<number, DecisionPort> = {};
    if (runner !== undefined)
      for (const [seat, bot] of seats) ports[seat] = runnerPort(runner, bot);
    for (const [seat, port] of Object.entries(options.ports ?? {})) {
      const n = Number(seat);
      if (!Number.isInteger(n) || n < 0 || n >= options.setup.players || seats.has(n))
        throw new RangeError(
          `ports: seat ${seat} is not a seat of a ${String(options.setup.players)}-player match without a bot`,
        );
      ports[n] = port;
      seats.set(n, port.player ?? 'port');
    }
    this.botSeats = seats;
    this.botSeed = options.botSeed ?? freshSecret();
    this.ports = ports;
    this.session = createSession(game, options.setup, this.sessionOptions());
    const humans = Array.from({ length: options.setup.players }, (_, s) => s).filter(
      (s) => !seats.has(s),
    );
    this.shownSeat = humans[0] ?? 0;
    this.store.update({
      game: options.game.id,
      players: options.setup.players,
      names: options.names ?? [],
    });
    this.unsubscribe = this.session.subscribe(() => {
      this.publish();
    });
    this.publish();
  }

  /**
   * The session's options: the ports behind shields (closing a session, as a take-back does,
   * must not stop a bot's worker), and the bots' secret.
   */
  private sessionOptions(): { ports: Record<number, DecisionPort>; botSeed: string } {
    const shields: Record<number, DecisionPort> = {};
    for (const [seat, port] of Object.entries(this.ports))
      shields[Number(seat)] = {
        ...(port.player === undefined ? {} : { player: port.player }),
        ...(port.needs === undefined ? {} : { needs: port.needs }),
        decide: (request, local) => port.decide(request, local),
      };
    return { ports: shields, botSeed: this.botSeed };
  }

  /** What an undo would come to now: the match it leaves, or why it is refused. */
  private undoTarget():
    { readonly match: Match<unknown, TAction> } | { readonly error: Rejection } {
    if (this.closed) return { error: { code: 'client_closed', message: 'the client is closed' } };
    if (this.session.getSnapshot().thinking.length > 0)
      return {
        error: {
          code: 'bot_thinking',
          message: 'a bot is thinking: take back after it has played',
        },
      };
    const match = this.session.match;
    const actions = match.actions;
    let last = actions.length - 1;
    while (last >= 0 && this.botSeats.has(actions[last]!.seat)) last--;
    if (last < 0)
      return {
        error: { code: 'nothing_to_undo', message: 'there is no move of yours to take back' },
      };
    const back = takeBack(match, actions.length - last);
    return back.ok ? { match: back.match } : { error: back.error };
  }

  canUndo(): boolean {
    return 'match' in this.undoTarget();
  }

  undoRefusal(): Rejection | null {
    const target = this.undoTarget();
    return 'error' in target ? target.error : null;
  }

  undo(): ActResult {
    const target = this.undoTarget();
    if ('error' in target) return this.refuse(target.error);
    const actions = this.session.match.actions;
    const kept = target.match.actions.length;
    // The moves taken back wait for a redo, on top of the earlier undos' (while they still hold).
    if (this.redoAt !== actions.length) this.redoStack = [];
    this.redoStack.push(actions.slice(kept).map(({ seat, action }) => ({ seat, action })));
    this.redoAt = kept;
    this.switchTo(target.match);
    return { ok: true, version: kept };
  }

  /** What a redo would come to now: the match with the moves played again, or why not. */
  private redoTarget():
    { readonly match: Match<unknown, TAction> } | { readonly error: Rejection } {
    if (this.closed) return { error: { code: 'client_closed', message: 'the client is closed' } };
    const match = this.session.match;
    const moves = this.redoStack.at(-1);
    if (moves === undefined || this.redoAt !== match.actions.length)
      return {
        error: {
          code: 'nothing_to_redo',
          message:
            this.redoStack.length === 0
              ? 'no move was taken back'
              : 'a move was played since the take-back',
        },
      };
    if (this.session.getSnapshot().thinking.length > 0)
      return {
        error: { code: 'bot_thinking', message: 'a bot is thinking: redo after it has played' },
      };
    // The match replayed from its setup with its actions, then the moves taken back.
    const again = createMatch(match.engine.game, match.setup);
    for (const { seat, action } of [...match.actions, ...moves]) {
      const r = again.apply(seat, action);
      if (!r.ok) return { error: r.error };
    }
    return { match: again };
  }

  canRedo(): boolean {
    return 'match' in this.redoTarget();
  }

  redoRefusal(): Rejection | null {
    const target = this.redoTarget();
    return 'error' in target ? target.error : null;
  }

  redo(): ActResult {
    const target = this.redoTarget();
    if ('error' in target) return this.refuse(target.error);
    this.redoStack.pop();
    this.redoAt = target.match.actions.length;
    this.switchTo(target.match);
    return { ok: true, version: target.match.actions.length };
  }

  /** Hosts `match` in a new session (the feeds' logs only grow, so they start anew). */
  private switchTo(match: Match<unknown, TAction>): void {
    this.unsubscribe();
    this.session.close();
    this.logs.clear();
    this.session = sessionOf(match, this.sessionOptions());
    this.unsubscribe = this.session.subscribe(() => {
      this.publish();
    });
    this.store.update({ lastRejection: null });
    this.publish();
  }

  subscribe(listener: () => void): () => void {
    return this.store.subscribe(listener);
  }

  getSnapshot(): ClientSnapshot<TAction> {
    return this.store.get();
  }

  isLegal(action: unknown): boolean {
    return this.store.isLegal(action);
  }

  sendChat(): Promise<ChatResult> {
    return Promise.resolve({
      ok: false,
      error: { code: 'chat_unavailable', message: 'a local match has no chat' },
    });
  }

  loadEarlierLog(): Promise<LoadEarlierLogResult> {
    // The whole log is here from version 1 on.
    return Promise.resolve({ ok: true, added: 0, complete: true });
  }

  whenIdle(): Promise<void> {
    return this.session.whenIdle();
  }

  save(): SavedMatch<TAction> {
    return this.session.toJSON();
  }

  async act(action: TAction): Promise<ActResult> {
    if (this.closed) return this.refuse({ code: 'client_closed', message: 'the client is closed' });
    const seat = this.shownSeat;
    const toAct = this.session.getSnapshot().toAct;
    if (this.botSeats.has(seat) || !toAct.includes(seat))
      return this.refuse({
        code: 'not_your_turn',
        message: `no seat of this page is to act now (waiting for seat ${toAct.join(', ')})`,
      });
    const r = await this.session.submit(seat, action);
    if (!r.ok) return this.refuse(r.error);
    // A new move: the moves taken back are not played again.
    this.redoStack = [];
    this.store.update({ lastRejection: null });
    return { ok: true, version: r.version };
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.session.close();
    for (const port of new Set(Object.values(this.ports))) port.close?.();
    this.options.botRunner?.close();
    this.store.update({
      status: 'closed',
      thinking: [],
      closeReason: { code: 'closed_by_client', message: 'close() was called' },
    });
  }

  private refuse(error: Rejection): ActResult {
    this.store.update({ lastRejection: error });
    return { ok: false, error };
  }

  /**
   * The log from entry 1 for the snapshot: the feed's new entries are appended to a plain
   * array, and a frozen copy of it is handed out (slicing the feed's frozen list would walk it
   * element by element on every action).
   */
  private logFrom1(seat: number, log: readonly LogEntry<TAction>[]): readonly LogEntry<TAction>[] {
    let own = this.logs.get(seat);
    if (own === undefined) {
      own = [];
      this.logs.set(seat, own);
    }
    for (let i = own.length + 1; i < log.length; i++) own.push(log[i] as LogEntry<TAction>);
    return Object.freeze(own.slice());
  }

  /** Shows the first human seat to act (hot-seat), else keeps the seat shown. */
  private publish(): void {
    if (this.closed) return;
    const session = this.session.getSnapshot();
    const human = session.toAct.find((s) => !this.botSeats.has(s));
    if (human !== undefined) this.shownSeat = human;
    const seat = this.shownSeat;
    const feed = this.session.feed(seat).getSnapshot();
    const change: { -readonly [K in keyof ClientSnapshot<TAction>]?: ClientSnapshot<TAction>[K] } =
      {
        seat,
        version: feed.version,
        view: feed.view,
        toAct: feed.toAct,
        legalActions: this.botSeats.has(seat) ? [] : feed.legalActions,
        log: this.logFrom1(seat, feed.log),
        isOver: feed.isOver,
        result: feed.result,
        thinking: session.thinking,
      };
    if (session.failure !== null && session.failure !== this.failure) {
      this.failure = session.failure;
      const f = session.failure;
      change.lastRejection = {
        code: 'bot_failed',
        message:
          f.code === 'port_failed'
            ? `the bot of seat ${String(f.seat)} failed: ${f.message.slice(0, 200)}`
            : `the bot of seat ${String(f.seat)} chose an illegal action (${f.code}: ${f.message.slice(0, 200)})`,
      };
    }
    const before = this.store.get();
    // A new version (or another seat on screen) brings a new view, legal actions and log from
    // the feed, frozen already: no need to compare them with the old ones.
    this.store.update(
      change,
      before.version !== feed.version || before.seat !== seat ? FRESH_PER_VERSION : undefined,
    );
  }
}

/**
 * A fresh secret: 128 bits from the platform's cryptographic generator (Web Crypto, in every
 * browser and in Node 20), as hex. Not a source of game randomness: matches stay seeded.
 */
function freshSecret(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The snapshot fields a feed makes anew for each version. */
const FRESH_PER_VERSION: ReadonlySet<string> = new Set(['view', 'legalActions', 'log']);

/** A decision port that asks the runner (in a worker, or inline) for one bot's decision. */
function runnerPort(runner: BotRunner, bot: string): DecisionPort {
  return {
    player: bot,
    decide: (request: DecisionRequest) =>
      runner.decide({
        bot,
        game: request.game.id,
        players: request.setup.players,
        options: request.setup.options,
        seat: request.seat,
        view: request.view,
        legalActions: request.legalActions,
        seed: request.seed,
      }),
  };
}
