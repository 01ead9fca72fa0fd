/**
 * A rejection: why an input was refused. The state it was aimed at is unchanged.
 *
 * @remarks
 * `code` is stable and machine-readable (snake_case, for example `not_your_turn`);
 * `message` is a sentence for a person that says what was wrong and, where it can,
 * what would be right. `TCode` narrows the code to a game's union (see
 * {@link isRejectionOf}).
 * @public
 */
export interface Rejection<TCode extends string = string> {
  /** A stable snake_case code: a {@link CoreRejectionCode} or one a game adds. */
  readonly code: TCode;
  /** A human-readable explanation. */
  readonly message: string;
}

/**
 * The outcome of an operation that validates outside input: a value or a {@link Rejection}.
 * @public
 */
export type Result<TValue extends object = object> =
  ({ readonly ok: true } & TValue) | { readonly ok: false; readonly error: Rejection };

/**
 * Builds a successful {@link Result}.
 * @public
 */
export function ok<TValue extends object>(value: TValue): { readonly ok: true } & TValue {
  return { ok: true, ...value };
}

/**
 * Builds a failed {@link Result} with a rejection `code` and `message`.
 * @public
 */
export function reject(
  code: string,
  message: string,
): { readonly ok: false; readonly error: Rejection } {
  return { ok: false, error: { code, message } };
}

/**
 * Builds a bare {@link Rejection} (what action validators return).
 * @public
 */
export function rejection(code: string, message: string): Rejection {
  return { code, message };
}
