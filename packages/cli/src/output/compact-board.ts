import type { BoardBlock, RichText } from '@ruleloom/core';
import { displayWidth } from './width.js';

/** A cell that says nothing yet: empty, a dash or a zero. */
function isBlank(cell: string): boolean {
  const text = cell.trim();
  return text === '' || text === '-' || text === '0';
}

/** Pads a cell to `width` columns, on the left when right-aligned. */
function pad(cell: string, width: number, align: string | undefined): string {
  const room = ' '.repeat(Math.max(0, width - displayWidth(cell)));
  return align === 'right' ? `${room}${cell}` : `${cell}${room}`;
}

/** A line cut to `width` columns with an ellipsis (no width: as it is). */
function cut(line: string, width: number | undefined): string {
  if (width === undefined || displayWidth(line) <= width) return line;
  let out = '';
  for (const ch of line) {
    if (displayWidth(`${out}${ch}…`) > width) break;
    out += ch;
  }
  return `${out}…`;
}

/**
 * The room a compact board has: at most `lines` lines of at most `columns` columns.
 * @public
 */
export interface CompactBudget {
  readonly lines: number;
  readonly columns: number | undefined;
}

/**
 * A board for a short terminal (it and the decision fit 24 rows, so the turn's story stays on
 * screen): lines as they are; each table without its box (a header line, then one line per
 * row, columns two spaces apart), and the rows of a table whose cells after the first all say
 * nothing (empty, `-` or `0`) folded into one line naming how many there are. When that is
 * still longer than `budget.lines`, every table after the first (the first is the players'
 * table: money, gold, score) becomes one line: its rows that say something, cut to
 * `budget.columns` with an ellipsis. Lines are never cut.
 * `paint` turns a block's rich text into the terminal's text.
 * @public
 */
export function compactBoard(
  blocks: readonly BoardBlock[],
  paint: (text: RichText) => string,
  budget?: CompactBudget,
): string[] {
  const full = compactLines(blocks, paint, false);
  if (budget === undefined || full.length <= budget.lines) return full;
  return compactLines(blocks, paint, budget.columns);
}

function compactLines(
  blocks: readonly BoardBlock[],
  paint: (text: RichText) => string,
  /** False: tables drawn whole; else tables after the first as one line this wide. */
  fold: number | undefined | false,
): string[] {
  const out: string[] = [];
  let tables = 0;
  for (const block of blocks) {
    if (block.type === 'line') {
      out.push(paint(block.text));
      continue;
    }
    tables += 1;
    if (fold !== false && tables > 1) {
      const said = block.rows
        .map((row) => row.map(paint))
        .filter((row) => !row.slice(1).every(isBlank))
        .map((row) => row.filter((cell) => !isBlank(cell)).join(' '));
      const title = block.columns[0]?.title ?? 'Rows';
      out.push(cut(`${title}: ${said.length === 0 ? '-' : said.join(' · ')}`, fold));
      continue;
    }
    const rows = block.rows.map((row) => row.map(paint));
    const shown = rows.filter((row) => !row.slice(1).every(isBlank));
    const folded = rows.length - shown.length;
    const head = block.columns.map((c) => c.title);
    const widths = head.map((h, i) =>
      Math.max(displayWidth(h), ...shown.map((row) => displayWidth(row[i] ?? ''))),
    );
    const line = (cells: readonly string[]): string =>
      cells
        .map((cell, i) => pad(cell, widths[i] ?? 0, block.columns[i]?.align))
        .join('  ')
        .trimEnd();
    out.push(line(head));
    for (const row of shown) out.push(line(row));
    if (folded > 0)
      out.push(
        `  (${String(folded)} more ${(head[0] ?? 'row').toLowerCase()} rows with nothing yet)`,
      );
  }
  return out;
}
