import { createMatch, type GameView } from '@ruleloom/core';
import { describe, expect, it } from 'vitest';
import { colonialFlorida } from './game.js';
import { attackWinChance, battleDice } from './battle/battle-odds.js';
import { colonialFloridaHeuristic } from './heuristics.js';

describe('colonialFloridaHeuristic', () => {
  it('is in [0, 1], even at the start, and favours the richer player', () => {
    const match = createMatch(colonialFlorida, { seed: 4, players: 3 });
    const view = match.view('spectator');
    // Before anybody has rolled, the seats are alike; the shares always sum to 1.
    const start = [0, 1, 2].map((s) => colonialFloridaHeuristic({ ...view, pending: null }, s));
    for (const v of start) expect(v).toBeCloseTo(1 / 3);
    const rolled = [0, 1, 2].map((s) => colonialFloridaHeuristic(view, s));
    expect(rolled.reduce((a, b) => a + b, 0)).toBeCloseTo(1);
    const players = view.players.map((p, i) => ({
      ...p,
      gold: i === 1 ? 30 : 5,
    }));
    const richer = { ...view, players };
    expect(colonialFloridaHeuristic(richer, 1)).toBeGreaterThan(
      colonialFloridaHeuristic(richer, 0),
    );
    for (const s of [0, 1, 2]) {
      const v = colonialFloridaHeuristic(richer, s);
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThanOrEqual(1);
    }
  });

  it('counts settlements and their cards as expected income', () => {
    const view = createMatch(colonialFlorida, { seed: 4, players: 2 }).view(0);
    const settlements = view.settlements.map((s, i) =>
      i === 0 ? { ...s, controller: 0, cards: ['busy-port#1', 'busy-port#2'] } : s,
    );
    expect(colonialFloridaHeuristic({ ...view, settlements }, 0)).toBeGreaterThan(0.5);
  });

  it('scores a finished game 1 for the winner and 0 for the others; tied winners share', () => {
    const base = createMatch(colonialFlorida, { seed: 4, players: 3 }).view(0);
    const over = { ...base, phase: 'gameOver', players: [{ gold: 50 }, { gold: 50 }, { gold: 3 }] };
    expect([0, 1, 2].map((s) => colonialFloridaHeuristic(over, s))).toEqual([0.5, 0.5, 0]);
  });
});

describe('colonialFloridaHeuristic, the race model', () => {
  type Settlement = { space: number; controller: number | null; raze: number; cards: string[] };
  const base = (): GameView => {
    const view = createMatch(colonialFlorida, { seed: 4, players: 3 }).view(0);
    const settlements = view.settlements.map((s, i) =>
      i === 3 ? { ...s, controller: 0, cards: ['busy-port#1', 'importers#1'] } : s,
    );
    return { ...view, pending: null, actionSeat: null, settlements };
  };
  const withSettlement = (view: GameView, patch: Partial<Settlement>): GameView => ({
    ...view,
    settlements: (view.settlements as Settlement[]).map((s, i) =>
      i === 3 ? { ...s, ...patch } : s,
    ),
  });

  it('values a razed settlement less than an intact one, and more Raze markers less', () => {
    const v = base();
    const intact = colonialFloridaHeuristic(v, 0);
    const razed2 = colonialFloridaHeuristic(withSettlement(v, { raze: 2 }), 0);
    const razed5 = colonialFloridaHeuristic(withSettlement(v, { raze: 5 }), 0);
    expect(razed2).toBeLessThan(intact);
    expect(razed5).toBeLessThan(razed2);
  });

  it('counts an opposing pawn that stays on the settlement through the next Income phase', () => {
    const v = base();
    const space = (v.settlements as Settlement[])[3]!.space;
    const players = (v.players as { pawn: number }[]).map((p, i) =>
      i === 1 ? { ...p, pawn: space } : p,
    );
    // Board phases under way: seat 1's pawn stays there for the Income phase.
    expect(colonialFloridaHeuristic({ ...v, players }, 0)).toBeLessThan(
      colonialFloridaHeuristic(v, 0),
    );
  });

  it('values combatants that defend a settlement against raids (the battle odds)', () => {
    const v = base();
    const defended = withSettlement(v, {
      cards: ['busy-port#1', 'importers#1', 'fortress#1', 'fortress#2'],
    });
    expect(colonialFloridaHeuristic(defended, 0)).toBeGreaterThan(colonialFloridaHeuristic(v, 0));
  });

  it('values rolled dice that reach an unclaimed settlement above dice that reach nothing', () => {
    const v = base();
    const pawn = (v.players as { pawn: number }[])[0]!.pawn;
    const settlements = v.settlements as Settlement[];
    const unclaimed = settlements.find(
      (s) => s.controller === null && s.space > pawn && s.space - pawn <= 6,
    )!;
    const reach = unclaimed.space - pawn;
    const miss = [1, 2, 3, 4, 5, 6].find((d) => !settlements.some((s) => s.space === pawn + d))!;
    const rolled = (dice: [number, number]): number =>
      colonialFloridaHeuristic(
        { ...v, actionSeat: 0, pending: { type: 'move', seat: 0, dice } },
        0,
      );
    expect(rolled([reach, miss])).toBeGreaterThan(rolled([miss, miss]));
  });
});

describe('attackWinChance', () => {
  /** Brute force over every roll, ties left out (both sides reroll). */
  function enumerate(attackers: number, defenders: number): number {
    const { attack, defence } = battleDice(attackers, defenders);
    const sums = (n: number): number[] => {
      let out = [0];
      for (let k = 0; k < n; k++) out = out.flatMap((s) => [1, 2, 3, 4, 5, 6].map((f) => s + f));
      return out;
    };
    const a = sums(attack);
    const d = sums(defence);
    let win = 0;
    let decided = 0;
    for (const x of a)
      for (const y of d) {
        if (x !== y) decided++;
        if (x > y) win++;
      }
    return win / decided;
  }

  it('is exact: equal to enumerating every roll of the dice rollBattle rolls', () => {
    for (const [x, y] of [
      [1, 0],
      [2, 0],
      [1, 1],
      [3, 1],
      [2, 2],
    ] as const)
      expect(attackWinChance(x, y)).toBeCloseTo(enumerate(x, y), 12);
    expect(attackWinChance(1, 0)).toBeCloseTo(0.5, 12); // 2d6 against 2d6
  });

  it('grows with the attackers and falls with the defenders', () => {
    for (let y = 0; y < 5; y++)
      for (let x = 1; x < 6; x++) {
        expect(attackWinChance(x + 1, y)).toBeGreaterThan(attackWinChance(x, y));
        expect(attackWinChance(x, y + 1)).toBeLessThan(attackWinChance(x, y));
      }
  });
});
