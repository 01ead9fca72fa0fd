/**
 * When a multiplayer client retries a lost connection: exponential backoff
 * (`initialMs · factor^attempt`, capped at `maxMs`), with optional jitter.
 * @public
 */
export interface BackoffOptions {
  /** The first delay (default 250 ms). */
  readonly initialMs?: number;
  /** The growth per attempt (default 2). */
  readonly factor?: number;
  /** The longest delay (default 10 s). */
  readonly maxMs?: number;
  /** Give up (status `closed`, code `reconnect_failed`) after this many failed attempts in a row (default: never). */
  readonly maxAttempts?: number;
  /**
   * A number in [0, 1) per attempt, to spread many clients' retries (pass `Math.random` in an
   * app). Without it the delays are exact, which tests rely on.
   */
  readonly random?: () => number;
}

/**
 * The delay before retry number `attempt` (0 for the first retry).
 * @example
 * ```ts
 * backoffDelay(0); // 250
 * backoffDelay(3); // 2000
 * backoffDelay(10, { maxMs: 5_000 }); // 5000
 * ```
 * @public
 */
export function backoffDelay(attempt: number, options: BackoffOptions = {}): number {
  const initial = options.initialMs ?? 250;
  const factor = options.factor ?? 2;
  const max = options.maxMs ?? 10_000;
  const exact = Math.min(max, initial * factor ** Math.max(0, attempt));
  if (options.random === undefined) return exact;
  // "Equal jitter": half fixed, half random, so a delay never collapses to zero.
  return exact / 2 + (exact / 2) * options.random();
}
