import { createMatch, type MatchState, type OptionsOf, type RulesSetup } from '@ruleloom/core';
import { gameLaws, type HostileReport } from '@ruleloom/core/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { colonialFlorida, colonialFloridaEvents, type ColonialFloridaState } from '../src/index.js';

/** The game's own invariants, checked at every decision of every random game. */
function invariant(state: MatchState<ColonialFloridaState>): string | undefined {
  const g = state.game;
  const seen = new Set<string>();
  for (const id of [...g.deck, ...g.discard, ...g.settlements.flatMap((s) => s.cards)]) {
    if (seen.has(id)) return `card ${id} is in two places`;
    seen.add(id);
  }
  if (seen.size !== 67) return `${seen.size} cards accounted for, expected 67`;
  for (const s of g.settlements) {
    if (!Number.isInteger(s.raze) || s.raze < 0) return `settlement ${s.space} has raze ${s.raze}`;
    if (s.controller !== null && (s.controller < 0 || s.controller >= g.players.length))
      return `settlement ${s.space} has controller ${s.controller}`;
  }
  const limit = 12;
  for (let seat = 0; seat < g.players.length; seat++) {
    const held = g.settlements.filter((s) => s.controller === seat).length;
    const p = g.players[seat]!;
    if (held > limit) return `seat ${seat} controls ${held} settlements`;
    if (held + p.markersLeft !== limit)
      return `seat ${seat}: ${held} on the board + ${p.markersLeft} left != ${limit}`;
    if (p.gold < 0) return `seat ${seat} has negative gold`;
  }
  if (g.pending !== null && state.result !== null) return 'a decision is pending after the end';
  return undefined;
}

const hostile: Record<string, HostileReport> = {};
const reportTo =
  (game: string) =>
  (_law: string, counts: HostileReport): void => {
    hostile[game] = { ...counts };
  };

describe('colonial florida laws', () => {
  const setups: RulesSetup<OptionsOf<typeof colonialFlorida>>[] = [
    { players: 2, options: { maxTurns: 60 } },
    { players: 3, options: { maxTurns: 60 } },
    { players: 2, options: { maxTurns: 30, goldToWin: 25, ownSettlement: 'repairThenDraw' } },
    {
      players: 3,
      options: {
        maxTurns: 30,
        controlMarkers: 12,
        startSpaces: { pawns: 7, hurricane: 1, pirate: 9, raid: 20, disease: 33 },
      },
    },
  ];
  for (const law of gameLaws({
    game: colonialFlorida,
    setups,
    numRuns: 25,
    invariant,
    events: colonialFloridaEvents,
    report: reportTo('colonial-florida'),
  })) {
    it(law.name, law.run, 60_000);
  }
});

describe('colonial florida random games', () => {
  it('gold never decreases and the invariants hold along 40 random games', () => {
    for (let seed = 0; seed < 40; seed++) {
      const match = createMatch(colonialFlorida, {
        seed: `walk-${seed}`,
        players: 2 + (seed % 2),
        options: { maxTurns: 80 },
      });
      let gold = match.state.game.players.map((p) => p.gold);
      let step = 0;
      while (!match.isOver) {
        const seat = match.toAct[0]!;
        const legal = match.legalActions(seat);
        expect(legal.length).toBeGreaterThan(0);
        expect(match.apply(seat, legal[(step * 31 + seed) % legal.length]!).ok).toBe(true);
        const now = match.state.game.players.map((p) => p.gold);
        now.forEach((g, i) => expect(g).toBeGreaterThanOrEqual(gold[i]!));
        expect(invariant(match.state)).toBeUndefined();
        gold = now;
        step++;
      }
      expect(match.state.game.turn).toBeLessThanOrEqual(80);
    }
  });
});

// What the trust laws sent this run (printed for the CI log; at least 2,000 per game).
afterAll(() => {
  for (const [game, counts] of Object.entries(hostile)) {
    if (counts.tried === 0) continue; // the hostile laws were filtered out of this run
    console.log(
      `${game}: ${String(counts.tried)} hostile inputs tried, ${String(counts.refused)} refused cleanly, ${String(counts.accepted)} accepted (valid after all: -0 where 0 is legal, a string seed), 0 threw`,
    );
    expect(counts.tried).toBeGreaterThanOrEqual(2000);
  }
});
