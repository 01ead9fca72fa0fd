import stringWidth from 'string-width';
import wrapAnsi from 'wrap-ansi';

/**
 * The width output should fit, in columns: the terminal's when standard output is one, else
 * `COLUMNS` when it is set to a number (a script can ask for a width), else none (piped output
 * is not wrapped).
 * @public
 */
export function terminalColumns(
  stdout: { readonly isTTY?: boolean; readonly columns?: number } = process.stdout,
  env: Readonly<Record<string, string | undefined>> = process.env,
): number | undefined {
  if (stdout.isTTY === true && typeof stdout.columns === 'number' && stdout.columns > 0)
    return stdout.columns;
  const fromEnv = Number(env.COLUMNS);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : undefined;
}

/**
 * The height output should fit, in rows: the terminal's when standard output is one, else
 * `LINES` when it is set to a number, else none (piped output has no height).
 * @public
 */
export function terminalRows(
  stdout: { readonly isTTY?: boolean; readonly rows?: number } = process.stdout,
  env: Readonly<Record<string, string | undefined>> = process.env,
): number | undefined {
  if (stdout.isTTY === true && typeof stdout.rows === 'number' && stdout.rows > 0)
    return stdout.rows;
  const fromEnv = Number(env.LINES);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : undefined;
}

/**
 * How many terminal columns a string takes (colours and other escapes count nothing, wide
 * characters count two).
 * @public
 */
export function displayWidth(text: string): number {
  return stringWidth(text);
}

/**
 * Lines word-wrapped (colours kept) so none is wider than `width` columns; a word longer
 * than the width is split, and an indented line keeps its indent. No width: the lines as they
 * are.
 * @public
 */
export function fitLines(lines: readonly string[], width: number | undefined): string[] {
  if (width === undefined) return [...lines];
  return lines.flatMap((line) => {
    if (displayWidth(line) <= width) return [line];
    // An indented line keeps its indent on every piece (when the width leaves room for it).
    const indent = /^ */.exec(line)?.[0] ?? '';
    const pad = indent.length < width / 2 ? indent : '';
    return wrapAnsi(line.slice(pad.length), width - pad.length, { hard: true, trim: true })
      .split('\n')
      .map((piece) => `${pad}${piece}`);
  });
}

/**
 * Text (any number of lines) word-wrapped to `width` columns; see {@link fitLines}.
 * @public
 */
export function fitText(text: string, width: number | undefined): string {
  if (width === undefined) return text;
  return fitLines(text.split('\n'), width).join('\n');
}

/**
 * A writer that keeps every line within the terminal's width: it follows the column the
 * cursor is at across writes (a prompt then its answer) and word-wraps only what would run
 * past the edge (colours and escapes count nothing; `\r` returns to column 0). `columns`
 * is read at each write (a resized terminal), undefined: text passes through untouched.
 * @public
 */
export function createFittingWriter(
  write: (text: string) => void,
  columns: () => number | undefined,
): (text: string) => void {
  let col = 0;
  return (text) => {
    const width = columns();
    if (width === undefined || width < 8) {
      write(text);
      return;
    }
    let out = '';
    for (const part of text.split(/(\r|\n)/)) {
      if (part === '\n' || part === '\r') {
        out += part;
        col = 0;
        continue;
      }
      if (part === '') continue;
      const w = displayWidth(part);
      if (col + w <= width) {
        out += part;
        col += w;
        continue;
      }
      // Wrap as if the part started at column `col`: a placeholder of that width (no spaces,
      // so it stays on the first line) is put in front and taken off again.
      const lead = 'x'.repeat(Math.min(col, width - 1));
      const lines = wrapAnsi(`${lead}${part}`, width, { hard: true, trim: false }).split('\n');
      const first = (lines[0] ?? '').slice(lead.length);
      const rest = lines.slice(1).map((line) => line.replace(/^ +/, ''));
      if (col >= width) out += '\n';
      out += [first, ...rest].join('\n');
      col = displayWidth(rest.length === 0 ? `${lead}${first}` : (rest.at(-1) ?? ''));
    }
    write(out);
  };
}
