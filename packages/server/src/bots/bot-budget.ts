import type { BotRequest } from './bot-worker.js';

/**
 * How bot thinking is shared on one server: the per-server budget (worker threads, decisions
 * thinking at once), the per-creator budget (threads one creator's bots may hold at once,
 * bot seats one creator and the whole server may have) and the slice one decision may think.
 * Every field has a default (see {@link DEFAULT_BOT_BUDGET}).
 * @public
 */
export interface BotBudget {
  /**
   * Longest time one bot decision thinks, in ms (the search bots' time budget); less when
   * its clock (`limits.botDecisionMs`, counted from when the decision was asked, queue time
   * included) has less left. Default 400.
   */
  readonly thinkMs: number;
  /**
   * Decisions of one creator's bots that think at once (at most the server's threads): one
   * creator never holds more cores than this. Default 1.
   */
  readonly threadsPerCreator: number;
  /**
   * Bot seats one creator may have in unfinished matches this process holds; a create past
   * it answers HTTP 429 `bot_budget_exceeded`. Default 16.
   */
  readonly seatsPerCreator: number;
  /**
   * Bot seats in unfinished matches this process holds, all creators together; a create past
   * it answers HTTP 429 `bot_budget_exceeded`. Default 256.
   */
  readonly maxSeats: number;
}

/**
 * The default {@link BotBudget}.
 * @public
 */
export const DEFAULT_BOT_BUDGET: BotBudget = {
  thinkMs: 400,
  threadsPerCreator: 1,
  seatsPerCreator: 16,
  maxSeats: 256,
};

/** The defaults with the given settings on top; throws a RangeError on a nonsensical value. */
export function resolveBotBudget(settings: Partial<BotBudget> | undefined): BotBudget {
  const budget: BotBudget = { ...DEFAULT_BOT_BUDGET, ...settings };
  for (const [key, value] of Object.entries(budget))
    if (typeof value !== 'number' || !(value > 0) || !Number.isFinite(value))
      throw new RangeError(`botBudget.${key} must be a positive number`);
  return budget;
}

/** What a bot decision came to. */
export type BotDecision =
  | { readonly ok: true; readonly action: unknown }
  | { readonly ok: false; readonly reason: 'timeout' | 'error'; readonly error?: unknown };

/** Runs one decision on a worker within `budgetMs` (the {@link BotRunner}). */
export interface BotExecutor {
  decide(task: BotRequest, budgetMs: number): Promise<BotDecision>;
  close(): Promise<void>;
}

/** Whose decision it is: the match's creator and the match. */
export interface BotOwner {
  readonly creator: string;
  readonly match: string;
}

interface Job {
  readonly owner: BotOwner;
  readonly task: BotRequest;
  /** When the decision's clock runs out (ms, from `now`). */
  readonly deadline: number;
  readonly resolve: (decision: BotDecision) => void;
}

/** A creator's waiting decisions, by match, served round-robin. */
interface CreatorQueue {
  readonly matches: Map<string, MatchQueue>;
  running: number;
  /** When it was last served (a counter; 0: never), for least-recently-served order. */
  served: number;
}

interface MatchQueue {
  readonly jobs: Job[];
  served: number;
}

/** Below this much clock left, a decision is not started: its seat gets the default at once. */
const MIN_THINK_MS = 20;
/** Time kept back from a decision's clock for the worker's answer to arrive. */
const ANSWER_MARGIN_MS = 100;

/**
 * Fair scheduling of bot decisions: at most `threads` think at once (so a worker is never
 * asked to queue), at most `threadsPerCreator` of one creator; a free thread goes to the
 * creator served least recently (round-robin across creators, a newcomer first), and within
 * it to its match served least recently. Each decision thinks for at most `thinkMs`, and never
 * past its clock: one creator's many all-bot matches cannot starve other matches' bots.
 */
export class BotScheduler {
  private readonly creators = new Map<string, CreatorQueue>();
  private running = 0;
  private tick = 0;

  constructor(
    private readonly executor: BotExecutor,
    private readonly threads: number,
    private readonly budget: BotBudget,
    private readonly now: () => number,
  ) {}

  /** Decisions waiting for a thread now. */
  get waiting(): number {
    let n = 0;
    for (const q of this.creators.values()) for (const m of q.matches.values()) n += m.jobs.length;
    return n;
  }

