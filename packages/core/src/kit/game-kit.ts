import type { CardDefinition } from '../cards/cards.js';
import type { AnyGame, CardOf, OptionsOf } from '../define/game.js';
import { isGame } from '../define/game.js';
import type { Heuristic, RulesContext } from '../define/types.js';
import { GameDefinitionError } from '../errors/game-definition-error.js';
import type { Problem } from '../errors/problem.js';
import { validateSetup } from '../match/match.js';
import type { GameMetric, GameMetricsExtension } from '../metrics/game-metrics.js';
import type { PresenterOf } from '../present/presenter.js';

/** Marks objects made by {@link defineKit}. */
export const KIT_BRAND: unique symbol = Symbol.for('ruleloom.kit');

/**
 * A player count and option values: what a kit proposes for a match (the seed comes from
 * whoever starts it).
 * @public
 */
export interface KitSetup {
  /** Number of players. */
  readonly players: number;
  /** Option values; missing ones take the game's defaults. */
  readonly options?: Readonly<Record<string, unknown>>;
  /** One line saying what this setup is for (`'a short game for tests'`). */
  readonly description?: string;
}

/**
 * How benchmarks measure a game (`ruleloom bench`): which setup, which policy plays both sides,
 * and extra setups that show how cost grows with players or game length.
 *
 * @example
 * ```ts
 * benchmark: {
 *   policy: 'declared-traits',
 *   scaling: { '2 players': { players: 2 }, '6 players': { players: 6 } },
 * }
 * ```
 * @public
 */
export interface KitBenchmark {
  /** The name of the kit's quick setup to measure (default `'bench'`, else the default setup). */
  readonly setup?: string;
  /**
   * The policy that chooses every seat's actions: `'declared-traits'` passes half the time,
   * else takes the lowest amount, as the game's declared action traits say (uniform among
   * actions without such traits); `'uniform'` picks uniformly among the legal actions.
   */
  readonly policy: 'declared-traits' | 'uniform';
  /** How the results name the policy (default: a description of `policy`). */
  readonly policyName?: string;
  /** Extra setups, by the label the results show, measured as well (games per second). */
  readonly scaling?: Readonly<Record<string, KitSetup>>;
}

/**
 * Builds a game's evaluation for one match from its rules: the options, the player count and
 * the card table of that match (a custom map, a variant's added cards), so the heuristic
 * never restates the base game's data.
 *
 * @remarks
 * Typed as a method's signature rather than a function type, so its `rules` parameter is
 * checked bivariantly: a kit of a specific game (`GameKit<typeof myGame>`) is then a
 * `GameKit`, as a host's list of kits needs.
 * @public
 */
export type HeuristicFactory<TOptions = unknown, TCard extends CardDefinition = CardDefinition> = {
  build(rules: RulesContext<TOptions, TCard>): Heuristic;
}['build'];

/**
 * Everything a host (the command line, the server, the web app, tournaments, the Python
 * environments) needs to offer a game, from one module: the game, the words people read, the
 * setups to start from, the game's evaluation for bots and the bots' settings for it.
 *
 * @remarks
 * A game package exports one kit; a module whose default export is a kit can be loaded by path
 * (`ruleloom play ./my-game.mjs`). Every field but `game` and `defaultSetup` is optional: a host
 * falls back to generic behaviour (seat labels, the view's JSON as the board, bots without an
 * evaluation) where a kit says nothing.
 * @typeParam TGame - the kit's game
 * @public
 */
export interface GameKit<TGame extends AnyGame = AnyGame> extends GameKitSpec<TGame> {
  /** @internal */
  readonly [KIT_BRAND]: true;
}

/**
 * A kit as its author writes it: what {@link defineKit} checks and turns into a
 * {@link GameKit}.
 * @typeParam TGame - the kit's game
 * @public
 */
