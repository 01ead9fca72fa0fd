import type { ZoneDeclaration } from '../zones/zone.js';
import { collectZoneCards } from '../zones/zone.js';

/** Every dotted path in a JSON value whose value is the string `id`. */
function placesOf(root: unknown, id: string): string[] {
  const found: string[] = [];
  const stack: { node: unknown; path: string }[] = [{ node: root, path: '' }];
  while (stack.length > 0) {
    const { node, path } = stack.pop() as { node: unknown; path: string };
    if (node === id) found.push(path);
    else if (typeof node === 'object' && node !== null)
      for (const [key, value] of Object.entries(node))
        stack.push({ node: value, path: path === '' ? key : `${path}.${key}` });
  }
  return found.sort();
}

/** A place as a zone pattern: numbers become `*`, a list's own index is dropped. */
function zonePattern(place: string): string {
  const parts = place.split('.');
  if (/^\d+$/.test(parts.at(-1) ?? '')) parts.pop();
  return parts.map((p) => (/^\d+$/.test(p) ? '*' : p)).join('.');
}

function quoted(places: readonly string[]): string {
  return places.map((p) => `'${p}'`).join(' and ');
}

function counts(ids: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const id of ids) out.set(id, (out.get(id) ?? 0) + 1);
  return out;
}

/**
 * Why the cards in a state's declared zones are not each of the game's cards exactly once
 * (what, where and the fix, for a designer), or `undefined` when they are. `where` says where
 * in the walk the state is.
 */
export function conservationProblem(
  state: unknown,
  zones: readonly ZoneDeclaration[],
  cards: readonly string[],
  where: string,
): string | undefined {
  const expected = counts(cards);
  const actual = counts(collectZoneCards(state, zones));
  const ids = [...new Set([...expected.keys(), ...actual.keys()])].sort();
  for (const id of ids) {
    const want = expected.get(id) ?? 0;
    const have = actual.get(id) ?? 0;
    if (want === have) continue;
    const places = placesOf(state, id);
    if (want === 0)
      return `${where}, the zones hold '${id}' (at ${quoted(places)}), which is not one of the game's cards. Fix: put only the game's card ids in zones (ctx.cards.instanceIds), or declare the card in cards`;
    if (have > want)
      return `${where}, card '${id}' is in ${String(have)} places at once (${quoted(places)}). Fix: move a card (take it out of the zone it leaves, as moveCard does) rather than copy it`;
    const outside = places.filter((p) => !isInZone(p, zones));
    if (outside.length > 0) {
      const pattern = zonePattern(outside[0] as string);
      return `${where}, card '${id}' is at ${quoted(outside)}, which no declared zone covers, so the laws, views and bots cannot account for it. Fix: declare that place as a zone (zones: [..., { path: '${pattern}', visibility: 'everyone' | 'owner' | 'nobody' }]) or keep the card in a declared zone`;
    }
    return `${where}, card '${id}' is in no zone and nowhere in the state: a rule dropped it. Fix: put a card that leaves play in a zone (a discard or 'removed' pile) instead of deleting it`;
  }
  return undefined;
}

/** Whether a place (a card's dotted path) lies in one of the declared zones. */
function isInZone(place: string, zones: readonly ZoneDeclaration[]): boolean {
  const parts = place.split('.');
  return zones.some((zone) => {
    const pattern = zone.path.split('.');
    const length = zone.kind === 'slot' ? pattern.length : pattern.length + 1;
    if (parts.length !== length) return false;
    return pattern.every((p, i) => p === '*' || p === parts[i]);
  });
}
