// Draw and Play whose play and pass are declared undoable, for the Python undo tests: a pass
// discards a hand card face up (and the next seat draws), so taking it back is refused
// (`revealed`: a seat has seen a card it had not).
import { defineGame, defineKit } from '../../../core/dist/index.js';
import { drawAndPlay } from '../../../core/dist/games.js';

const undoable = (handler) => ({ ...handler, traits: { ...handler.traits, undoable: true } });

export default defineKit({
  game: defineGame()({
    ...drawAndPlay,
    actions: {
      ...drawAndPlay.actions,
      play: undoable(drawAndPlay.actions.play),
      pass: undoable(drawAndPlay.actions.pass),
    },
  }),
  defaultSetup: { players: 2, options: { rounds: 3 } },
});
