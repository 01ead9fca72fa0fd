import type { BenchResult } from './measure.js';

function formatValue(r: BenchResult): string {
  const v = r.value;
  const text = v >= 100 ? Math.round(v).toLocaleString('en-US') : v.toFixed(2);
  return `${text} ${r.unit}`;
}

/**
 * A plain-text table of benchmark results, one line per figure, grouped by game.
 * @public
 */
export function formatBenchTable(results: readonly BenchResult[]): string {
  const lines: string[] = [];
  let game = '';
  const width = Math.max(...results.map((r) => r.name.length), 10);
  for (const r of results) {
    if (r.game !== game) {
      game = r.game;
      lines.push('', game);
    }
    const rme = r.rme === undefined ? '' : `  ±${r.rme.toFixed(1)}%`;
    lines.push(`  ${r.name.padEnd(width)}  ${formatValue(r).padStart(18)}${rme}`);
  }
  return lines.join('\n').trimStart();
}
