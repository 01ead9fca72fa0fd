/**
 * An identifier as lower-case words, for a presenter's fallback when it has no name for an id:
 * `maxBid` → `max bid`, `gameOver` → `game over`, `street_bonus` → `street bonus`,
 * `round2Start` → `round2 start`. Games keep their own names for ids a player reads often (a
 * phase table, card names); this only keeps a raw id off the screen when a name is missing.
 * @public
 */
export function identifierWords(id: string): string {
  return id
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .toLowerCase()
    .trim();
}
