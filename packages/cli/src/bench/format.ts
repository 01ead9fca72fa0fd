import { fitLines, terminalColumns } from '../output/width.js';
import type { BenchResult } from './measure.js';

function formatValue(r: BenchResult): string {
  const v = r.value;
  const text = v >= 100 ? Math.round(v).toLocaleString('en-US') : v.toFixed(2);
  return `${text} ${r.unit}`;
}

/**
 * A plain-text table of benchmark results, one line per figure, grouped by game, fitted to
 * `width` columns (default: the terminal's): a line too wide is wrapped, indented.
 * @public
 */
export function formatBenchTable(
  results: readonly BenchResult[],
  width: number | undefined = terminalColumns(),
): string {
  const lines: string[] = [];
  let game = '';
  const nameWidth = Math.max(...results.map((r) => r.name.length), 10);
  for (const r of results) {
    if (r.game !== game) {
      game = r.game;
      lines.push('', game);
    }
    const rme = r.rme === undefined ? '' : `  ±${r.rme.toFixed(1)}%`;
    lines.push(`  ${r.name.padEnd(nameWidth)}  ${formatValue(r).padStart(18)}${rme}`);
  }
  return fitLines(lines, width).join('\n').trimStart();
}
