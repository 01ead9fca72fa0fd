/**
 * One space of a ring map.
 * @public
 */
export interface MapSpace {
  /** The space's name as printed on the board. */
  readonly name: string;
  /** Whether the space is a settlement (can be founded, developed, raided and conquered). */
  readonly settlement: boolean;
}

/**
 * A ring map: spaces numbered from 1 in clockwise order; the last space is followed by space 1.
 * @public
 */
export interface RingMap {
  /** The spaces in clockwise order; `spaces[0]` is space 1. */
  readonly spaces: readonly MapSpace[];
}

const NAMES = [
  'Gulf Stream',
  'Intracoastal Waterways',
  'St Augustine',
  'Mangrove Swamps',
  'Unexplored Wilderness',
  'Cowford',
  'Payne’s Prairie',
  'Indian Trails',
  'New Smyrna',
  'Hardwood Hammock',
  'Barrier Islands',
  'Fort Caroline',
  'Pond Apple Slough',
  'King’s Road',
  'Fort Matanzas',
  'Cypress Stand',
  'Lakes',
  'Fort Picolata',
  'St. Johns River',
  'Wild Coast',
  'Cape Canaveral',
  'Beaches & Sandbars',
  'Wetlands & Estuaries',
  'Santa Maria de Loreto',
  'Everglades',
  'Old Spanish Road',
  'San Luis',
  'Sawgrass',
  'Quagmire',
  'San Marcos',
  'Coral Reefs & Seagrass Beds',
  'Sand Hills',
  'Pensacola',
  'Pine Barrens & Flatwoods',
  'Sinkholes & Limestone Springs',
  'Tallahassee',
] as const;

/**
 * The board of the rule sheet: 36 spaces, Gulf Stream (1) to Tallahassee (36); every third
 * space (3, 6, ..., 36) is a settlement.
 * @public
 */
export const FLORIDA_MAP: RingMap = Object.freeze({
  spaces: Object.freeze(
    NAMES.map((name, i) => Object.freeze({ name, settlement: (i + 1) % 3 === 0 })),
  ),
});

/** Largest ring a variant map may have. */
const MAX_SPACES = 1000;

/**
 * Checks a map given as a variant option; returns the problems (empty when it is fine).
 * @public
 */
export function checkRingMap(value: unknown): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return ['expected a map object { spaces: [{ name, settlement }, ...] }'];
  const keys = Object.keys(value);
  const problems: string[] = [];
  for (const key of keys)
    if (key !== 'spaces') problems.push(`unknown map field '${key}' (a map has only 'spaces')`);
  const spaces = (value as { spaces?: unknown }).spaces;
  if (!Array.isArray(spaces)) return [...problems, "a map needs a 'spaces' array"];
  if (spaces.length < 2 || spaces.length > MAX_SPACES)
    problems.push(`a map needs from 2 to ${MAX_SPACES} spaces, got ${spaces.length}`);
  let settlements = 0;
  spaces.forEach((space: unknown, i) => {
    const at = `space ${i + 1}`;
    if (typeof space !== 'object' || space === null || Array.isArray(space)) {
      problems.push(`${at} must be { name, settlement }`);
      return;
    }
    const s = space as Record<string, unknown>;
    for (const key of Object.keys(s))
      if (key !== 'name' && key !== 'settlement')
        problems.push(`${at} has an unknown field '${key}'`);
    if (typeof s.name !== 'string' || s.name.trim() === '')
      problems.push(`${at} needs a non-empty name`);
    if (typeof s.settlement !== 'boolean')
      problems.push(`${at}: 'settlement' must be true or false`);
    else if (s.settlement) settlements++;
  });
  if (settlements === 0 && spaces.length > 0)
    problems.push('a map needs at least one settlement space');
  return problems;
}

/**
 * What the rules derive from a map: the settlement spaces in ring order and their neighbours.
 * @public
 */
export interface MapLayout {
  /** Number of spaces on the ring. */
  readonly size: number;
  /** Space numbers of the settlements, in ring (clockwise) order. */
  readonly settlementSpaces: readonly number[];
  /** For every space number (index 0 unused): its index in `settlementSpaces`, or -1. */
  readonly settlementIndex: readonly number[];
  /** For each settlement index: the indices of its adjacent settlements (one or two). */
  readonly neighbours: readonly (readonly number[])[];
}

const layouts = new WeakMap<RingMap, MapLayout>();

/**
 * The layout of a map (cached per map object). Two settlements are adjacent when they are
 * neighbours among the settlements on the ring.
 * @public
 */
export function getMapLayout(map: RingMap): MapLayout {
  let layout = layouts.get(map);
  if (layout !== undefined) return layout;
  const size = map.spaces.length;
  const settlementSpaces: number[] = [];
  const settlementIndex: number[] = new Array<number>(size + 1).fill(-1);
  map.spaces.forEach((space, i) => {
    if (space.settlement) {
      settlementIndex[i + 1] = settlementSpaces.length;
      settlementSpaces.push(i + 1);
    }
  });
  const n = settlementSpaces.length;
  const neighbours: number[][] = settlementSpaces.map((_, i) => {
    const left = (i - 1 + n) % n;
    const right = (i + 1) % n;
    if (n === 1) return [];
    return left === right ? [left] : [left, right];
  });
  layout = { size, settlementSpaces, settlementIndex, neighbours };
  layouts.set(map, layout);
  return layout;
}

/**
 * The space reached from `space` after `steps` spaces clockwise (increasing numbers, wrapping
 * from the last space to 1); negative steps go counterclockwise.
 * @public
 */
export function stepAround(space: number, steps: number, size: number): number {
  const at = space - 1 + steps;
  // Within one lap either way (every move of the rules): no division.
  if (at >= 0) {
    if (at < size) return at + 1;
    if (at < 2 * size) return at - size + 1;
  } else if (at >= -size) return at + size + 1;
  return (((at % size) + size) % size) + 1;
}
