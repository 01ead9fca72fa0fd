/// <reference lib="webworker" />
// The bots think here, off the page's main thread.
import { serveBots } from '@ruleloom/client';
import { makeBots } from './bots.js';
import { GAMES } from './games.js';

serveBots(self, {
  games: GAMES.map((g) => g.game),
  bots: makeBots(),
});
