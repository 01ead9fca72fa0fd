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
