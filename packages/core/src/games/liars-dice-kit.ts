import { defineKit, type GameKit } from '../kit/game-kit.js';
import { liarsDice } from './liars-dice.js';
import { liarsDicePresenter } from './liars-dice-present.js';

/**
 * Liar's Dice's kit, the reference game with per-seat secrets (each cup is private, rolled with
 * an audience): three players with three dice each by default, two players with two dice for
 * quick tries and benchmarks. It brings no heuristic: bots that need one play it by random
 * rollouts, on states determinized by the game's own hook.
 * @public
 */
export const liarsDiceKit: GameKit<typeof liarsDice> = defineKit({
  game: liarsDice,
  presenter: liarsDicePresenter,
  defaultSetup: { players: 3, description: 'three players, three dice each' },
  quickSetups: {
    quick: {
      players: 2,
      options: { dice: 2, maxRounds: 6 },
      description: 'two players with two dice, for the demo and tests',
    },
    bench: { players: 2, options: { dice: 2 }, description: 'the setup benchmarks measure' },
  },
});
