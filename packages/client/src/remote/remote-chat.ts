import type { ActionBase, Rejection } from '@ruleloom/core';
import {
  checkChatText,
  type ChatLine,
  type ChatLinesMessage,
  type ErrorMessage,
} from '@ruleloom/server/protocol';
import type { ChatResult } from '../snapshot/client-snapshot.js';
import type { SnapshotStore } from '../snapshot/snapshot-store.js';

/** The most chat lines a client holds (the newest): what a server keeps by default. */
export const CLIENT_CHAT_LINES = 200;

/**
 * The chat side of a remote client: the lines in the snapshot (`chat`), kept in `seq` order
 * with each line once, and the `chat` messages waiting for their answer.
 */
export class RemoteChat<TAction extends ActionBase> {
  private readonly pending = new Map<number, (result: ChatResult) => void>();

  constructor(private readonly store: SnapshotStore<TAction>) {}

  /** The seq of the newest line held (0: none): what a rejoin asks the lines after. */
  lastSeq(): number {
    return this.store.get().chat.at(-1)?.seq ?? 0;
  }

  /** The checked text of a line to send, or its refusal (the server's codes, no round trip). */
  check(text: unknown): { ok: true; text: string } | { ok: false; result: ChatResult } {
    const checked = checkChatText(text);
    return checked.ok
      ? { ok: true, text: checked.text }
      : {
          ok: false,
          result: { ok: false, error: { code: checked.code, message: checked.message } },
        };
  }

  /** Waits for the answer to the `chat` message `seq`. */
  wait(seq: number): Promise<ChatResult> {
    return new Promise((resolve) => this.pending.set(seq, resolve));
  }

  /** A welcome's lines: the history after the lines held (a first welcome: all of them). */
  welcome(lines: readonly ChatLine[] | undefined, first: boolean): void {
    if (lines === undefined) return;
    this.add(first ? [] : this.store.get().chat, lines);
  }

  /** New lines; a frame with `replyTo` answers that `chat` message with its last line (the sender's). */
  lines(frame: ChatLinesMessage): void {
    this.add(this.store.get().chat, frame.lines);
    const resolve = frame.replyTo === undefined ? undefined : this.pending.get(frame.replyTo);
    const line = frame.lines.at(-1);
    if (resolve !== undefined && frame.replyTo !== undefined && line !== undefined) {
      this.pending.delete(frame.replyTo);
      resolve({ ok: true, line });
    }
  }

  /** An `error` answering a `chat` message: resolves it (true), else false. */
  refused(frame: ErrorMessage): boolean {
    const resolve = frame.replyTo === null ? undefined : this.pending.get(frame.replyTo);
    if (resolve === undefined || frame.replyTo === null) return false;
    this.pending.delete(frame.replyTo);
    resolve({ ok: false, error: { code: frame.code, message: frame.message } });
    return true;
  }

  /**
   * The connection went away before the answers came: each waiting line is told so. (It may
   * have been stored: then it comes back with the history of the next welcome.)
   */
  lost(error: Rejection): void {
    for (const [seq, resolve] of this.pending) {
      this.pending.delete(seq);
      resolve({ ok: false, error });
    }
  }

  private add(held: readonly ChatLine[], lines: readonly ChatLine[]): void {
    const last = held.at(-1)?.seq ?? 0;
    const fresh = lines.filter((l, i) => l.seq > last && (i === 0 || l.seq > lines[i - 1]!.seq));
    if (fresh.length === 0 && held === this.store.get().chat) return;
    this.store.update({ chat: [...held, ...fresh].slice(-CLIENT_CHAT_LINES) });
  }
}
