import { colonialFlorida, colonialFloridaHeuristic } from '@ruleloom/colonial-florida';
import { createEngine, createMatch, Rng, type ActionBase, type Match } from '@ruleloom/core';
import { pig } from '@ruleloom/core/testing';
import { describe, expect, it } from 'vitest';
import type { BotRules } from '../bot.js';
import { flatSearch } from './flat-search.js';
import { resolveMctsParams } from './mcts-params.js';
import { search } from './search.js';
import { searchSpace } from './space.js';

/** A Colonial Florida game played by a seeded random policy up to decision `stop` (or its end). */
function floridaPosition(seed: number, stop: number): { match: Match; seat: number } {
  const match = createMatch(colonialFlorida, { seed, players: 3 }) as Match;
  const rng = Rng.fromSeed(seed);
  for (let i = 0; i < stop && !match.isOver; i++) {
    const seat = match.toAct[0] as number;
    const legal = match.legalActions(seat);
    match.apply(seat, legal[rng.int(0, legal.length - 1)]!);
  }
  return { match, seat: match.toAct[0] as number };
}

function problemAt(match: Match, seat: number, seed: number) {
  const rules = createEngine(colonialFlorida, { players: 3 }) as unknown as BotRules;
  const rng = Rng.fromSeed(seed);
  const view = match.view(seat);
  return {
    space: searchSpace(rules, () => rules.determinize(view, rng), true),
    seat,
    legalActions: match.legalActions(seat),
    rng,
  };
}

describe('flat Monte Carlo search', () => {
  it('banks in Pig when banking wins at once (rolling risks the turn total on a 1)', () => {
    const options = { target: 20 };
    const match = createMatch(pig, { seed: 3, players: 2, options }) as Match;
    type PigView = { scores: number[]; turnTotal: number; current: number };
    // Roll until the seat to act could win by holding.
    for (;;) {
      const v = match.view(0) as unknown as PigView;
      if ((v.scores[v.current] ?? 0) + v.turnTotal >= options.target) break;
      match.apply(match.toAct[0] as number, { type: 'roll' });
      expect(match.isOver).toBe(false);
    }
    const seat = match.toAct[0] as number;
    const rules = createEngine(pig, { players: 2, options }) as unknown as BotRules;
    const rng = Rng.fromSeed(1);
    const view = match.view(seat);
    const legal = match.legalActions(seat);
    expect(legal.map((a) => a.type).sort()).toEqual(['hold', 'roll']);
    const chosen = search(
      {
        space: searchSpace(rules, () => rules.determinize(view, rng), true),
        seat,
        legalActions: legal,
        rng,
      },
      resolveMctsParams({ search: 'flat', iterations: 30 }),
    );
    expect(chosen.type).toBe('hold');
  });

  it('compares candidates on common random numbers: the same action listed twice ties exactly', () => {
    // With independent streams the two copies would score differently about every other
    // time; with common random numbers their totals are equal and the first listed wins.
    const params = resolveMctsParams({ search: 'flat', iterations: 6 });
    let positions = 0;
    for (let seed = 1; positions < 8 && seed < 40; seed++) {
      const { match, seat } = floridaPosition(seed, 5 + seed * 3);
      if (match.isOver) continue;
      const problem = problemAt(match, seat, seed);
      const action = problem.legalActions[0] as ActionBase;
      const first = { ...action };
      const second = { ...action };
      expect(flatSearch(problem, params, [first, second], undefined)).toBe(first);
      positions++;
    }
    expect(positions).toBe(8);
  });

  it('plays exactly its iteration budget, and stops at its time budget', () => {
    const { match, seat } = floridaPosition(11, 30);
    const counted = { iterations: 0, ms: 0 };
    const problem = problemAt(match, seat, 2);
    const legal = problem.legalActions;
    const chosen = search(
      problem,
      resolveMctsParams({
        search: 'flat',
        iterations: 9,
        rollout: 'heuristic',
        rolloutDepth: 4,
        heuristic: colonialFloridaHeuristic,
      }),
      counted,
    );
    expect(legal).toContainEqual(chosen);
    expect(counted.iterations).toBe(legal.length > 1 ? 9 : 0);

    // The time budget on a clock the test advances: 5 ms per reading. The search reads it at
    // the start (0, deadline 20) and before every iteration after the first (5, 10, 15, 20):
    // it plays 4 iterations and stops at the first reading at or past the deadline.
    const timed = { iterations: 0, ms: 0 };
    const later = floridaPosition(12, 20);
    const p2 = problemAt(later.match, later.seat, 3);
    expect(p2.legalActions.length).toBeGreaterThan(1);
    let clock = 0;
    const now = (): number => (clock += 5) - 5;
    search(p2, resolveMctsParams({ search: 'flat', timeMs: 20, now }), timed);
    expect(timed.iterations).toBe(4);
    // The last reading (25) is the time it reports.
    expect(timed.ms).toBe(25);
  });
});
