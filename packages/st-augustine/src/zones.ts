import type { ZoneDeclaration } from '@ruleloom/core';

/**
 * Where St. Augustine's cards live and who may see them: only the deck order is hidden.
 * Declared `as const` so that {@link StAugustineView} derives from it.
 * @public
 */
export const stAugustineZones = [
  { path: 'deck', visibility: 'nobody', countAs: 'deckSize' },
  { path: 'discard', visibility: 'everyone' },
  { path: 'flipped', kind: 'slot', visibility: 'everyone' },
  { path: 'players.*.shops', visibility: 'everyone' },
] as const satisfies readonly ZoneDeclaration[];
