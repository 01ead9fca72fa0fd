import { createMatch, Rng, type Match } from '@ruleloom/core';
import { describe, expect, it } from 'vitest';
import { stAugustine } from '../game.js';
import { incomePerTurn } from '../heuristics.js';
import { stAugustinePhases } from '../phases/phases.js';
import { asStAugustineView } from '../view.js';
import { incomeParams } from './income-formulas.js';

const INCOME: ReadonlySet<string> = new Set(['revenue', 'streetBonus', 'monopolyBonus']);

describe('one income formula for the effects and the heuristic', () => {
  it('the phase table gives the rules’ numbers', () => {
    expect(incomeParams(stAugustinePhases)).toEqual({
      revenue: { perShop: 1000 },
      streetBonus: { minShops: 2, majority: 2000, tie: 1000 },
      monopoly: { table: [0, 0, 4000, 9000, 16000, 25000] },
    });
  });

  it('incomePerTurn predicts exactly what the income phases pay, turn after turn of real games', () => {
    let checked = 0;
    for (const seed of [1, 2, 3, 4]) {
      const match = createMatch(stAugustine, {
        seed,
        players: 3,
        options: { turns: 30, trading: 'off' },
      }) as Match;
      const rng = Rng.fromSeed(seed);
      while (!match.isOver) {
        const seat = match.toAct[0] as number;
        const legal = match.legalActions(seat);
        // Buy often, so that streets and types pile up and every bonus gets paid.
        const bid = legal.find((a) => a.type === 'bid');
        match.apply(seat, bid !== undefined && rng.float() < 0.6 ? bid : rng.pick(legal));
        const entry = match.log[match.log.length - 1];
        const paid = (entry?.events ?? []).filter((e) => INCOME.has(e.type));
        // One player's income per entry (forced passes can play several turns in one entry).
        if (paid.length === 0 || paid.filter((e) => e.type === 'revenue').length !== 1) continue;
        const payee = paid[0]?.seat as number;
        const total = paid.reduce((sum, e) => sum + Number(e.amount), 0);
        const view = asStAugustineView(match.view('spectator'));
        expect(incomePerTurn(view.players, payee)).toBe(total);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('other phase params change the prediction the same way', () => {
    const players = [
      { money: 0, shops: ['pub-k', 'cafe-k', 'pub-g'] },
      { money: 0, shops: [] },
    ];
    const rules = incomeParams(stAugustinePhases);
    const doubled = {
      revenue: { perShop: 2000 },
      streetBonus: { minShops: 2, majority: 4000, tie: 2000 },
      monopoly: { table: rules.monopoly.table.map((x) => 2 * x) },
    };
    expect(incomePerTurn(players, 0, doubled)).toBe(2 * incomePerTurn(players, 0));
    const noBonus = { ...rules, streetBonus: { minShops: 3, majority: 2000, tie: 1000 } };
    expect(incomePerTurn(players, 0, noBonus)).toBe(incomePerTurn(players, 0) - 2 * 2000);
  });
});
