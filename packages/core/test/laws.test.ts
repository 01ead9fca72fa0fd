import { describe, it } from 'vitest';
import { gameLaws, pig } from '../src/testing/index.js';
import { drawAndPlay } from '../src/games/draw-and-play.js';

describe('core laws on Pig (dice, no hidden information)', () => {
  for (const law of gameLaws({
    game: pig,
    setups: [{ players: 1 }, { players: 2 }, { players: 5 }],
    numRuns: 30,
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
  for (const law of gameLaws({ game: drawAndPlay, setups, numRuns: 30 })) {
    it(law.name, law.run, 60_000);
  }
});
