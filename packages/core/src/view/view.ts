import type { Rng } from '../rng/rng.js';
import { cloneJson } from '../util/clone.js';
import {
  collectZoneCards,
  forEachZoneHolder,
  type PrivateFieldDeclaration,
  type ZoneDeclaration,
} from '../zones/zone.js';

/**
 * What a seat or a spectator sees: the game state with every zone it may not see replaced by
 * its count field (`deckSize`), plus the current `phase`. Plain JSON, safe to send to a client.
 * @public
 */
export interface GameView {
  readonly phase: string;
  readonly [field: string]: unknown;
}

/** Whether a zone's contents are hidden from a viewer (internal: views of packed states use it too). */
export function hiddenFrom(
  zone: { readonly visibility: ZoneDeclaration['visibility'] },
  owner: number | null,
  viewer: number | 'spectator',
): boolean {
  if (zone.visibility === 'everyone') return false;
  if (zone.visibility === 'nobody' || viewer === 'spectator') return true;
  return owner !== viewer;
}

/** Derives a view from a game state, its zone declarations and its private fields. */
export function redactState<TState>(
  phase: string,
  game: TState,
  zones: readonly ZoneDeclaration[],
  viewer: number | 'spectator',
  clone: (state: TState) => TState = cloneJson,
  fields: readonly PrivateFieldDeclaration[] = NO_FIELDS,
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
    if (fields.length > 0) {
      const field = topLevelZone(fields, key);
      if (field !== undefined && fieldHidden(field, null, viewer, phase)) {
        if (field.countAs !== undefined) out[field.countAs] = lengthOf(copy[key]);
        continue;
      }
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
  for (const field of fields) {
    if (!field.path.includes('.')) continue;
    forEachZoneHolder(out, field.path, (holder, key, owner) => {
      if (!fieldHidden(field, owner, viewer, phase)) return;
      const length = lengthOf(holder[key]);
      delete holder[key];
      if (field.countAs !== undefined) holder[field.countAs] = length;
    });
  }
  return out as GameView;
}

const NO_FIELDS: readonly PrivateFieldDeclaration[] = Object.freeze([]);

/** Whether a private field is hidden from a viewer in a phase. */
export function fieldHidden(
  field: PrivateFieldDeclaration,
  owner: number | null,
  viewer: number | 'spectator',
  phase: string,
): boolean {
  if (field.revealIn !== undefined && field.revealIn.includes(phase)) return false;
  return hiddenFrom(field, owner, viewer);
}

function lengthOf(value: unknown): number {
  return Array.isArray(value) ? value.length : 0;
}

function topLevelZone<T extends { readonly path: string }>(
  zones: readonly T[],
  key: string,
): T | undefined {
  for (const zone of zones) if (zone.path === key) return zone;
  return undefined;
}

function countOf(zone: ZoneDeclaration, content: unknown): number {
  if (zone.kind === 'slot') return typeof content === 'string' ? 1 : 0;
  return Array.isArray(content) ? content.length : 0;
}

/** Card ids numbered once per card list: the unique ids in order and their counts. */
interface CardCounts {
  readonly ids: readonly string[];
  readonly index: ReadonlyMap<string, number>;
  readonly counts: Int32Array;
}

const cardCounts = new WeakMap<readonly string[], CardCounts>();

function countsOf(allCards: readonly string[]): CardCounts {
  let found = cardCounts.get(allCards);
  if (found === undefined) {
    const ids: string[] = [];
    const index = new Map<string, number>();
    const counts: number[] = [];
    for (const id of allCards) {
      const at = index.get(id);
      if (at === undefined) {
        index.set(id, ids.length);
        ids.push(id);
        counts.push(1);
      } else counts[at] = (counts[at] as number) + 1;
    }
    found = { ids, index, counts: Int32Array.from(counts) };
    cardCounts.set(allCards, found);
  }
  return found;
}

/** Copies (one level each) every object and array on `path` below `root`, so it can be changed. */
function copyAlong(root: Record<string, unknown>, path: string): void {
  const parts = path.split('.');
  const walk = (node: unknown, index: number): void => {
    if (index >= parts.length - 1 || typeof node !== 'object' || node === null) return;
    const part = parts[index] as string;
    if (part === '*') {
      if (!Array.isArray(node)) return;
      for (let i = 0; i < node.length; i++) {
        node[i] = copyOf(node[i]);
        walk(node[i], index + 1);
      }
      return;
    }
    const record = node as Record<string, unknown>;
    if (!(part in record)) return;
    record[part] = copyOf(record[part]);
    walk(record[part], index + 1);
  };
  walk(root, 0);
}

function copyOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.slice();
  if (typeof value === 'object' && value !== null) return { ...value };
  return value;
}

