import { describe, expect, it } from 'vitest';
import { pig } from '../games/pig.js';
import { gameLaws } from './laws.js';

/** Pig whose `roll` handler claims one action more than it lists. */
const miscounting = {
  ...pig,
  actions: {
    ...pig.actions,
    roll: {
      ...pig.actions.roll,
      count: (...args: Parameters<typeof pig.actions.roll.enumerate>) =>
        pig.actions.roll.enumerate(...args).length + 1,
    },
  },
};

const lawNamed = (game: typeof pig, part: string) => {
  const law = gameLaws({ game, setups: [{ players: 2 }], numRuns: 3 }).find((l) =>
    l.name.includes(part),
  );
  if (law === undefined) throw new Error(`no law '${part}'`);
  return law;
};

describe('the laws check count against enumerate', () => {
  it('a count that disagrees with enumerate breaks the legal actions law', () => {
    let failure: unknown;
    try {
      lawNamed(miscounting, 'every listed legal action').run();
    } catch (error) {
      failure = error;
    }
    // fast-check reports the counterexample; the law's own error is the cause.
    const cause = (failure as { cause?: unknown } | undefined)?.cause;
    const message = String((cause as Error | undefined)?.message);
    // What, where (the decision, its phase, the handler and the seat) and the fix.
    expect(message).toMatch(
      /^at decision \d+ \(phase 'turn'\), the 'roll' handler's count gives (\d+) for seat \d but its enumerate lists \d+ actions\. Fix: make count return exactly the number of actions enumerate lists/,
    );
    expect((failure as Error).message).toMatch(/^game 'pig': at decision/);
  });

  it('the same law passes when count agrees', () => {
    const agreeing = {
      ...pig,
      actions: {
        ...pig.actions,
        roll: {
          ...pig.actions.roll,
          count: (...args: Parameters<typeof pig.actions.roll.enumerate>) =>
            pig.actions.roll.enumerate(...args).length,
        },
      },
    };
    expect(() => lawNamed(agreeing, 'every listed legal action').run()).not.toThrow();
  });
});
