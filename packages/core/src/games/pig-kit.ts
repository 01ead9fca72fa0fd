import { defineKit, type GameKit } from '../kit/game-kit.js';
import { pig } from './pig.js';
import { pigPresenter } from './pig-present.js';

/**
 * Pig's kit: the game to 50 points for two by default, a game to 30 (`quick`) and the same
 * for benchmarks (`bench`). It brings no heuristic: bots that need one play it by random
 * rollouts.
 * @public
 */
export const pigKit: GameKit<typeof pig> = defineKit({
  game: pig,
  presenter: pigPresenter,
  defaultSetup: { players: 2, description: 'two players race to 50 points' },
  quickSetups: {
    quick: {
      players: 2,
      options: { target: 30 },
      description: 'a race to 30, for the demo and tests',
    },
    bench: { players: 2, options: { target: 30 }, description: 'the setup benchmarks measure' },
  },
});
