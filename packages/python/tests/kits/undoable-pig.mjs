// Pig whose roll and hold are declared undoable, for the Python undo tests: a roll draws a die,
// so taking one back is refused (`revealed`) once its outcome is out, and allowed while a
// chance node waits for it (environments made with chance_nodes=True).
import { defineGame, defineKit } from '../../../core/dist/index.js';
import { pig, pigKit } from '../../../core/dist/games.js';

const undoable = (handler) => ({ ...handler, traits: { ...handler.traits, undoable: true } });

export default defineKit({
  ...pigKit,
  game: defineGame()({
    ...pig,
    name: 'Undoable Pig', // the id stays 'pig': the kit's presenter presents it
    actions: { roll: undoable(pig.actions.roll), hold: undoable(pig.actions.hold) },
  }),
});
