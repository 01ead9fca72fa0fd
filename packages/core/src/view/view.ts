import type { Rng } from '../rng/rng.js';
import { cloneJson } from '../util/clone.js';
import { collectZoneCards, forEachZoneHolder, type ZoneDeclaration } from '../zones/zone.js';

/**
 * What a seat or a spectator sees: the game state with every zone it may not see replaced by
 * its count field (`deckSize`), plus the current `phase`. Plain JSON, safe to send to a client.
 * @public
 */
export interface GameView {
  readonly phase: string;
  readonly [field: string]: unknown;
}

function hiddenFrom(
  zone: ZoneDeclaration,
  owner: number | null,
  viewer: number | 'spectator',
): boolean {
  if (zone.visibility === 'everyone') return false;
  if (zone.visibility === 'nobody' || viewer === 'spectator') return true;
  return owner !== viewer;
}

/** Derives a view from a game state and its zone declarations. */
export function redactState<TState>(
  phase: string,
  game: TState,
  zones: readonly ZoneDeclaration[],
  viewer: number | 'spectator',
  clone: (state: TState) => TState = cloneJson,
): GameView {
  const copy = clone(game) as Record<string, unknown>;
  // Top-level hidden zones are left out while the view object is built (no `delete`, which
  // would push the object into slow dictionary mode); nested ones are removed in place.
  const out: Record<string, unknown> = { phase };
  const keys = Object.keys(copy);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const zone = topLevelZone(zones, key);
    if (zone !== undefined && hiddenFrom(zone, null, viewer)) {
      if (zone.countAs !== undefined) out[zone.countAs] = countOf(zone, copy[key]);
      continue;
    }
    out[key] = copy[key];
  }
  for (const zone of zones) {
    if (zone.visibility === 'everyone' || !zone.path.includes('.')) continue;
    forEachZoneHolder(out, zone.path, (holder, key, owner) => {
      if (!hiddenFrom(zone, owner, viewer)) return;
      const count = countOf(zone, holder[key]);
      delete holder[key];
      if (zone.countAs !== undefined) holder[zone.countAs] = count;
    });
  }
  return out as GameView;
}

function topLevelZone(zones: readonly ZoneDeclaration[], key: string): ZoneDeclaration | undefined {
  for (const zone of zones) if (zone.path === key) return zone;
  return undefined;
}

function countOf(zone: ZoneDeclaration, content: unknown): number {
  if (zone.kind === 'slot') return typeof content === 'string' ? 1 : 0;
  return Array.isArray(content) ? content.length : 0;
}

/**
 * Rebuilds a full game state from a view: each hidden zone (recognised by its count field)
 * is refilled with cards drawn at random from those the view does not show.
 */
export function determinizeView(
  view: GameView,
  zones: readonly ZoneDeclaration[],
  allCards: readonly string[],
  rng: Rng,
): unknown {
  const { phase: _phase, ...rest } = view;
  const game = cloneJson(rest) as Record<string, unknown>;
  const remaining = new Map<string, number>();
  for (const id of allCards) remaining.set(id, (remaining.get(id) ?? 0) + 1);
  for (const id of collectZoneCards(game, zones)) {
    const n = remaining.get(id);
    if (n !== undefined) remaining.set(id, n - 1);
  }
  const pool: string[] = [];
  for (const [id, n] of remaining) for (let i = 0; i < n; i++) pool.push(id);
  rng.shuffle(pool);
  let next = 0;
  for (const zone of zones) {
    if (zone.visibility === 'everyone') continue;
    forEachZoneHolder(game, zone.path, (holder, key) => {
      if (key in holder) return;
      const countKey = zone.countAs;
      const count =
        countKey !== undefined && typeof holder[countKey] === 'number' ? holder[countKey] : 0;
      if (countKey !== undefined) delete holder[countKey];
      if (zone.kind === 'slot') {
        holder[key] = count > 0 && next < pool.length ? pool[next++] : null;
      } else {
        holder[key] = pool.slice(next, next + count);
        next += count;
      }
    });
  }
  return game;
}