  /**
   * Asks for a decision whose clock is `clockMs` from now. The request's `thinkMs` is set to
   * the slice it may think when it starts. Resolves `{ ok: false, reason: 'timeout' }` when its
   * clock ran out before a thread was free.
   */
  decide(task: BotRequest, clockMs: number, owner: BotOwner): Promise<BotDecision> {
    return new Promise<BotDecision>((resolve) => {
      let q = this.creators.get(owner.creator);
      if (q === undefined) {
        q = { matches: new Map(), running: 0, served: 0 };
        this.creators.set(owner.creator, q);
      }
      let m = q.matches.get(owner.match);
      if (m === undefined) {
        m = { jobs: [], served: 0 };
        q.matches.set(owner.match, m);
      }
      m.jobs.push({ owner, task, deadline: this.now() + clockMs, resolve });
      this.pump();
    });
  }

  /** Starts waiting decisions while threads are free, least recently served first. */
  private pump(): void {
    const share = Math.min(this.budget.threadsPerCreator, this.threads);
    while (this.running < this.threads) {
      let pick: CreatorQueue | undefined;
      for (const q of this.creators.values())
        if (
          q.matches.size > 0 &&
          q.running < share &&
          (pick === undefined || q.served < pick.served)
        )
          pick = q;
      if (pick === undefined) return;
      let match: MatchQueue | undefined;
      let matchId = '';
      for (const [id, m] of pick.matches)
        if (match === undefined || m.served < match.served) {
          match = m;
          matchId = id;
        }
      const chosen = match as MatchQueue;
      const job = chosen.jobs.shift() as Job;
      if (chosen.jobs.length === 0) pick.matches.delete(matchId);
      pick.served = ++this.tick;
      chosen.served = this.tick;
      this.start(job, pick);
    }
  }

  /** Forgets a creator with nothing running and nothing waiting. */
  private tidy(creator: string, q: CreatorQueue): void {
    if (q.running === 0 && q.matches.size === 0 && this.creators.get(creator) === q)
      this.creators.delete(creator);
  }

  private start(job: Job, q: CreatorQueue): void {
    const left = job.deadline - this.now() - ANSWER_MARGIN_MS;
    const thinkMs = Math.min(this.budget.thinkMs, left);
    if (thinkMs < MIN_THINK_MS) {
      job.resolve({ ok: false, reason: 'timeout' });
      this.tidy(job.owner.creator, q);
      return;
    }
    this.running++;
    q.running++;
    const task: BotRequest = { ...job.task, thinkMs: Math.floor(thinkMs) };
    // The worker is stopped when the decision's clock runs out, whatever the bot does.
    const hardMs = Math.max(thinkMs, job.deadline - this.now());
    void this.executor
      .decide(task, hardMs)
      .catch((error: unknown): BotDecision => ({ ok: false, reason: 'error', error }))
      .then((decision) => {
        this.running--;
        q.running--;
        this.tidy(job.owner.creator, q);
        job.resolve(decision);
        this.pump();
      });
  }

  /** Stops the workers; decisions still waiting resolve as timed out. */
  async close(): Promise<void> {
    for (const q of this.creators.values())
      for (const m of q.matches.values())
        for (const job of m.jobs) job.resolve({ ok: false, reason: 'timeout' });
    this.creators.clear();
    await this.executor.close();
  }
}

/** What {@link checkBotSeats} reads of a match held in memory. */
export interface HeldMatch {
  readonly stored: {
    readonly creator: string;
    readonly config: { readonly bots: readonly unknown[] };
  };
  readonly match: { readonly isOver: boolean };
}

/**
 * Whether a creator may start a match with `seats` more bot seats: refused (`429
 * bot_budget_exceeded`) past `seatsPerCreator` for the creator or `maxSeats` for the server,
 * counting the bot seats of unfinished matches this process holds.
 */
export function checkBotSeats(
  held: Iterable<HeldMatch>,
  creator: string,
  seats: number,
  budget: BotBudget,
):
  | { readonly ok: true }
  | { readonly ok: false; readonly code: 'bot_budget_exceeded'; readonly message: string } {
  if (seats === 0) return { ok: true };
  let mine = 0;
  let all = 0;
  for (const m of held) {
    if (m.match.isOver) continue;
    const n = m.stored.config.bots.length;
    all += n;
    if (m.stored.creator === creator) mine += n;
  }
  if (mine + seats > budget.seatsPerCreator)
    return {
      ok: false,
      code: 'bot_budget_exceeded',
      message: `at most ${String(budget.seatsPerCreator)} bot seats per creator in unfinished matches (you have ${String(mine)})`,
    };
  if (all + seats > budget.maxSeats)
    return {
      ok: false,
      code: 'bot_budget_exceeded',
      message: `this server runs ${String(budget.maxSeats)} bot seats already; try again later`,
    };
  return { ok: true };
}
