import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBot, runTournament } from '@ruleloom/bots';
import { restoreMatch } from '@ruleloom/core';
import { stAugustine } from '@ruleloom/st-augustine';
import { describe, expect, it } from 'vitest';
import type { AnalysisReport } from '../src/analyze/report.js';
import { runCli } from './run-cli.js';

const GAMES = 12;
const SEED = '7';
const OPTIONS = ['-o', 'turns=8'];

async function analyzeToJson(
  dir: string,
  name: string,
  extra: string[] = [],
): Promise<AnalysisReport> {
  const out = join(dir, name);
  const run = await runCli([
    'analyze',
    'st-augustine',
    '--bots',
    'random',
    '--players',
    '3',
    '--games',
    String(GAMES),
    '--seed',
    SEED,
    '--workers',
    '0',
    ...OPTIONS,
    '--json',
    out,
    ...extra,
  ]);
  expect(run.code, run.err).toBe(0);
  return JSON.parse(await readFile(out, 'utf8')) as AnalysisReport;
}

function withoutTiming(report: AnalysisReport): unknown {
  const { timing: _timing, ...rest } = report;
  return rest;
}

describe('ruleloom analyze', () => {
  it('gives the same report (every number but wall times) for the same seed', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ruleloom-analyze-'));
    const a = await analyzeToJson(dir, 'a.json');
    const b = await analyzeToJson(dir, 'b.json');
    expect(withoutTiming(b)).toEqual(withoutTiming(a));
    expect(a.variants[0]?.games).toBe(GAMES);
    // St. Augustine's own metrics come with its kit.
    expect(a.variants[0]?.metrics.map((m) => m.id)).toEqual(
      expect.arrayContaining(['fiveStoreMonopoly', 'monopoliesFormed', 'tradesAccepted']),
    );
  }, 120_000);

  it('reports numbers that a direct computation on the same saved games confirms', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ruleloom-analyze-'));
    const report = await analyzeToJson(dir, 'r.json');
    // The same games, played directly with the tournament runner, recomputed from the saves.
    const result = await runTournament({
      game: stAugustine,
      bots: [randomBot(), randomBot(), randomBot()],
      games: GAMES,
      seed: Number(SEED),
      players: 3,
      options: { turns: 8 },
      workers: 0,
    });
    const saves = result.games.map((g) => g.saved);
    expect(saves).toHaveLength(GAMES);
    const seat0Wins = result.games.filter((g) => g.winners.includes(0)).length / GAMES;
    const decisions = saves.reduce((n, s) => n + s.actions.length, 0) / GAMES;
    let turns = 0;
    let ties = 0;
    for (const saved of saves) {
      const r = restoreMatch(stAugustine, saved);
      if (!r.ok) throw new Error(r.error.message);
      turns += r.match.state.game.turn;
      if ((r.match.result?.winners.length ?? 0) > 1) ties++;
    }
    const v = report.variants[0];
    const metric = (id: string) => v?.metrics.find((m) => m.id === id)?.estimate?.mean;
    expect(v?.winRateBySeat[0]?.mean).toBeCloseTo(seat0Wins, 6);
    expect(metric('decisions')).toBeCloseTo(decisions, 6);
    expect(metric('turns')).toBeCloseTo(turns / GAMES, 6);
    expect(metric('tie')).toBeCloseTo(ties / GAMES, 6);
  }, 120_000);

  it('compares two variants side by side with tests and verdicts, and writes an HTML page', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ruleloom-analyze-'));
    const file = join(dir, 'no-monopoly.json');
    await writeFile(
      file,
      JSON.stringify({
        game: 'st-augustine',
        id: 'no-monopoly',
        name: 'No monopoly bonus',
        phases: {
          replace: [
            {
              id: 'monopoly',
              steps: [{ type: 'monopolyBonus', params: { table: [0] } }],
              next: [{ to: '$end', when: { type: 'lastTurnPlayed' } }, { to: 'record' }],
            },
          ],
        },
      }),
    );
    const html = join(dir, 'r.html');
    const report = await analyzeToJson(dir, 'r.json', ['--variant', file, '--html', html]);
    expect(report.variants.map((v) => v.id)).toEqual(['base', 'no-monopoly']);
    const income = report.comparisons.find((c) => c.metric === 'monopolyIncomeShare');
    expect(income?.b).toBe(0);
    expect(income?.verdict).toMatch(/^monopolyIncomeShare(: no clear difference| falls from)/);
    const page = await readFile(html, 'utf8');
    expect(page).toContain('<svg');
    expect(page).not.toMatch(/<script/);
  }, 120_000);

  it('reports the metrics a kit loaded by path declares, after the generic ones', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ruleloom-analyze-'));
    const out = join(dir, 'pig.json');
    const run = await runCli([
      'analyze',
      fileURLToPath(new URL('./fixtures/pig-metrics-kit.mjs', import.meta.url)),
      '--bots',
      'random',
      '--games',
      '10',
      '--seed',
      '3',
      '--workers',
      '1',
      '--json',
      out,
    ]);
    expect(run.code, run.err).toBe(0);
    const report = JSON.parse(await readFile(out, 'utf8')) as AnalysisReport;
    expect(report.game).toBe('pig');
    const ids = report.variants[0]?.metrics.map((m) => m.id) ?? [];
    expect(ids).toContain('turns');
    expect(ids[ids.length - 1]).toBe('holds');
    const holds = report.variants[0]?.metrics.find((m) => m.id === 'holds');
    expect(holds?.description).toBe('Times a player banked their turn total.');
    // Every Pig game to 20 is won by banking, so each game holds at least once.
    expect(holds?.estimate?.mean).toBeGreaterThanOrEqual(1);
  }, 120_000);
});
