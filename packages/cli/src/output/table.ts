import Table from 'cli-table3';
import { displayWidth, fitLines, terminalColumns } from './width.js';

/** Columns a cell's padding takes (one space each side, cli-table3's default). */
const PADDING = 2;
/** The narrowest a column is squeezed to before the table is shown as records instead. */
const MIN_CONTENT = 4;

/**
 * How wide each column's content may be so the table fits `width` columns: every column as
 * wide as its widest line when that fits, else the widest ones narrowed (wrapped) first, none
 * below its longest word (`words`, so names are not split) when that fits, else none below
 * its own width or {@link MIN_CONTENT}. Undefined when even that does not fit.
 * @public
 */
export function fitColumnWidths(
  natural: readonly number[],
  width: number,
  words: readonly number[] = [],
): number[] | undefined {
  const n = natural.length;
  const budget = width - (n + 1) - PADDING * n;
  const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);
  if (sum(natural) <= budget) return [...natural];
  const wordMins = natural.map((w, i) => Math.min(w, Math.max(MIN_CONTENT, words[i] ?? 0)));
  const mins = sum(wordMins) <= budget ? wordMins : natural.map((w) => Math.min(w, MIN_CONTENT));
  if (sum(mins) > budget) return undefined;
  // The largest cap such that every column at min(natural, cap) fits: the widest narrow first.
  let lo = 0;
  let hi = Math.max(...natural);
  const total = (cap: number): number =>
    sum(natural.map((w, i) => Math.max(mins[i] ?? 0, Math.min(w, cap))));
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (total(mid) <= budget) lo = mid;
    else hi = mid - 1;
  }
  const widths = natural.map((w, i) => Math.max(mins[i] ?? 0, Math.min(w, lo)));
  // What is left goes to the columns that were narrowed, widest first.
  let left = budget - sum(widths);
  const order = natural.map((_, i) => i).sort((a, b) => (natural[b] ?? 0) - (natural[a] ?? 0));
  for (const i of order) {
    if (left <= 0) break;
    const grow = Math.min(left, (natural[i] ?? 0) - (widths[i] ?? 0));
    if (grow > 0) {
      widths[i] = (widths[i] ?? 0) + grow;
      left -= grow;
    }
  }
  return widths;
}

/** The longest word of a cell. */
function longestWord(cell: string): number {
  return Math.max(0, ...cell.split(/\s+/).map(displayWidth));
}

/** The widest line of a cell. */
function cellWidth(cell: string): number {
  return Math.max(0, ...cell.split('\n').map(displayWidth));
}

/**
 * Rows as records (`Header: value`, one per line, a rule between rows): how a table too wide
 * for the terminal even with its columns narrowed is shown.
 */
function renderRecords(
  head: readonly string[],
  rows: readonly (readonly string[])[],
  width: number,
): string {
  const rule = '─'.repeat(Math.max(1, Math.min(width, 40)));
  const blocks = rows.map((row) =>
    fitLines(
      row.map((cell, i) => `${head[i] ?? ''}: ${cell.replace(/\n/g, ' ')}`),
      width,
    ).join('\n'),
  );
  return [rule, ...blocks.flatMap((block) => [block, rule])].join('\n');
}

/**
 * Renders rows as a boxed text table (cli-table3) with the given header, without
 * cli-table3's own colours (the caller styles cells with a palette). The table fits `width`
 * columns (default: the terminal's, see `terminalColumns`; none when output is piped): the
 * widest columns are word-wrapped first and a word too long for its column is cut with `…`,
 * so no border ever breaks; a table that cannot fit even so is printed as records
 * (`Header: value` lines).
 * @public
 */
export function renderTable(
  head: readonly string[],
  rows: readonly (readonly (string | number)[])[],
  align: readonly ('left' | 'right' | 'center')[] = [],
  width: number | undefined = terminalColumns(),
): string {
  const cells = rows.map((row) =>
    row.map((cell) => (typeof cell === 'number' ? String(cell) : cell)),
  );
  const natural = head.map((h, i) =>
    Math.max(cellWidth(h), ...cells.map((row) => cellWidth(row[i] ?? ''))),
  );
  const words = head.map((h, i) =>
    Math.max(longestWord(h), ...cells.map((row) => longestWord(row[i] ?? ''))),
  );
  const fitted = width === undefined ? natural : fitColumnWidths(natural, width, words);
  if (fitted === undefined) return renderRecords(head, cells, width ?? 0);
  const squeezed = fitted.some((w, i) => w < (natural[i] ?? 0));
  // A squeezed column's cells are wrapped here (wrap-ansi: at spaces, a long word split), so
  // cli-table3 draws them whole at the widths given.
  const wrap = (cell: string, i: number): string =>
    squeezed ? fitLines(cell.split('\n'), fitted[i]).join('\n') : cell;
  const table = new Table({
    head: head.map(wrap),
    style: { head: [], border: [], compact: true },
    colAligns: [...align],
    wordWrap: false,
    ...(squeezed ? { colWidths: fitted.map((w) => w + PADDING) } : {}),
  });
  for (const row of cells) table.push(row.map(wrap));
  return table.toString();
}
