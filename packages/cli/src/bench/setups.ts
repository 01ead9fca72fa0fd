import { validateSetup, type Game } from '@ruleloom/core';
import type { BenchResult } from './measure.js';

/** The size every hostile setup is built up to: 64 KB of JSON text. */
const MAX_BYTES = 65_536;

/** Adds items from `make(i)` while the setup stays within 64 KB of JSON. */
function fill(wrap: (items: unknown[]) => unknown, make: (i: number) => unknown): unknown {
  const items: unknown[] = [];
  for (let i = 0; ; i++) {
    items.push(make(i));
    if (JSON.stringify(wrap(items)).length > MAX_BYTES) {
      items.pop();
      return wrap(items);
    }
  }
}

/**
 * Setups of at most 64 KB built to make validation slow: many unknown option names of the
 * length that still gets a "did you mean" hint, card removals and replacements that match
 * nothing, cards added with as many copies as the limits allow, long deck orders, deep and
 * wide option values.
 */
export function hostileSetupsFor(game: Game, players: number): { label: string; setup: unknown }[] {
  const setup = (options: unknown) => ({ seed: 1, players, options });
  const name64 = (i: number) => `${String(i).padStart(6, '0')}${'q'.repeat(58)}`;
  const optionNames = Object.keys(game.options);
  return [
    {
      label: 'unknown option names of 64 characters',
      setup: fill(
        (keys) => setup(Object.fromEntries(keys.map((k) => [k, 1]))),
        (i) => name64(i),
      ),
    },
    {
      label: 'card removals that match nothing',
      setup: fill(
        (ids) => setup({ cards: { remove: ids } }),
        (i) => `no-such-card-${String(i)}`,
      ),
    },
    {
      label: 'card replacements that match nothing',
      setup: fill(
        (cards) => setup({ cards: { replace: cards } }),
        (i) => ({ id: `no-such-card-${String(i)}` }),
      ),
    },
    {
      label: 'cards added, 1,000 copies each',
      setup: fill(
        (cards) => setup({ cards: { add: cards } }),
        (i) => ({ id: `added-${String(i)}`, copies: 1000 }),
      ),
    },
    {
      label: 'cards added up to the instance limit',
      setup: setup({
        cards: {
          add: Array.from({ length: 99 }, (_, i) => ({ id: `added-${String(i)}`, copies: 100 })),
        },
      }),
    },
    ...optionNames.map((name) => ({
      label: `option '${name}': a list of 64 KB`,
      setup: fill(
        (ids) => setup({ [name]: ids }),
        (i) => `item-${String(i)}`,
      ),
    })),
  ];
}

/** Median of `runs` timings of `fn`, in ms. */
function medianMs(fn: () => void, runs: number): number {
  const times: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(runs / 2)] as number;
}

/**
 * Validation time of hostile setups of at most 64 KB: the worst (target ≤ 50 ms) and each one.
 */
export function measureSetupValidation(
  id: string,
  game: Game,
  players: number,
  quick: boolean,
): BenchResult[] {
  const runs = quick ? 3 : 9;
  const cases = hostileSetupsFor(game, players).map(({ label, setup }) => ({
    label,
    bytes: JSON.stringify(setup).length,
    ms: medianMs(() => void validateSetup(game, setup), runs),
  }));
  const worst = cases.reduce((a, b) => (b.ms > a.ms ? b : a));
  return [
    {
      game: id,
      name: 'worst hostile setup of at most 64 KB: validateSetup time (target ≤ 50)',
      value: worst.ms,
      unit: 'ms',
      note: `${worst.label} (${String(worst.bytes)} bytes); median of ${String(runs)} runs`,
    },
    ...cases.map((c) => ({
      game: id,
      name: `validateSetup, hostile setup: ${c.label}`,
      value: c.ms,
      unit: 'ms',
      note: `${String(c.bytes)} bytes; median of ${String(runs)} runs`,
    })),
  ];
}
