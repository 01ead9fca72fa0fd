import type { GameView, ViewOf } from '@ruleloom/core';
import type { StAugustineState } from './state.js';
import type { stAugustineZones } from './zones.js';

/**
 * What a seat or a spectator sees of a St. Augustine match, derived from the state and the
 * zone declarations: everything but the deck order (the deck shows only as `deckSize`), plus
 * the current `phase` (`'gameOver'` once over).
 * @public
 */
export type StAugustineView = ViewOf<StAugustineState, typeof stAugustineZones>;

/**
 * One player as every viewer sees them (`money`, `shops`).
 * @public
 */
export type StAugustinePlayerView = StAugustineView['players'][number];

/**
 * Reads a core `GameView` of a St. Augustine match as its typed view. The view is derived by
 * core from the same zone declarations as {@link StAugustineView}, so this reads it as what
 * it is; it does not check the value.
 * @deprecated A match of `stAugustine` gives a `StAugustineView` already
 * (`match.view(seat)`); for a bare `GameView`, cast it.
 * @public
 */
export function asStAugustineView(view: GameView): StAugustineView {
  return readStAugustineView(view);
}

/** The same reading, for the package's own code that takes any `GameView` (not exported). */
export function readStAugustineView(view: GameView): StAugustineView {
  return view as StAugustineView;
}
