import { createEngine, createMatch, Rng, type Match } from '@ruleloom/core';
import { stAugustine, stAugustineHeuristic } from '@ruleloom/st-augustine';
import { describe, expect, it } from 'vitest';
import type { BotRules } from '../bot.js';
import { checkValue, replyValue, wideCandidates } from './candidates.js';
import { pruneWide } from './prune.js';
import { searchSpace } from './space.js';

const players = 4;
const options = { turns: 12 };

/** Plays a trading-on game with a seeded random policy, calling `visit` at every decision. */
function walk(seed: number, visit: (match: Match, seat: number) => void): void {
  const match = createMatch(stAugustine, { seed, players, options }) as Match;
  const rng = Rng.fromSeed(seed);
  while (!match.isOver) {
    const seat = match.toAct[0] as number;
    const legal = match.legalActions(seat);
    visit(match, seat);
    // Few proposals, so that trade phases go on and offers get answered.
    const proposals = legal.filter((a) => a.type === 'proposeTrade');
    const pick =
      proposals.length > 0 && rng.float() < 0.3
        ? proposals[Math.floor(rng.float() * proposals.length)]
        : legal.filter((a) => a.type !== 'proposeTrade')[0];
    match.apply(seat, pick ?? legal[0]!);
  }
}

function spaceFor(match: Match, seat: number, seed: number) {
  const rules = createEngine(stAugustine, { players, options }) as unknown as BotRules;
  const rng = Rng.fromSeed(seed);
  const view = match.view(seat);
  return searchSpace(rules, () => rules.determinize(view, rng), true);
}

describe('pruneWide', () => {
  it('leaves out every type with more than max actions, unless all are of such types', () => {
    const pass = { type: 'pass' };
    const offers = [1, 2, 3, 4].map((to) => ({ type: 'offer', to }));
    expect(pruneWide([pass, ...offers], 3)).toEqual([pass]);
    const list = [pass, ...offers];
    expect(pruneWide(list, 4)).toBe(list);
    expect(pruneWide(offers, 2)).toBe(offers);
  });
});

describe('trade-space candidates (St. Augustine, 4 players, trading on)', () => {
  it('the root keeps at most 3 proposals, each worth more than the position now with the answer modelled, and every other action', () => {
    let checked = 0;
    walk(5, (match, seat) => {
      const legal = match.legalActions(seat);
      const proposals = legal.filter((a) => a.type === 'proposeTrade');
      if (proposals.length <= 3 || checked >= 6) return;
      const space = spaceFor(match, seat, checked);
      const state = space.sample();
      const kept = wideCandidates(space, space.clone(state), seat, legal, 3, stAugustineHeuristic);
      const keptProposals = kept.filter((a) => a.type === 'proposeTrade');
      expect(keptProposals.length).toBeLessThanOrEqual(3);
      expect(kept.filter((a) => a.type !== 'proposeTrade')).toEqual(
        legal.filter((a) => a.type !== 'proposeTrade'),
      );
      const now = stAugustineHeuristic(space.view(state, seat), seat);
      for (const p of keptProposals) {
        expect(legal).toContainEqual(p);
        expect(
          replyValue(space, space.clone(state), seat, p, stAugustineHeuristic, false),
        ).toBeGreaterThan(now);
      }
      checked++;
    });
    expect(checked).toBeGreaterThan(0);
  });

  it('a value-checked accept stands only when accepting is worth at least rejecting', () => {
    let offers = 0;
    let overruled = 0;
    for (const seed of [1, 2, 3]) {
      walk(seed, (match, seat) => {
        const legal = match.legalActions(seat);
        const accept = legal.find((a) => a.type === 'acceptTrade');
        const reject = legal.find((a) => a.type === 'rejectTrade');
        if (accept === undefined || reject === undefined) return;
        offers++;
        // The same samples for the check and for the direct comparison.
        const answer = checkValue(
          spaceFor(match, seat, offers),
          seat,
          accept,
          legal,
          stAugustineHeuristic,
          2,
        );
        const space = spaceFor(match, seat, offers);
        let acceptValue = 0;
        let rejectValue = 0;
        for (let k = 0; k < 2; k++) {
          const state = space.sample();
          acceptValue += replyValue(space, state, seat, accept, stAugustineHeuristic, false);
          rejectValue += replyValue(space, state, seat, reject, stAugustineHeuristic, false);
        }
        expect(answer.type).toBe(acceptValue + 1e-9 >= rejectValue ? 'acceptTrade' : 'rejectTrade');
        if (answer.type === 'rejectTrade') overruled++;
      });
    }
    expect(offers).toBeGreaterThan(0);
    expect(overruled).toBeGreaterThan(0);
  });
});
