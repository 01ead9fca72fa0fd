import { actionIndices, canonicalJson, encodeObservation, legalMask } from '@ruleloom/core';
import { describe, expect, it } from 'vitest';
import { colonialFloridaObservation as observation } from '../src/index.js';
import { ALL_CARDS, craft, pend } from './helpers.js';

/** Every legal action of the crafted decision has its own index and comes back from it. */
function roundTrips(eligible: readonly string[]): number {
  const c = craft(2, () => {});
  pend(c, { type: 'attack', seat: 0, target: 6, eligible: [...eligible] });
  const view = c.engine.view(c.state, 0);
  const legal = c.engine.legalActions(c.state, 0);
  const indices = Array.from(actionIndices(observation.actions, view, 0, legal));
  expect(new Set(indices).size).toBe(legal.length);
  legal.forEach((action, i) => {
    expect(indices[i]).toBeGreaterThanOrEqual(0);
    expect(canonicalJson(observation.actions.actionAt(indices[i]!, view, 0))).toBe(
      canonicalJson(action),
    );
  });
  const mask = legalMask(observation.actions, view, 0, legal);
  expect(mask.reduce((a, b) => a + b, 0)).toBe(legal.length);
  return legal.length;
}

describe('Colonial Florida observation features', () => {
  it('index every attack commit legalActions lists: all subsets up to 8 eligible', () => {
    expect(roundTrips(ALL_CARDS.slice(0, 3))).toBe(7 + 1); // 7 commits and declineAttack
    expect(roundTrips(ALL_CARDS.slice(0, 8))).toBe(255 + 1);
  });

  it('beyond 8 eligible: each single combatant and all of them', () => {
    expect(roundTrips(ALL_CARDS.slice(0, 11))).toBe(11 + 1 + 1);
  });

  it('a commit in another order than the eligible list, or a subset beyond 8 that is not listed, has no index', () => {
    const c = craft(2, () => {});
    const eligible = ALL_CARDS.slice(0, 10);
    pend(c, { type: 'attack', seat: 0, target: 6, eligible: [...eligible] });
    const view = c.engine.view(c.state, 0);
    const commit = (ids: readonly string[]) => ({ type: 'attack' as const, commit: ids });
    expect(observation.actions.indexOf(commit(eligible.slice(0, 2)), view, 0)).toBeUndefined();
    c.state.game.pending = { type: 'attack', seat: 0, target: 6, eligible: eligible.slice(0, 3) };
    const small = c.engine.view(c.state, 0);
    const reversed = commit([eligible[1]!, eligible[0]!]);
    expect(observation.actions.indexOf(reversed, small, 0)).toBeUndefined();
  });

  it('encodes seats relative to the viewer: the same position seen from the other seat swaps the players', () => {
    const c = craft(2, (g) => {
      g.players[0]!.gold = 10;
      g.players[1]!.gold = 30;
    });
    const mine = encodeObservation(observation, c.engine.view(c.state, 0), 0);
    const theirs = encodeObservation(observation, c.engine.view(c.state, 1), 1);
    expect(mine.length).toBe(observation.size);
    expect(mine[2]).toBeCloseTo(10 / 50); // seat 0 sees its own gold first
    expect(theirs[2]).toBeCloseTo(30 / 50);
    expect(theirs[4 + 2]).toBeCloseTo(10 / 50);
  });
});
