import { cardOverridePaths } from '../define/card-override-paths.js';
import {
  applyCardOverrides,
  buildCardTable,
  checkCards,
  type CardDefinition,
  type CardTable,
} from '../cards/cards.js';
import type { Problem } from '../errors/problem.js';
import { resolveOptions } from '../options/options.js';
import { describeValue } from '../util/describe.js';
import { checkJsonLimits, SETUP_LIMITS } from '../util/json-limits.js';
import { checkEffectRefs } from '../define/check-game.js';
import type { AnyGame } from '../define/game.js';

/** The setup-dependent, seed-independent part of a match: options and cards, resolved. */
export interface CompiledRules {
  readonly players: number;
  readonly options: Readonly<Record<string, unknown>>;
  readonly cards: CardTable;
}

/** The most problems a setup check lists (a hostile setup could have millions). */
const MAX_PROBLEMS = 50;

function capped(problems: Problem[]): Problem[] {
  if (problems.length <= MAX_PROBLEMS) return problems;
  return [
    ...problems.slice(0, MAX_PROBLEMS),
    {
      path: 'setup',
      message: `and ${String(problems.length - MAX_PROBLEMS)} more problems not listed`,
    },
  ];
}

const cache = new WeakMap<AnyGame, Map<string, CompiledRules>>();

/** Checks players + options of a setup; returns the compiled rules or every problem. */
export function compileRules(
  game: AnyGame,
  players: unknown,
  options: unknown,
): { rules: CompiledRules; problems?: undefined } | { rules?: undefined; problems: Problem[] } {
  // Structure first: nothing below may recurse into, or copy, an unbounded value.
  const tooBig = checkJsonLimits(options, SETUP_LIMITS);
  if (tooBig !== undefined) return { problems: [{ path: 'options', message: tooBig }] };
  let key: string | undefined;
  if (typeof players === 'number') {
    try {
      key = `${String(players)}|${JSON.stringify(options ?? {})}`;
    } catch {
      key = undefined;
    }
    const hit = key !== undefined ? cache.get(game)?.get(key) : undefined;
    if (hit) return { rules: hit };
  }
  const problems: Problem[] = [];
  const { min, max } = game.players;
  if (typeof players !== 'number' || !Number.isInteger(players) || players < min || players > max) {
    problems.push({
      path: 'players',
      message: `expected a whole number of players from ${String(min)} to ${String(max)}, got ${describeValue(players)}`,
    });
  }
  const n = typeof players === 'number' && Number.isInteger(players) ? players : min;
  const overrides =
    typeof options === 'object' && options !== null
      ? (options as Record<string, unknown>).cards
      : undefined;
  const { cards, problems: overrideProblems } = applyCardOverrides(
    game.cards as readonly CardDefinition[],
    overrides,
    'options.cards',
  );
  problems.push(...overrideProblems);
  const effects = game.effects;
  const cardProblems = checkCards(
    cards,
    'options.cards',
    new Set(Object.keys(effects)),
    game.checkCard,
  );
  const remap = (found: readonly Problem[]): Problem[] =>
    cardOverridePaths(
      found,
      cards,
      game.cards as readonly CardDefinition[],
      overrides,
      'options.cards',
    );
  problems.push(...remap(cardProblems));
  // The card table (and so the option checks that read card ids) only from valid cards.
  if (overrideProblems.length > 0 || cardProblems.length > 0) return { problems: capped(problems) };
  const refProblems = remap(checkEffectRefs(cards, 'options.cards', effects));
  problems.push(...refProblems);
  if (refProblems.length > 0) return { problems: capped(problems) };
  const table = buildCardTable(cards);
  const { values, problems: optionProblems } = resolveOptions(
    game.options,
    options,
    { players: n, cardIds: table.instanceIds },
    ['cards'],
  );
  problems.push(...optionProblems);
  if (problems.length === 0 && game.checkSetup) {
    problems.push(...game.checkSetup({ players: n, options: values }));
  }
  if (problems.length > 0) return { problems: capped(problems) };
  const rules: CompiledRules = Object.freeze({
    players: n,
    options: Object.freeze(values),
    cards: table,
  });
  if (key !== undefined) {
    let perGame = cache.get(game);
    if (!perGame) {
      perGame = new Map();
      cache.set(game, perGame);
    }
    if (perGame.size < 256) perGame.set(key, rules);
  }
  return { rules };
}
