import { checkParamFields, createMatch, SetupError, validateSetup } from '@ruleloom/core';
import { describe, expect, it } from 'vitest';
import { stAugustine } from '../game.js';
import { monopolyParams, revenueParams, streetIncomeParams } from './check-params.js';

describe('St. Augustine effect params, declared once', () => {
  it('list every problem of one reference at once, unknown params included', () => {
    expect(
      checkParamFields(streetIncomeParams)({ street: '', amount: 1500, colour: 'red' }),
    ).toEqual([
      "unknown param 'colour' (expected street, amount)",
      "street must be non-empty text, got ''",
      'amount must be a positive multiple of 1000, got 1500',
    ]);
  });

  it('say what was expected when a param is missing', () => {
    expect(checkParamFields(revenueParams)({})).toEqual([
      'perShop must be a non-negative multiple of 1000, got nothing',
    ]);
    expect(checkParamFields(monopolyParams)({ table: [] })).toEqual([
      'table must be a non-empty list of dollar amounts',
    ]);
    expect(checkParamFields(monopolyParams)({ table: [0, 1500] })).toEqual([
      'every table entry must be a non-negative multiple of 1000',
    ]);
  });

  it('refuse a card override with bad params at setup, every problem coded invalid_card', () => {
    const bad = {
      id: 'broken',
      kind: 'attraction',
      name: 'Broken',
      effect: { type: 'streetIncome', params: { street: 7, amount: -1000 } },
    };
    const setup = { seed: 1, players: 2, options: { cards: { add: [bad] } } };
    const checked = validateSetup(stAugustine, setup);
    expect(checked.ok).toBe(false);
    let error: unknown;
    try {
      createMatch(stAugustine, setup);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SetupError);
    const problems = (error as SetupError).problems;
    expect(problems.map((p) => p.message).join('\n')).toMatch(
      /street must be non-empty text, got 7/,
    );
    expect(problems.map((p) => p.message).join('\n')).toMatch(/amount must be a positive multiple/);
    for (const p of problems) expect(p.code).toBe('invalid_card');
  });
});