/**
 * Rebuilds a full game state from a view: each hidden zone (recognised by its count field)
 * is refilled with cards drawn at random from those the view does not show.
 *
 * @remarks
 * The view is never changed. Private fields (`fields`) are not filled: their paths are copied
 * so that the game's `determinize` hook can fill them in place. The result shares with the
 * view every part that no hidden zone or private field runs through (only objects and arrays on a hidden zone's path are copied): callers deep-copy
 * it, as `Engine.determinize` does with the game's clone.
 */
export function determinizeView(
  view: GameView,
  zones: readonly ZoneDeclaration[],
  allCards: readonly string[],
  rng: Rng,
  fields: readonly PrivateFieldDeclaration[] = NO_FIELDS,
): unknown {
  const game: Record<string, unknown> = {};
  for (const key of Object.keys(view))
    if (key !== 'phase' && key !== 'known') game[key] = view[key];
  // Cards the viewer has been shown (`known`) stay where they are.
  const known = Array.isArray(view.known)
    ? (view.known as readonly { card: string; zone: string }[])
    : undefined;
  for (const zone of zones) if (zone.visibility !== 'everyone') copyAlong(game, zone.path);
  for (const field of fields) copyAlong(game, field.path);
  const { ids, index, counts: all } = countsOf(allCards);
  const remaining = all.slice();
  // Only a viewer that knows cards pays for placing them (most games never reveal).
  let fixed: Map<string, string[]> | undefined;
  for (const k of known ?? []) {
    fixed ??= new Map();
    const list = fixed.get(k.zone);
    if (list === undefined) fixed.set(k.zone, [k.card]);
    else list.push(k.card);
    const at = index.get(k.card);
    if (at !== undefined) remaining[at] = (remaining[at] as number) - 1;
  }
  for (const id of collectZoneCards(game, zones)) {
    const at = index.get(id);
    if (at !== undefined) remaining[at] = (remaining[at] as number) - 1;
  }
  const pool: string[] = [];
  for (let i = 0; i < ids.length; i++)
    for (let n = remaining[i] as number; n > 0; n--) pool.push(ids[i] as string);
  rng.shuffle(pool);
  dealHiddenZones(game, zones, pool, fixed);
  return game;
}

/**
 * Deals `pool` in order into every hidden zone of `game` that is missing (recognised by its
 * count field, which is removed): `count` cards into a list zone, one card into a slot.
 */
export function dealHiddenZones(
  game: Record<string, unknown>,
  zones: readonly ZoneDeclaration[],
  pool: readonly string[],
  fixed?: ReadonlyMap<string, readonly string[]>,
): void {
  let next = 0;
  for (const zone of zones) {
    if (zone.visibility === 'everyone') continue;
    if (fixed === undefined || fixed.size === 0) {
      // Nothing known: no concrete zone paths to build (the common case, and the fast one).
      forEachZoneHolder(game, zone.path, (holder, key) => {
        if (key in holder) return;
        const countKey = zone.countAs;
        const count =
          countKey !== undefined && typeof holder[countKey] === 'number' ? holder[countKey] : 0;
        if (countKey !== undefined) delete holder[countKey];
        if (zone.kind === 'slot')
          holder[key] = count > 0 && next < pool.length ? pool[next++] : null;
        else {
          holder[key] = pool.slice(next, next + count);
          next += count;
        }
      });
      continue;
    }
    forEachZoneHolder(game, zone.path, (holder, key, _owner, at) => {
      if (key in holder) return;
      const countKey = zone.countAs;
      const count =
        countKey !== undefined && typeof holder[countKey] === 'number' ? holder[countKey] : 0;
      if (countKey !== undefined) delete holder[countKey];
      // Cards the viewer knows are in this zone (`known`) go first.
      const shown = fixed?.get(at) ?? [];
      if (zone.kind === 'slot') {
        holder[key] = count > 0 ? (shown[0] ?? (next < pool.length ? pool[next++] : null)) : null;
      } else {
        const rest = Math.max(0, count - shown.length);
        holder[key] = [...shown.slice(0, count), ...pool.slice(next, next + rest)];
        next += rest;
      }
    });
  }
}
