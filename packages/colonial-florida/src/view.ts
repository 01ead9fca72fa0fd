import type { GameView, ViewOf } from '@ruleloom/core';
import type { ColonialFloridaState } from './state.js';
import type { colonialFloridaZones } from './zones.js';

/**
 * What a seat or a spectator sees of a Colonial Florida match, derived from the state and the
 * zone declarations: everything but the deck order (`deckSize` instead), plus the current
 * `phase`.
 * @public
 */
export type ColonialFloridaView = ViewOf<ColonialFloridaState, typeof colonialFloridaZones>;

/**
 * Reads a core `GameView` of a Colonial Florida match as its typed view. Core derives the
 * view from the same zone declarations as {@link ColonialFloridaView}; this does not check
 * the value.
 * @deprecated A match of `colonialFlorida` gives a `ColonialFloridaView` already
 * (`match.view(seat)`); for a bare `GameView`, cast it.
 * @public
 */
export function asColonialFloridaView(view: GameView): ColonialFloridaView {
  return view as unknown as ColonialFloridaView;
}
