// A small kit that declares no observation features: Draw and Play (a hidden deck, hands only
// their owner sees) from core's example games, as the Python tests load a kit by path. The
// engine gives it the default observation encoding derived from its zones and view fields.
import { defineKit } from '../../../core/dist/index.js';
import { drawAndPlay } from '../../../core/dist/games.js';

export default defineKit({
  game: drawAndPlay,
  defaultSetup: { players: 3, options: { rounds: 2, handSize: 2 } },
});
