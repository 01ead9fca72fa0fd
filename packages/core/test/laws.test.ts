import { afterAll, describe, expect, it } from 'vitest';
import { gameLaws, pig, type HostileReport } from '../src/testing/index.js';
import { drawAndPlay } from '../src/games/draw-and-play.js';
import { liarsDice } from '../src/games/liars-dice.js';

const hostile: Record<string, HostileReport> = {};
const reportTo =
  (game: string) =>
  (_law: string, counts: HostileReport): void => {
    hostile[game] = { ...counts };
  };

describe('core laws on Pig (dice, no hidden information)', () => {
  for (const law of gameLaws({
    game: pig,
    setups: [{ players: 1 }, { players: 2 }, { players: 5 }],
    numRuns: 30,
    report: reportTo('pig'),
  })) {
    it(law.name, law.run, 60_000);
  }
});

describe('core laws on Draw and Play (hidden deck, private hands)', () => {
  const setups = [
    { players: 2 },
    { players: 3, options: { rounds: 6, handSize: 0 } },
    { players: 4, options: { rounds: 2 } },
  ];
  for (const law of gameLaws({
    game: drawAndPlay,
    setups,
    numRuns: 30,
    report: reportTo('draw-and-play'),
  })) {
    it(law.name, law.run, 60_000);
  }
});

describe("core laws on Liar's Dice (private dice behind cups, private rolls)", () => {
  for (const law of gameLaws({
    game: liarsDice,
    setups: [
      { players: 2 },
      { players: 3, options: { dice: 2 } },
      { players: 5, options: { dice: 1, maxRounds: 3 } },
    ],
    numRuns: 30,
    report: reportTo('liars-dice'),
  })) {
    it(law.name, law.run, 60_000);
  }
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
