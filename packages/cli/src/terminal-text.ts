/** C0/C1 controls, DEL, and the line/paragraph separators and bidirectional overrides. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

/**
 * A string from outside (a save's game id, seed or options, a variant file, a kit's game id or
 * name, a client) made safe to print in a terminal or a log: every control character (escape
 * sequences, BEL and carriage returns included) and every bidirectional override is shown
 * visibly as `\u{..}`. This is the command line's one escaping helper: every print path of
 * text it did not write itself goes through it.
 */
export function escapeControl(text: string): string {
  return text.replace(UNSAFE, (c) => `\\u{${(c.codePointAt(0) ?? 0).toString(16)}}`);
}

/**
 * {@link escapeControl} for text of several lines: each line is escaped, the line breaks
 * between them are kept (a message listing problems one a line).
 */
export function escapeControlLines(text: string): string {
  return text.split('\n').map(escapeControl).join('\n');
}
