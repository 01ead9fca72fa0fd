/** C0/C1 controls, DEL, and the line/paragraph separators and bidirectional overrides. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

/**
 * A string from outside (a save's game id, seed or options) made safe to print in a
 * terminal: every control character (escape sequences included) is shown as `\u{..}`.
 */
export function escapeControl(text: string): string {
  return text.replace(UNSAFE, (c) => `\\u{${(c.codePointAt(0) ?? 0).toString(16)}}`);
}
