import { createEngine, createMatch, Rng } from '@ruleloom/core';
import type { BotRules } from '../bot.js';
import { stAugustine, stAugustineHeuristic } from '@ruleloom/st-augustine';
import { describe, expect, it } from 'vitest';
import { mctsBot } from '../mcts-bot.js';
import type { SearchReport } from './search-report.js';

function decide(search: 'tree' | 'flat') {
  const setup = { seed: 3, players: 2, options: { turns: 2, trading: 'off' } } as const;
  const rules = createEngine(stAugustine, {
    players: 2,
    options: setup.options,
  }) as unknown as BotRules;
  const match = createMatch(stAugustine, setup);
  const seat = match.toAct[0]!;
  const reports: SearchReport<unknown>[] = [];
  const bot = mctsBot({
    iterations: 60,
    search,
    heuristic: stAugustineHeuristic,
    onSearch: (r) => reports.push(r),
  });
  const legalActions = match.legalActions(seat);
  const chosen = bot.act({
    seat,
    view: match.view(seat),
    legalActions,
    rng: Rng.fromSeed(9),
    rules,
  });
  return { chosen, reports, legalActions };
}

describe('onSearch: the root candidates of a search', () => {
  it.each(['tree', 'flat'] as const)(
    '%s search reports its choice and every root candidate with visits and a value in [0, 1]',
    (search) => {
      const { chosen, reports, legalActions } = decide(search);
      expect(reports).toHaveLength(1);
      const r = reports[0]!;
      expect(r.chosen).toEqual(chosen);
      expect(r.iterations).toBeGreaterThan(0);
      expect(r.candidates.length).toBeGreaterThan(1);
      for (const c of r.candidates) {
        expect(legalActions).toContainEqual(c.action);
        expect(c.value).toBeGreaterThanOrEqual(0);
        expect(c.value).toBeLessThanOrEqual(1);
      }
      // Most visited first.
      const visits = r.candidates.map((c) => c.visits);
      expect(visits).toEqual([...visits].sort((a, b) => b - a));
      if (search === 'tree') {
        expect(visits.reduce((a, b) => a + b, 0)).toBe(r.iterations);
        expect(r.candidates[0]!.action).toEqual(chosen);
      }
    },
  );
});
