import { describe, expect, it } from 'vitest';
import { rulesText } from '../commands/rules.js';
import { GAMES } from '../games/registry.js';
import { formatTournamentResults } from '../commands/tournament.js';
import { createPalette } from './palette.js';
import { fitColumnWidths, renderTable } from './table.js';
import { createFittingWriter, displayWidth, fitLines, terminalColumns } from './width.js';

const widest = (text: string): number => Math.max(...text.split('\n').map(displayWidth));

const HEAD = ['Option', 'Default', 'Values', 'Meaning'];
const ROWS = [
  [
    'startingMoney',
    '20000',
    'min 0, max 10000000, ×1000',
    'Money each player starts with, in dollars (a multiple of $1,000).',
  ],
  ['maxProposalsPerPlayer', '3', 'min 0, max 100', 'Trade proposals each player may make.'],
];

/** Every line of a boxed table starts and ends with a border character. */
function bordersIntact(table: string): boolean {
  return table.split('\n').every((line) => /^[┌│├└].*[┐│┤┘]$/u.test(line));
}

describe('renderTable fits the width it is given', () => {
  it('keeps a table that fits as it is', () => {
    const wide = renderTable(HEAD, ROWS, [], 200);
    expect(wide).toBe(renderTable(HEAD, ROWS, [], undefined));
    expect(wide).toContain('Money each player starts with, in dollars (a multiple of $1,000).');
  });

  it.each([120, 80, 60, 40])('at %i columns: no line wider, borders whole, no word lost', (w) => {
    const table = renderTable(HEAD, ROWS, [], w);
    expect(widest(table)).toBeLessThanOrEqual(w);
    expect(bordersIntact(table)).toBe(true);
    // Wrapped, not truncated: every word of every cell is still there.
    const words = table.replace(/[│┌┐└┘├┤┬┴┼─]/gu, ' ');
    for (const word of ROWS.flat().join(' ').split(/\s+/)) {
      if (displayWidth(word) <= 8) expect(words).toContain(word);
    }
  });

  it('narrows the widest column first and does not split names while it can', () => {
    const table = renderTable(HEAD, ROWS, [], 80);
    expect(table).toContain('maxProposalsPerPlayer');
    expect(table).toContain('startingMoney');
  });

  it('prints records when even narrowed columns cannot fit', () => {
    const records = renderTable(HEAD, ROWS, [], 24);
    expect(widest(records)).toBeLessThanOrEqual(24);
    expect(records).not.toMatch(/[│┌]/u);
    expect(records).toContain('Option: startingMoney');
  });

  it('counts colours as nothing and keeps them', () => {
    const c = createPalette(true);
    const table = renderTable(
      ['A', 'B'],
      [[c.bold('x'.repeat(30)), c.red('y '.repeat(40))]],
      [],
      50,
    );
    expect(widest(table)).toBeLessThanOrEqual(50);
    expect(table).toContain('\x1b[');
  });
});

describe('fitColumnWidths', () => {
  it('is the natural widths when they fit, else fits the budget exactly', () => {
    expect(fitColumnWidths([5, 5], 40)).toEqual([5, 5]);
    const widths = fitColumnWidths([10, 100, 20], 60) ?? [];
    // 60 columns: 4 borders and 6 of padding leave 50.
    expect(widths.reduce((a, b) => a + b, 0)).toBe(50);
    expect(widths[0]).toBe(10);
    expect(fitColumnWidths([10, 10, 10, 10, 10, 10, 10, 10], 30)).toBeUndefined();
  });
});

describe('fitLines and terminalColumns', () => {
  it('wraps long lines at spaces, keeping the indent', () => {
    const lines = fitLines([`  ${'word '.repeat(30)}`, 'short'], 40);
    expect(lines.every((l) => displayWidth(l) <= 40)).toBe(true);
    expect(lines.slice(0, -1).every((l) => l.startsWith('  word'))).toBe(true);
    expect(lines.at(-1)).toBe('short');
    expect(fitLines(['x'.repeat(100)], undefined)).toEqual(['x'.repeat(100)]);
  });

  it("is the terminal's width, else COLUMNS, else none", () => {
    expect(terminalColumns({ isTTY: true, columns: 97 }, {})).toBe(97);
    expect(terminalColumns({ isTTY: false }, { COLUMNS: '70' })).toBe(70);
    expect(terminalColumns({ isTTY: false }, { COLUMNS: 'wide' })).toBeUndefined();
    expect(terminalColumns({}, {})).toBeUndefined();
  });
});

describe('the tables the CLI prints fit 80 columns', () => {
  const context = {
    io: {
      out: () => {},
      err: () => {},
      stdin: process.stdin,
      stdinIsTTY: false,
      stderrIsTTY: false,
      color: false,
      cwd: process.cwd(),
    },
    palette: createPalette(false),
  };
  it.each(GAMES.map((g) => [g.id, g] as const))('rules %s', (_id, game) => {
    const text = rulesText(game, context, 80);
    expect(widest(text)).toBeLessThanOrEqual(80);
    // Piped (no width): at most 123 columns, as before.
    expect(widest(rulesText(game, context as never, undefined))).toBeLessThanOrEqual(123);
  });

  it('a tournament table at 80 and at 40 columns', () => {
    const bot = {
      name: 'a-long-bot-name',
      games: 100,
      wins: 51,
      winRate: 0.51,
      winRateCi95: [0.41, 0.61] as [number, number],
      elo: 1512.3,
      meanScore: 23_000,
      meanDecisionMs: 12.25,
      errors: 0,
    };
    const result = { bots: [bot, { ...bot, name: 'random', elo: 1400 }] };
    const sa = GAMES[0]!;
    for (const w of [80, 40]) {
      process.env.COLUMNS = String(w);
      try {
        const table = formatTournamentResults(result as never, sa, createPalette(false));
        expect(widest(table)).toBeLessThanOrEqual(w);
      } finally {
        delete process.env.COLUMNS;
      }
    }
  });
});

describe('createFittingWriter', () => {
  const capture = (
    width: number | undefined,
  ): { write: (t: string) => void; text: () => string } => {
    let text = '';
    return {
      write: createFittingWriter(
        (t) => {
          text += t;
        },
        () => width,
      ),
      text: () => text,
    };
  };

  it('wraps what would pass the edge, following the column across writes', () => {
    const w = capture(20);
    w.write('Saved to /a/long/path/file.json (replay it with: ruleloom replay x).\n');
    w.write('Your bid > ');
    w.write('seven thousand dollars please\n');
    w.write('\r\x1b[2Kthinking… 0.1s');
    const lines = w.text().split('\n');
    expect(lines.every((l) => displayWidth(l.replace(/^.*\r/, '')) <= 20)).toBe(true);
    expect(w.text().replace(/\s+/g, ' ')).toContain('Your bid > seven');
  });

  it('passes text through untouched without a width', () => {
    const w = capture(undefined);
    const long = `${'word '.repeat(50)}\n`;
    w.write(long);
    expect(w.text()).toBe(long);
  });
});
