/**
 * The time source and timer of a match session, injected so that the session never reads the
 * wall clock itself: in an app `{ now: () => Date.now(), setTimeout, clearTimeout }`, in
 * tests a {@link ManualClock}.
 * @public
 */
export interface SessionClock {
  /** The current time in milliseconds (any origin; deadlines are on the same scale). */
  now(): number;
  /** Calls `callback` once, `ms` milliseconds from now; returns a handle for `clearTimeout`. */
  setTimeout(callback: () => void, ms: number): unknown;
  /** Cancels a timer made by `setTimeout` (a handle already fired or cleared is ignored). */
  clearTimeout(handle: unknown): void;
}

/**
 * A {@link SessionClock} that moves only when told to: for tests, replays and simulations.
 * @public
 */
export interface ManualClock extends SessionClock {
  /** Moves time forward by `ms`, firing every timer due by then, earliest first. */
  advance(ms: number): void;
  /** How many timers are waiting. */
  readonly pending: number;
}

interface Timer {
  readonly id: number;
  readonly at: number;
  readonly callback: () => void;
}

/**
 * A clock that starts at `start` (default 0) and moves only by {@link ManualClock.advance}.
 *
 * @example
 * ```ts
 * const clock = createManualClock();
 * clock.setTimeout(() => console.log('late'), 1000);
 * clock.advance(1000); // prints "late"
 * ```
 * @public
 */
export function createManualClock(start = 0): ManualClock {
  let now = start;
  let next = 0;
  let timers: Timer[] = [];
  return {
    now: () => now,
    setTimeout(callback, ms) {
      const id = ++next;
      timers.push({ id, at: now + Math.max(0, ms), callback });
      return id;
    },
    clearTimeout(handle) {
      timers = timers.filter((t) => t.id !== handle);
    },
    advance(ms) {
      const until = now + Math.max(0, ms);
      for (;;) {
        let due: Timer | undefined;
        for (const t of timers)
          if (
            t.at <= until &&
            (due === undefined || t.at < due.at || (t.at === due.at && t.id < due.id))
          )
            due = t;
        if (due === undefined) break;
        const fired = due;
        timers = timers.filter((t) => t !== fired);
        now = Math.max(now, fired.at);
        fired.callback();
      }
      now = until;
    },
    get pending() {
      return timers.length;
    },
  };
}
