import Table from 'cli-table3';

/**
 * Renders rows as a boxed text table (cli-table3) with the given header, without
 * cli-table3's own colours (the caller styles cells with a palette).
 * @public
 */
export function renderTable(
  head: readonly string[],
  rows: readonly (readonly (string | number)[])[],
  align: readonly ('left' | 'right' | 'center')[] = [],
): string {
  const table = new Table({
    head: [...head],
    style: { head: [], border: [], compact: true },
    colAligns: [...align],
    wordWrap: false,
  });
  for (const row of rows)
    table.push(row.map((cell) => (typeof cell === 'number' ? String(cell) : cell)));
  return table.toString();
}
