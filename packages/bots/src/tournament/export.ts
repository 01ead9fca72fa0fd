import type { TournamentResult } from './tournament-types.js';

function csvCell(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csv(rows: readonly (readonly unknown[])[]): string {
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\n')}\n`;
}

/**
 * The results as pretty-printed JSON (per-entry table, per-game records with saved matches).
 * @public
 */
export function tournamentToJson(result: TournamentResult): string {
  return `${JSON.stringify(result, null, 2)}\n`;
}

/**
 * The results as CSV: `'bots'` gives the per-entry table (one row per entry), `'games'` one
 * row per game (seats as entry indices, scores and winners separated by `;`).
 * @public
 */
export function tournamentToCsv(
  result: TournamentResult,
  table: 'bots' | 'games' = 'bots',
): string {
  if (table === 'bots') {
    return csv([
      [
        'entry',
        'name',
        'games',
        'wins',
        'winRate',
        'ci95Low',
        'ci95High',
        'meanScore',
        'elo',
        'errors',
        'errorsCaused',
        'meanDecisionMs',
      ],
      ...result.bots.map((b) => [
        b.entry,
        b.name,
        b.games,
        b.wins,
        b.winRate,
        b.winRateCi95[0],
        b.winRateCi95[1],
        b.meanScore,
        b.elo,
        b.errors,
        b.errorsCaused,
        b.meanDecisionMs,
      ]),
    ]);
  }
  return csv([
    ['index', 'deal', 'rotation', 'seed', 'seats', 'scores', 'winners', 'decisions', 'error'],
    ...result.games.map((g) => [
      g.index,
      g.deal,
      g.rotation,
      g.seed,
      g.seats.join(';'),
      g.scores.join(';'),
      g.winners.join(';'),
      g.decisions,
      g.error?.message ?? '',
    ]),
  ]);
}

/**
 * A plain-text table of the per-entry results, for terminals and logs.
 * @public
 */
export function formatTournamentTable(result: TournamentResult): string {
  const header = [
    'bot',
    'games',
    'wins',
    'win rate',
    '95% CI',
    'mean score',
    'Elo',
    'ms/decision',
    'errors',
  ];
  const rows = result.bots.map((b) => [
    `${String(b.entry)}:${b.name}`,
    String(b.games),
    b.wins.toFixed(1),
    `${(b.winRate * 100).toFixed(1)}%`,
    `${(b.winRateCi95[0] * 100).toFixed(1)}–${(b.winRateCi95[1] * 100).toFixed(1)}%`,
    b.meanScore.toFixed(1),
    b.elo.toFixed(0),
    b.meanDecisionMs.toFixed(2),
    String(b.errors),
  ]);
  const widths = header.map((h, i) =>
    Math.max(h.length, ...rows.map((r) => (r[i] as string).length)),
  );
  const line = (cells: readonly string[]): string =>
    cells
      .map((c, i) => c.padEnd(widths[i] as number))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