export interface GameKitSpec<TGame extends AnyGame = AnyGame> {
  /** The game definition (or a variant). */
  readonly game: TGame;
  /**
   * Names, narration and the text board (see `GamePresenter`), typed from the game
   * ({@link PresenterOf}): written inline, its hooks read the game's view, actions and events
   * without a cast.
   */
  readonly presenter?: PresenterOf<TGame>;
  /** The setup hosts offer first: the real game, as its rules describe it. */
  readonly defaultSetup: KitSetup;
  /**
   * Named setups for quick tries, tests and benchmarks (`quick`: a short game for the demo and
   * tests; `bench`: the setup benchmarks measure).
   */
  readonly quickSetups?: Readonly<Record<string, KitSetup>>;
  /** The game's evaluation for greedy and search bots, built from the rules of each match. */
  readonly heuristic?: HeuristicFactory<OptionsOf<TGame>>;
  /**
   * Bot settings for this game, keyed by the bot catalog's names (for example the `ismcts`
   * entry holds its iterations and rollout): plain JSON data that the bot catalog merges over
   * its defaults.
   */
  readonly bots?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** Where people read the full rules (a URL or a path in the game's package). */
  readonly rulesDoc?: string;
  /**
   * The game's own balance metrics, reported by `ruleloom analyze` after the generic ones
   * (St. Augustine's monopolies formed, Colonial Florida's conquests), how its cards group and
   * which cards a seat acquired (see {@link GameMetricsExtension}). A kit without them gets
   * the generic metrics only.
   *
   * @example
   * ```ts
   * defineKit({
   *   game: pig,
   *   defaultSetup: { players: 2 },
   *   metrics: {
   *     metrics: [
   *       defineMetric({
   *         id: 'holds',
   *         description: 'Times a player banked their turn total.',
   *         kind: 'value',
   *         measure: (t) => t.steps.filter((s) => s.action === 'hold').length,
   *       }),
   *     ],
   *   },
   * });
   * ```
   */
  readonly metrics?: GameMetricsExtension<CardOf<TGame>>;
  /** How `ruleloom bench` measures this game (see {@link KitBenchmark}). */
  readonly benchmark?: KitBenchmark;
}

/**
 * Checks a kit and marks it as one: the game must be a defined game, the presenter (when
 * given) must present that game, and every setup must be valid for it. Throws a
 * {@link GameDefinitionError} listing every problem.
 *
 * @example
 * ```ts
 * export default defineKit({
 *   game: liarsDice,
 *   presenter: liarsDicePresenter,
 *   defaultSetup: { players: 3 },
 *   quickSetups: { quick: { players: 2, options: { dice: 3 } } },
 * });
 * ```
 * @public
 */
export function defineKit<TGame extends AnyGame>(spec: GameKitSpec<TGame>): GameKit<TGame> {
  const problems = checkKit(spec);
  const id = isGame(spec.game) ? spec.game.id : 'kit';
  if (problems.length > 0) throw new GameDefinitionError(id, problems);
  return Object.freeze({ ...spec, [KIT_BRAND]: true as const });
}

/**
 * Whether a value is a kit made by {@link defineKit} (across copies of this package: the
 * brand is a registered symbol).
 * @public
 */
export function isGameKit(value: unknown): value is GameKit {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Record<symbol, unknown>)[KIT_BRAND] === true &&
    isGame((value as { game?: unknown }).game)
  );
}

function checkKit(spec: GameKitSpec): Problem[] {
  const problems: Problem[] = [];
  if (!isGame(spec.game)) {
    problems.push({
      path: 'game',
      message: 'expected a game made by defineGame or defineVariant',
    });
    return problems;
  }
  const game = spec.game;
  if (spec.presenter !== undefined && spec.presenter.gameId !== game.id) {
    problems.push({
      path: 'presenter.gameId',
      message: `the presenter presents '${spec.presenter.gameId}', not '${game.id}'`,
    });
  }
  const setups: [string, KitSetup][] = [['defaultSetup', spec.defaultSetup]];
  for (const [name, setup] of Object.entries(spec.quickSetups ?? {}))
    setups.push([`quickSetups.${name}`, setup]);
  const benchmark = checkBenchmark(spec, problems);
  for (const [label, setup] of Object.entries(benchmark?.scaling ?? {}))
    setups.push([`benchmark.scaling.${label}`, setup]);
  for (const [path, setup] of setups) {
    const checked = validateSetup(game, {
      seed: 0,
      players: setup.players,
      options: setup.options ?? {},
    });
    if (!checked.ok)
      for (const p of checked.errors)
        problems.push({ path: `${path}.${p.path}`, message: p.message });
  }
  if (spec.heuristic !== undefined && typeof spec.heuristic !== 'function')
    problems.push({ path: 'heuristic', message: 'expected a function (rules) => heuristic' });
  for (const [name, params] of Object.entries(spec.bots ?? {})) {
    if (typeof params !== 'object' || Array.isArray(params))
      problems.push({ path: `bots.${name}`, message: 'expected an object of bot settings' });
  }
  if (spec.metrics !== undefined) problems.push(...checkMetrics(spec.metrics));
  problems.push(...checkForms(spec.presenter?.forms));
  return problems;
}

const POLICIES: readonly string[] = ['declared-traits', 'uniform'];

