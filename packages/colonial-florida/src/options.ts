import { option, type OptionValues, describeValue } from '@ruleloom/core';
import { checkRingMap, FLORIDA_MAP, type RingMap } from './map/map.js';

/**
 * Where the pawns and the four hazard markers start (space numbers).
 * @public
 */
export interface StartSpaces {
  /** Every player's pawn. */
  readonly pawns: number;
  /** The Hurricane marker. */
  readonly hurricane: number;
  /** The Pirate marker. */
  readonly pirate: number;
  /** The Indian Raid marker. */
  readonly raid: number;
  /** The Disease marker. */
  readonly disease: number;
}

const START_KEYS = ['pawns', 'hurricane', 'pirate', 'raid', 'disease'] as const;

function checkStartSpaces(value: unknown): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return ['expected { pawns, hurricane, pirate, raid, disease }, each a space number'];
  }
  const v = value as Record<string, unknown>;
  const problems: string[] = [];
  for (const key of Object.keys(v)) {
    if (!(START_KEYS as readonly string[]).includes(key))
      problems.push(`unknown start space '${key}' (expected ${START_KEYS.join(', ')})`);
  }
  for (const key of START_KEYS) {
    const n = v[key];
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1)
      problems.push(
        `${key} must be a space number (a whole number from 1), got ${describeValue(n)}`,
      );
  }
  return problems;
}

function checkDeckOrder(value: unknown, cardIds: readonly string[]): string[] {
  if (value === null) return [];
  if (!Array.isArray(value))
    return ['expected null (shuffle) or a list of every card instance id, top first'];
  const problems: string[] = [];
  const known = new Set(cardIds);
  const seen = new Set<string>();
  for (const id of value) {
    if (typeof id !== 'string' || !known.has(id))
      problems.push(`unknown card instance id ${describeValue(id)}`);
    else if (seen.has(id)) problems.push(`card '${id}' appears twice`);
    else seen.add(id);
  }
  const missing = cardIds.filter((id) => !seen.has(id));
  if (missing.length > 0) {
    problems.push(
      `the order must list all ${cardIds.length} cards; missing ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ` and ${missing.length - 5} more` : ''}`,
    );
  }
  return problems;
}

/**
 * The option declarations of Colonial Florida (defaults as in the rules file).
 * @public
 */
export const colonialFloridaOptions = {
  goldToWin: option.integer({
    default: 50,
    min: 1,
    max: 100_000,
    description: 'Gold a player needs at a check to win.',
  }),
  maxTurns: option.integer({
    default: 200,
    min: 1,
    max: 100_000,
    description: 'Turns after which the game ends and the most Gold wins.',
  }),
  controlMarkers: option.integer({
    default: 12,
    min: 1,
    max: 1000,
    description: 'Control markers per player (the most settlements a player can hold).',
  }),
  startSpaces: option.custom<StartSpaces>({
    default: { pawns: 1, hurricane: 1, pirate: 1, raid: 1, disease: 1 },
    description:
      'Start spaces of the pawns and of the four markers: { pawns, hurricane, pirate, raid, disease }, each a space number.',
    validate: checkStartSpaces,
  }),
  ownSettlement: option.enum(['repairOrDraw', 'repairThenDraw'], {
    default: 'repairOrDraw',
    description:
      "On your own settlement: remove 1D6 Raze markers if it has any, else draw ('repairOrDraw'); or remove 1D6 then draw if none are left ('repairThenDraw').",
  }),
  deckOrder: option.custom<readonly string[] | null>({
    default: null,
    secret: true,
    description: 'null to shuffle the deck, or every card instance id in deck order, top first.',
    validate: (value, { cardIds }) => checkDeckOrder(value, cardIds),
  }),
  map: option.custom<RingMap>({
    default: FLORIDA_MAP,
    description:
      'The ring of spaces: { spaces: [{ name, settlement }, ...] }, space 1 first, clockwise.',
    validate: checkRingMap,
  }),
};

/**
 * The resolved options of a Colonial Florida match.
 * @public
 */
export type ColonialFloridaOptions = OptionValues<typeof colonialFloridaOptions>;
