import {
  option,
  type CustomOption,
  type EnumOption,
  type IntegerOption,
  type OptionCheckContext,
  type OptionValues,
  type Problem,
  describeValue,
} from '@ruleloom/core';
import { MONEY_UNIT } from './money.js';

/**
 * The declarations of St. Augustine's options (`cards` overrides are handled by the core).
 * @public
 */
export type StAugustineOptionsSchema = {
  readonly startingMoney: IntegerOption;
  readonly turns: IntegerOption;
  readonly turnCounting: EnumOption<'total' | 'perPlayer'>;
  readonly minimumBid: IntegerOption;
  readonly tieRule: EnumOption<'all' | 'none'>;
  readonly deckOrder: CustomOption<readonly string[] | null>;
  readonly onDeckExhausted: EnumOption<'reshuffle' | 'end'>;
  readonly trading: EnumOption<'on' | 'off'>;
  readonly maxProposalsPerPlayer: IntegerOption;
  readonly maxPlayers: IntegerOption;
};

/**
 * Resolved option values of St. Augustine.
 * @public
 */
export type StAugustineOptions = OptionValues<StAugustineOptionsSchema>;

const MAX_LISTED = 5;

function listIds(ids: readonly string[]): string {
  const shown = ids.slice(0, MAX_LISTED).map((id) => `'${id}'`);
  return ids.length > MAX_LISTED
    ? `${shown.join(', ')} and ${String(ids.length - MAX_LISTED)} more`
    : shown.join(', ');
}

/** Checks that a deck order is null or a full permutation of the match's card ids. */
export function checkDeckOrder(value: unknown, context: OptionCheckContext): string[] {
  if (value === null) return [];
  if (!Array.isArray(value)) return ['expected null or a list of every card id, top first'];
  const problems: string[] = [];
  const known = new Set(context.cardIds);
  const seen = new Set<string>();
  const unknown: string[] = [];
  const duplicates: string[] = [];
  for (const id of value as unknown[]) {
    if (typeof id !== 'string') {
      problems.push(`every entry must be a card id, got ${describeValue(id)}`);
      continue;
    }
    if (!known.has(id)) unknown.push(id);
    else if (seen.has(id)) duplicates.push(id);
    seen.add(id);
  }
  const missing = context.cardIds.filter((id) => !seen.has(id));
  if (unknown.length > 0) problems.push(`unknown card ids ${listIds(unknown)}`);
  if (duplicates.length > 0) problems.push(`card ids listed twice: ${listIds(duplicates)}`);
  if (missing.length > 0) problems.push(`missing card ids ${listIds(missing)}`);
  if (problems.length > 0) {
    problems.unshift(
      `must list each of the ${String(context.cardIds.length)} card ids exactly once (got ${String(value.length)} entries)`,
    );
  }
  return problems;
}

/**
 * The option declarations of St. Augustine, with their defaults (the rules file's values).
 * @public
 */
export const stAugustineOptions: StAugustineOptionsSchema = {
  startingMoney: option.integer({
    default: 20_000,
    min: 0,
    max: 10_000_000,
    multipleOf: MONEY_UNIT,
    description: 'Money each player starts with, in dollars (a multiple of $1,000).',
  }),
  turns: option.integer({
    default: 40,
    min: 1,
    max: 10_000,
    description: 'Length of the game in turns (see turnCounting).',
  }),
  turnCounting: option.enum(['total', 'perPlayer'], {
    default: 'total',
    description:
      "'total': turns counts every player's turns together; 'perPlayer': each player plays that many turns.",
  }),
  minimumBid: option.integer({
    default: 5_000,
    min: MONEY_UNIT,
    max: 10_000_000,
    multipleOf: MONEY_UNIT,
    description: 'The lowest opening bid in an auction, in dollars (a multiple of $1,000).',
  }),
  tieRule: option.enum(['all', 'none'], {
    default: 'all',
    description:
      "Least money / fewest shops attractions on a tie: 'all' pays each tied player, 'none' pays nobody.",
  }),
  deckOrder: option.custom<readonly string[] | null>({
    default: null,
    secret: true,
    description:
      'A fixed deck order (every card id once, top first) instead of a shuffle, or null.',
    validate: checkDeckOrder,
  }),
  onDeckExhausted: option.enum(['reshuffle', 'end'], {
    default: 'reshuffle',
    description:
      "When the deck runs out: 'reshuffle' the discard pile into a new deck, or 'end' the game.",
  }),
  trading: option.enum(['on', 'off'], {
    default: 'on',
    description: "'off' skips the trade phase.",
  }),
  maxProposalsPerPlayer: option.integer({
    default: 3,
    min: 0,
    max: 100,
    description: 'Trade proposals each player may make in one trade phase.',
  }),
  maxPlayers: option.integer({
    default: 6,
    min: 2,
    max: 8,
    description:
      'The largest player count this setup accepts: 6 by the rules, up to 8 when raised.',
  }),
};

/** Checks a setup across options and player count: the player count against `maxPlayers`. */
export function checkStAugustineSetup(setup: {
  readonly players: number;
  readonly options: StAugustineOptions;
}): readonly Problem[] {
  if (setup.players <= setup.options.maxPlayers) return [];
  return [
    {
      path: 'players',
      message: `${String(setup.players)} players is more than maxPlayers (${String(setup.options.maxPlayers)}); set the option maxPlayers to ${String(setup.players)} or more (up to 8) to allow it`,
    },
  ];
}