/** The kit's `benchmark`: its shape (its scaling setups are checked with the other setups). */
function checkBenchmark(spec: GameKitSpec, problems: Problem[]): KitBenchmark | undefined {
  const value: unknown = spec.benchmark;
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    problems.push({
      path: 'benchmark',
      message: "expected an object: { setup?, policy: 'declared-traits' | 'uniform', scaling? }",
    });
    return undefined;
  }
  const b = value as { setup?: unknown; policy?: unknown; policyName?: unknown; scaling?: unknown };
  if (
    b.setup !== undefined &&
    (typeof b.setup !== 'string' || !(b.setup in (spec.quickSetups ?? {})))
  )
    problems.push({
      path: 'benchmark.setup',
      message: `expected the name of one of the kit's quickSetups (${Object.keys(spec.quickSetups ?? {}).join(', ') || 'none'})`,
    });
  if (typeof b.policy !== 'string' || !POLICIES.includes(b.policy))
    problems.push({ path: 'benchmark.policy', message: `expected one of ${POLICIES.join(', ')}` });
  if (b.policyName !== undefined && (typeof b.policyName !== 'string' || b.policyName === ''))
    problems.push({ path: 'benchmark.policyName', message: 'expected a non-empty string' });
  if (b.scaling === undefined) return undefined;
  if (typeof b.scaling !== 'object' || b.scaling === null || Array.isArray(b.scaling)) {
    problems.push({
      path: 'benchmark.scaling',
      message: 'expected an object of setups by label: { "2 players": { players: 2 } }',
    });
    return undefined;
  }
  for (const [label, setup] of Object.entries(b.scaling as Record<string, unknown>))
    if (
      typeof setup !== 'object' ||
      setup === null ||
      typeof (setup as KitSetup).players !== 'number'
    ) {
      problems.push({
        path: `benchmark.scaling.${label}`,
        message: 'expected a setup: { players, options? }',
      });
      return undefined;
    }
  return value as KitBenchmark;
}

const STEP_TYPES: readonly string[] = ['chooseOne', 'chooseMany', 'amount', 'confirm'];

/** The presenter's action forms: each with steps of a known type and a `build` function. */
function checkForms(forms: Readonly<Record<string, unknown>> | undefined): Problem[] {
  const problems: Problem[] = [];
  for (const [type, value] of Object.entries(forms ?? {})) {
    const path = `presenter.forms.${type}`;
    const form = value as { steps?: unknown; build?: unknown } | null | undefined;
    if (typeof form !== 'object' || form === null) {
      problems.push({ path, message: 'expected an action form: { title, steps, build }' });
      continue;
    }
    if (typeof form.build !== 'function')
      problems.push({ path: `${path}.build`, message: 'expected a function (answers) => action' });
    if (!Array.isArray(form.steps)) {
      problems.push({ path: `${path}.steps`, message: 'expected an array of steps' });
      continue;
    }
    const ids = new Set<string>();
    (form.steps as readonly ({ id?: unknown; type?: unknown } | null)[]).forEach((step, i) => {
      const at = `${path}.steps[${String(i)}]`;
      if (typeof step?.id !== 'string' || step.id === '' || ids.has(step.id))
        problems.push({
          path: `${at}.id`,
          message: 'expected a non-empty id used by no other step',
        });
      else ids.add(step.id);
      if (typeof step?.type !== 'string' || !STEP_TYPES.includes(step.type))
        problems.push({ path: `${at}.type`, message: `expected one of ${STEP_TYPES.join(', ')}` });
    });
  }
  return problems;
}

function checkMetrics<TCard extends CardDefinition>(
  metrics: GameMetricsExtension<TCard>,
): Problem[] {
  const problems: Problem[] = [];
  if (typeof metrics !== 'object' || metrics === null || Array.isArray(metrics))
    return [
      { path: 'metrics', message: 'expected an object: { metrics, cardGroups, acquisitions }' },
    ];
  for (const key of ['cardGroups', 'acquisitions'] as const)
    if (metrics[key] !== undefined && typeof metrics[key] !== 'function')
      problems.push({ path: `metrics.${key}`, message: 'expected a function' });
  if (metrics.metrics === undefined) return problems;
  if (!Array.isArray(metrics.metrics))
    return [...problems, { path: 'metrics.metrics', message: 'expected an array of metrics' }];
  const seen = new Set<string>();
  metrics.metrics.forEach((m: Partial<GameMetric> | null, i) => {
    const path = `metrics.metrics[${String(i)}]`;
    if (typeof m !== 'object' || m === null) {
      problems.push({ path, message: 'expected a metric made by defineMetric' });
      return;
    }
    if (typeof m.id !== 'string' || m.id === '')
      problems.push({ path: `${path}.id`, message: 'expected a non-empty id' });
    else if (seen.has(m.id))
      problems.push({ path: `${path}.id`, message: `two metrics have the id '${m.id}'` });
    else seen.add(m.id);
    if (m.kind !== 'rate' && m.kind !== 'value')
      problems.push({ path: `${path}.kind`, message: "expected 'rate' or 'value'" });
    if (typeof m.measure !== 'function')
      problems.push({
        path: `${path}.measure`,
        message: 'expected a function (trace) => number | null',
      });
  });
  return problems;
}
