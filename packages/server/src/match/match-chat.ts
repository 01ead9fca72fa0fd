import type { FastifyBaseLogger } from 'fastify';
import { RateLimiter } from '../limits/rate-limiter.js';
import type { ServerLimits } from '../limits/server-limits.js';
import { checkChatText, type ChatLine, type ChatLinesMessage } from '../protocol/chat-messages.js';
import type { GameStorage } from '../storage/game-storage.js';

/** A connection of the match, as the chat sees it. */
export interface ChatSession {
  readonly seat: number | null;
  send(text: string): void;
}

/** What a match's chat needs from its match and server. */
export interface MatchChatHost {
  /** The match id. */
  readonly id: string;
  readonly storage: GameStorage;
  readonly limits: ServerLimits;
  readonly log: FastifyBaseLogger;
  readonly now: () => number;
  /** The connections attached to the match now. */
  sessions(): Iterable<ChatSession>;
  /** A seat's display name now (null: none given). */
  nameOf(seat: number): string | null;
}

/** What a `chat` message came to: the stored line, or why it was refused. */
export type ChatOutcome =
  | { readonly ok: true; readonly line: ChatLine }
  | { readonly ok: false; readonly code: string; readonly message: string };

/**
 * The chat of one match in memory: the seq of the newest line sent (the lines themselves stay
 * in the storage, so a match in memory costs the same whatever its chat), each seat's rate
 * limiter, and the fan-out of new lines.
 *
 * Lines are stored first and sent after, in `seq` order, each once: everything that reads or
 * sends lines runs in one queue ({@link MatchChat.enqueue}), and a line another process
 * stored (a `chat` event) is read from the storage by the same catch-up that sends this
 * process's own lines. A connection is attached inside that queue too, so no line falls
 * between the history its welcome carries and the first line it is sent.
 */
export class MatchChat {
  private queue: Promise<unknown> = Promise.resolve();
  /** The seq of the newest line sent to this process's connections; undefined until read. */
  private lastSeq: number | undefined;
  private readonly limiters = new Map<number, RateLimiter>();

  constructor(private readonly host: MatchChatHost) {}

  /** Runs `fn` after every chat job queued before it. */
  enqueue<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Reads the lines stored after the newest one sent and sends them to every attached
   * connection. `sender` (a connection whose line `line` was just stored) gets the lines up to
   * its own in a frame with `replyTo`, its line last, and any later ones in a second frame.
   * The first call only learns the newest seq (the lines before it are history, which
   * welcomes carry). Call inside the queue.
   */
  async catchUp(sender?: {
    readonly session: ChatSession;
    readonly replyTo: number;
    readonly line: ChatLine;
  }): Promise<readonly ChatLine[]> {
    const storage = this.host.storage;
    if (storage.listChat === undefined) return [];
    if (this.lastSeq === undefined) {
      const newest = await storage.listChat(this.host.id, 0, 1);
      this.lastSeq = newest[0]?.seq ?? 0;
      return [];
    }
    const last = this.lastSeq;
    const fresh = await storage.listChat(this.host.id, last, this.host.limits.chatLinesKept);
    const added = fresh.filter((l) => l.seq > last);
    const newest = added.at(-1);
    if (newest !== undefined) this.lastSeq = newest.seq;
    const frame = (lines: readonly ChatLine[], replyTo?: number): string =>
      JSON.stringify({
        type: 'chat',
        match: this.host.id,
        lines,
        ...(replyTo === undefined ? {} : { replyTo }),
      } satisfies ChatLinesMessage);
    const text = added.length === 0 ? '' : frame(added);
    for (const session of this.host.sessions()) {
      if (sender === undefined || session !== sender.session) {
        if (text !== '') session.send(text);
        continue;
      }
      const own = added.findIndex((l) => l.seq === sender.line.seq);
      // Its line is always among them unless more than `chatLinesKept` lines came between:
      // then it gets its own line alone (its client drops a line older than the ones it has).
      const upTo = own < 0 ? [sender.line] : added.slice(0, own + 1);
      session.send(frame(upTo, sender.replyTo));
      const later = own < 0 ? added : added.slice(own + 1);
      if (later.length > 0) session.send(frame(later));
    }
    return added;
  }

  /**
   * The kept lines after `since` (all of them without it) up to the newest one sent, after
   * taking in what other processes stored: what a connection attached now must be given (it
   * is sent every later line). Call inside the queue; undefined when the storage has no chat.
   */
  async history(since: number | undefined): Promise<readonly ChatLine[] | undefined> {
    const storage = this.host.storage;
    if (storage.listChat === undefined) return undefined;
    await this.catchUp();
    const last = this.lastSeq ?? 0;
    if ((since ?? 0) >= last) return [];
    const lines = await storage.listChat(this.host.id, since ?? 0, this.host.limits.chatLinesKept);
    return lines.filter((l) => l.seq <= last);
  }

  /**
   * A seat says `raw` (checked, rate-limited per seat, stored, then sent to every connection
   * of the match: `session`'s frame carries `replyTo`). Refusals are values with stable codes.
   */
  post(session: ChatSession, seat: number, raw: unknown, replyTo: number): Promise<ChatOutcome> {
    const checked = checkChatText(raw);
    if (!checked.ok)
      return Promise.resolve({ ok: false, code: checked.code, message: checked.message });
    const { storage, limits } = this.host;
    if (storage.appendChat === undefined || storage.listChat === undefined)
      return Promise.resolve({
        ok: false,
        code: 'chat_unavailable',
        message: 'this server stores no chat (its storage has no chat table)',
      });
    const now = this.host.now();
    let limiter = this.limiters.get(seat);
    if (limiter === undefined) {
      limiter = new RateLimiter(limits.chatLinesPerMinute / 60, limits.chatBurst, now);
      this.limiters.set(seat, limiter);
    }
    if (!limiter.take(now))
      return Promise.resolve({
        ok: false,
        code: 'chat_rate_limited',
        message: `more than ${String(limits.chatLinesPerMinute)} chat lines a minute: wait a moment`,
      });
    return this.enqueue(async () => {
      // The newest seq first, so the new line is news to everyone attached.
      if (this.lastSeq === undefined) await this.catchUp();
      let stored: ChatLine;
      try {
        stored = await (storage as Required<Pick<GameStorage, 'appendChat'>>).appendChat(
          this.host.id,
          { seat, name: this.host.nameOf(seat), text: checked.text, at: now },
          limits.chatLinesKept,
        );
      } catch (error) {
        this.host.log.error({ err: error, match: this.host.id }, 'storing a chat line failed');
        return { ok: false, code: 'internal_error', message: 'the line was not stored; try again' };
      }
      await this.catchUp({ session, replyTo, line: stored });
      return { ok: true, line: stored };
    });
  }
}
