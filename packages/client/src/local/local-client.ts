import {
  createMatch,
  publicOptions,
  type ActionBase,
  type AnyGame,
  type Game,
  type Match,
  type MatchSetup,
  type Rejection,
  type SavedMatch,
} from '@ruleloom/core';
import type { ActResult, ClientSnapshot, RulesClient } from '../snapshot/client-snapshot.js';
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
  /** Seeds the bots' random streams (default `'ruleloom-local'`); never the match seed. */
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
}

/** A match in the page; the snapshot shows only the seat whose turn it is (hot-seat). */
export class LocalMatchClient<TAction extends ActionBase> implements LocalClient<TAction> {
  private readonly store = new SnapshotStore<TAction>(initialSnapshot<TAction>('local'));
  private readonly match: Match<unknown, TAction>;
  private readonly botSeats: ReadonlyMap<number, string>;
  private readonly publicOpts: Readonly<Record<string, unknown>>;
  private shownSeat: number;
  private driving: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(private readonly options: LocalClientOptions) {
    const game = options.game as Game<unknown, TAction, unknown>;
    this.match = createMatch(game, options.setup);
    const seats = new Map<number, string>();
    for (const [seat, bot] of Object.entries(options.bots ?? {})) {
      const n = Number(seat);
      if (!Number.isInteger(n) || n < 0 || n >= options.setup.players)
        throw new RangeError(
          `bots: seat ${seat} is not a seat of a ${String(options.setup.players)}-player match`,
        );
      seats.set(n, bot);
    }
    if (seats.size > 0 && options.botRunner === undefined)
      throw new TypeError('bots need a botRunner (createWorkerBotRunner or createInlineBotRunner)');
    this.botSeats = seats;
    this.publicOpts = publicOptions(options.game, options.setup.options);
    const humans = Array.from({ length: options.setup.players }, (_, s) => s).filter(
      (s) => !seats.has(s),
    );
    this.shownSeat = humans[0] ?? 0;
    this.store.update({ game: options.game.id, players: options.setup.players });
    this.publish();
    this.drive();
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

  whenIdle(): Promise<void> {
    return this.driving;
  }

  save(): SavedMatch<TAction> {
    return this.match.toJSON();
  }

  act(action: TAction): Promise<ActResult> {
    if (this.closed)
      return Promise.resolve(
        this.refuse({ code: 'client_closed', message: 'the client is closed' }),
      );
    const seat = this.shownSeat;
    if (this.botSeats.has(seat) || !this.match.toAct.includes(seat))
      return Promise.resolve(
        this.refuse({
          code: 'not_your_turn',
          message: `no seat of this page is to act now (waiting for seat ${this.match.toAct.join(', ')})`,
        }),
      );
    const r = this.match.applyInput(seat, action);
    if (!r.ok) return Promise.resolve(this.refuse(r.error));
    this.store.update({ lastRejection: null });
    this.publish();
    this.drive();
    return Promise.resolve({ ok: true, version: this.match.actions.length });
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
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

  /** Shows the first human seat to act (hot-seat), else keeps the seat shown. */
  private publish(): void {
    const m = this.match;
    const human = m.toAct.find((s) => !this.botSeats.has(s));
    if (human !== undefined) this.shownSeat = human;
    const seat = this.shownSeat;
    this.store.update({
      seat,
      version: m.actions.length,
      view: m.view(seat),
      toAct: m.toAct,
      legalActions:
        m.isOver || !m.toAct.includes(seat) || this.botSeats.has(seat) ? [] : m.legalActions(seat),
      log: m.logFor(seat).slice(1),
      isOver: m.isOver,
      result: m.result,
    });
  }

  /** Plays bots while a bot seat is to act; one chain at a time. */
  private drive(): void {
    this.driving = this.driving.then(() => this.playBots());
  }

  private async playBots(): Promise<void> {
    const runner = this.options.botRunner;
    while (!this.closed && !this.match.isOver && runner !== undefined) {
      const seat = this.match.toAct.find((s) => this.botSeats.has(s));
      if (seat === undefined) return;
      const version = this.match.actions.length;
      this.store.update({ thinking: [seat] });
      let action: unknown;
      try {
        action = await runner.decide({
          bot: this.botSeats.get(seat)!,
          game: this.options.game.id,
          players: this.options.setup.players,
          options: this.publicOpts,
          seat,
          view: this.match.view(seat),
          legalActions: this.match.legalActions(seat),
          seed: `${this.options.botSeed ?? 'ruleloom-local'}:${String(seat)}:${String(version)}`,
        });
      } catch (e) {
        if (this.closed) return;
        this.stopBots(
          `the bot of seat ${String(seat)} failed: ${e instanceof Error ? e.message.slice(0, 200) : 'unknown error'}`,
        );
        return;
      }
      if (this.closed) return;
      const r = this.match.applyInput(seat, action);
      if (!r.ok) {
        this.stopBots(
          `the bot of seat ${String(seat)} chose an illegal action (${r.error.code}: ${r.error.message.slice(0, 200)})`,
        );
        return;
      }
      this.store.update({ thinking: [] });
      this.publish();
    }
  }

  private stopBots(message: string): void {
    this.store.update({ thinking: [], lastRejection: { code: 'bot_failed', message } });
  }
}
