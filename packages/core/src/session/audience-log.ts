import type { LogEntry } from '../log/log.js';
import { redactEvent } from '../log/log.js';
import type { ActionBase } from '../model/action.js';
import type { GameEvent } from '../model/event.js';
import { cloneJson } from '../util/clone.js';

/** Freezes a value the session made (never one of core's own objects) and all it holds. */
export function freezeOwn<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) freezeOwn(v);
  }
  return value;
}

/**
 * The log as one audience (a seat or the spectators) sees it, built incrementally: each new
 * entry of the match log is redacted once for this audience, copied (core's objects are never
 * frozen or handed out) and frozen; the list is a new frozen array per version that shares
 * every earlier entry.
 */
export class AudienceLog<TAction extends ActionBase> {
  /** Every redacted entry so far (never frozen: appending to it stays cheap). */
  private readonly all: LogEntry<TAction>[] = [];
  /** The list handed out: a frozen copy of `all`, made once per version. */
  private entries: readonly LogEntry<TAction>[] = Object.freeze([]);

  constructor(
    private readonly audience: number | 'spectator',
    private readonly isSecret: (action: TAction) => boolean,
  ) {}

  /** The redacted log up to the end of `log` (only the entries not seen yet are redacted). */
  upTo(log: readonly LogEntry<TAction>[]): readonly LogEntry<TAction>[] {
    const from = this.all.length;
    if (from === log.length) return this.entries;
    for (let i = from; i < log.length; i++) this.all.push(this.redact(log[i] as LogEntry<TAction>));
    // Copying a plain array and freezing the copy is cheap; concat or slice of a frozen array
    // is not (V8 walks it element by element), so the frozen list is never copied.
    this.entries = Object.freeze(this.all.slice());
    return this.entries;
  }

  private redact(entry: LogEntry<TAction>): LogEntry<TAction> {
    const action = entry.action;
    const hide = action !== null && entry.seat !== this.audience && this.isSecret(action);
    const events: GameEvent[] = entry.events.map((e) => {
      const seen = redactEvent(e, this.audience);
      return seen === e ? cloneJson(e) : seen;
    });
    return freezeOwn({
      seq: entry.seq,
      seat: entry.seat,
      action:
        action === null ? null : hide ? ({ type: action.type } as TAction) : cloneJson(action),
      events,
    });
  }
}
