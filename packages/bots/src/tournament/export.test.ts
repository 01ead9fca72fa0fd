import type { ActionBase, Game } from '@ruleloom/core';
import { pig } from '@ruleloom/core/testing';
import { describe, expect, it } from 'vitest';
import { randomBot } from '../random-bot.js';
import { formatTournamentTable, tournamentToCsv, tournamentToJson } from './export.js';
import { runTournament } from './run-tournament.js';

describe('tournament exports', async () => {
  const result = await runTournament({
    game: pig as unknown as Game<unknown, ActionBase, unknown>,
    bots: [randomBot('a, "quoted"'), randomBot('b')],
    games: 4,
    seed: 2,
    options: { target: 15 },
  });

  it('round-trips through JSON', () => {
    expect(JSON.parse(tournamentToJson(result))).toEqual(JSON.parse(JSON.stringify(result)));
  });

  it('writes one CSV row per bot and per game, quoting names with commas and quotes', () => {
    const bots = tournamentToCsv(result, 'bots').trimEnd().split('\n');
    expect(bots[0]).toBe(
      'entry,name,games,wins,winRate,ci95Low,ci95High,meanScore,elo,errors,errorsCaused,meanDecisionMs',
    );
    expect(bots).toHaveLength(3);
    expect(bots[1]).toMatch(/^0,"a, ""quoted""",4,/);
    expect(tournamentToCsv(result, 'games').trimEnd().split('\n')).toHaveLength(5);
  });

  it('prints a table with every bot', () => {
    const table = formatTournamentTable(result);
    expect(table).toContain('win rate');
    expect(table.split('\n')).toHaveLength(4);
  });
});
