import { describe, expect, it } from 'vitest';
import { pig, pigObservation } from '../games/pig.js';
import { checkObservation, gameObservation, observationNames } from './observation.js';

describe('observation layout names', () => {
  it("names every entry of Pig's encoding from its layout", () => {
    const names = observationNames(pigObservation);
    expect(names).toHaveLength(pigObservation.size);
    expect(names.slice(0, 2)).toEqual(['scores[0]', 'scores[1]']);
    expect(names[8]).toBe('turnTotal');
    expect(names.slice(9)).toEqual([0, 1, 2, 3, 4, 5].map((i) => `lastRoll[${String(i)}]`));
    expect(gameObservation(pig)).toBe(pigObservation);
  });

  it('gives generic names when a game names no parts', () => {
    const { layout: _layout, ...unnamed } = pigObservation;
    expect(observationNames(unnamed).slice(0, 2)).toEqual(['obs[0]', 'obs[1]']);
  });

  it('refuses a layout whose sizes do not add up to the encoding', () => {
    expect(checkObservation({ ...pigObservation, layout: [{ name: 'all', size: 3 }] })).toEqual([
      'observation.layout sizes must add up to observation.size',
    ]);
    expect(checkObservation({ ...pigObservation, layout: [{ name: 'x', size: 0 }] })).toEqual([
      'observation.layout must be a list of { name, size } with whole sizes above 0',
    ]);
  });

  it('accepts a per-step reward function and refuses a reward that is not one', () => {
    expect(checkObservation(pigObservation)).toEqual([]);
    expect(checkObservation({ ...pigObservation, reward: 3 })).toEqual([
      'observation.reward must be a function (view, seat) => number when given',
    ]);
    const view = {
      phase: 'turn',
      turn: 3,
      current: 1,
      turnDone: false,
      scores: [12, 40],
      turnTotal: 0,
      lastRoll: null,
    };
    expect(pigObservation.reward?.(view, 1)).toBe(0.4);
  });
});
