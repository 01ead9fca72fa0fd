import type { ZoneDeclaration } from '@ruleloom/core';

/**
 * Where Colonial Florida's cards live and who may see them: only the deck order is hidden
 * (views show `deckSize`). Declared `as const` so that {@link ColonialFloridaView} derives
 * from it.
 * @public
 */
export const colonialFloridaZones = [
  { path: 'deck', visibility: 'nobody', countAs: 'deckSize' },
  { path: 'discard', visibility: 'everyone' },
  { path: 'settlements.*.cards', visibility: 'everyone' },
] as const satisfies readonly ZoneDeclaration[];
