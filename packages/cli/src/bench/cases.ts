import {
  createEngine,
  Rng,
  type Engine,
  type Game,
  type GameKit,
  type RulesSetup,
} from '@ruleloom/core';
import { measure, type BenchResult } from './measure.js';
import {
  playForward,
  playForwardShared,
  playModel,
  playPublic,
  sampleStates,
  type Policy,
} from './play.js';
import { declaredTraitsPolicy, uniformChoice } from './policy.js';
import { measureMemory } from './memory.js';
import { measureSetupValidation } from './setups.js';
import { measureObservation } from './observation.js';

/** Games played to report the mean number of decisions per game. */
const DECISION_SAMPLE_GAMES = 200;

/** A game as the benchmark suite runs it. */
export interface BenchGame {
  readonly id: string;
  readonly game: Game;
  readonly setup: RulesSetup;
  readonly policy: Policy;
  readonly policyName: string;
  /** Extra setups to show how cost grows (players, game length). */
  readonly scaling: readonly { readonly label: string; readonly setup: RulesSetup }[];
}

/** Options of {@link runBenchmarks}. */
export interface BenchOptions {
  /** The games to measure (see {@link benchGameOfKit}). */
  readonly games: readonly BenchGame[];
  /** Shorter runs (for smoke tests): about 10x faster, noisier. */
  readonly quick?: boolean;
  /** Extra cases from other packages (e.g. MCTS iterations/s from the bots package). */
  readonly extra?: (game: BenchGame, engine: Engine) => Promise<BenchResult[]>;
}

/**
 * Operations per timed call of the per-operation cases. tinybench reads the clock around
 * every call (about 45 ns on the reference machine); timing a batch spreads that over the
 * batch, so a 400 ns operation is not reported 10% slower than it is.
 */
const BATCH = 32;

/** Per-operation cases run {@link BATCH} operations per timed call. */
function batched<T extends { fn: () => void }>(tasks: readonly T[]): (T & { perCall: number })[] {
  return tasks.map((t) => ({
    ...t,
    perCall: BATCH,
    fn: () => {
      for (let k = 0; k < BATCH; k++) t.fn();
    },
  }));
}

/** Runs the suite for one game. */
async function benchGame(g: BenchGame, options: BenchOptions): Promise<BenchResult[]> {
  const time = options.quick ? 60 : 1500;
  const engine = createEngine(g.game, g.setup);
  let seed = 1;
  const note = `${String(g.setup.players)} players, ${JSON.stringify(g.setup.options ?? {})}, policy: ${g.policyName}`;
  const model = engine.forwardModel();
  let decisions = 0;
  for (let s = 0; s < DECISION_SAMPLE_GAMES; s++) {
    const n = playForward(engine, 1_000_000 + s, g.policy);
    // The game's own model must play the same games (the laws prove it; this guards the suite).
    if (model !== undefined && playModel(engine, model, 1_000_000 + s, g.policy) !== n)
      throw new Error(`${g.id}: the game's forward model and the engine played different games`);
    decisions += n;
  }
  decisions /= DECISION_SAMPLE_GAMES;
  const modelCases =
    model === undefined
      ? []
      : [
          {
            name: "forward model games (the game's own model: legalActions, step)",
            unit: 'games/s' as const,
            note: `${note}; the game's typed-array forward model, proven equal to the engine`,
            fn: () => void playModel(engine, model, seed++, g.policy),
          },
        ];
  const results = await measure(
    g.id,
    [
      ...modelCases,
      {
        name: 'public API games (createMatch, legalActions, apply)',
        unit: 'games/s',
        note,
        fn: () => void playPublic(g.game, g.setup, seed++, g.policy),
      },
      {
        name: 'forward model games (clone, sharedLegalActions, trusted step)',
        unit: 'games/s',
        note: `${note}; shared action lists and trusted steps: the engine's fastest path`,
        fn: () => void playForwardShared(engine, seed++, g.policy),
      },
      {
        name: 'forward model games (clone, legalActions, trusted step)',
        unit: 'games/s',
        note: `${note}; trusted steps, as search bots use them`,
        fn: () => void playForward(engine, seed++, g.policy, true),
      },
      {
        name: 'forward model games (clone, legalActions, validated step)',
        unit: 'games/s',
        note,
        fn: () => void playForward(engine, seed++, g.policy),
      },
    ],
    time * 2,
  );

  const states = sampleStates(engine, [11, 12, 13], g.policy);
  const rng = Rng.fromSeed(5);
  const moves = states.map((s) => {
    const seat = engine.toAct(s)[0] as number;
    return { state: s, seat, action: g.policy(engine.legalActions(s, seat), rng) };
  });
  let i = 0;
  const next = () => moves[i++ % moves.length] as (typeof moves)[number];
  const fastMoves =
    model === undefined
      ? []
      : moves.map((m) => ({ state: model.fromState(m.state), action: m.action }));
  let j = 0;
  const nextFast = () => fastMoves[j++ % fastMoves.length] as (typeof fastMoves)[number];
  const modelMicro =
    model === undefined
      ? []
      : [
          {
            name: "clone + step (the game's own model, mid-game state)",
            unit: 'ns/op' as const,
            fn: () => {
              const m = nextFast();
              model.step(model.clone(m.state), m.action);
            },
          },
        ];
  const micro = await measure(
    g.id,
    batched([
      ...modelMicro,
      { name: 'clone (mid-game state)', unit: 'ns/op', fn: () => void engine.clone(next().state) },
      {
        name: 'clone + step (mid-game state)',
        unit: 'ns/op',
        fn: () => {
          const m = next();
          engine.step(engine.clone(m.state), m.seat, m.action, false);
        },
      },
      {
        name: 'apply (pure, validated)',
        unit: 'ns/op',
        fn: () => {
          const m = next();
          engine.apply(m.state, m.seat, m.action);
        },
      },
      {
        name: 'legalActions',
        unit: 'ns/op',
        fn: () => {
          const m = next();
          engine.legalActions(m.state, m.seat);
        },
      },
      { name: 'hash (mid-game state)', unit: 'ns/op', fn: () => void engine.hash(next().state) },
      { name: 'view (mid-game state)', unit: 'ns/op', fn: () => void engine.view(next().state, 0) },
    ]),
    time,
  );

  const scaling = await measure(
    g.id,
    g.scaling.flatMap((s) => {
      const e = createEngine(g.game, s.setup);
      const m = e.forwardModel();
      return [
        ...(m === undefined
          ? []
          : [
              {
                name: `forward model games (the game's own model), ${s.label}`,
                unit: 'games/s' as const,
                note: JSON.stringify(s.setup),
                fn: () => void playModel(e, m, seed++, g.policy),
              },
            ]),
        {
          name: `public API games, ${s.label}`,
          unit: 'games/s' as const,
          note: JSON.stringify(s.setup),
          fn: () => void playPublic(g.game, s.setup, seed++, g.policy),
        },
        {
          name: `forward model games, ${s.label}`,
          unit: 'games/s' as const,
          note: `${JSON.stringify(s.setup)}; trusted steps`,
          fn: () => void playForward(e, seed++, g.policy, true),
        },
        {
          name: `forward model games (shared lists), ${s.label}`,
          unit: 'games/s' as const,
          note: `${JSON.stringify(s.setup)}; sharedLegalActions, trusted steps`,
          fn: () => void playForwardShared(e, seed++, g.policy),
        },
      ];
    }),
    time,
  );

  const extra = options.extra ? await options.extra(g, engine) : [];
  return [
    ...results,
    {
      game: g.id,
      name: `decisions per game (reference setup, mean of ${String(DECISION_SAMPLE_GAMES)} games)`,
      value: decisions,
      unit: 'decisions',
    },
    ...micro,
    ...scaling,
    ...measureMemory(g.id, engine, states, g.policy),
    ...measureSetupValidation(g.id, g.game, g.setup.players, options.quick === true),
    ...(await measureObservation(g.id, g.game, engine, states, time)),
    ...extra,
  ];
}

/**
 * Runs the benchmark suite: for each game, public-API and forward-model games per second
 * under the reference policy, per-operation costs on mid-game states (clone, clone + step,
 * apply, legalActions, hash, view), scaling with players and game length, and memory per state.
 * @public
 */
export async function runBenchmarks(options: BenchOptions): Promise<BenchResult[]> {
  const out: BenchResult[] = [];
  for (const g of options.games) out.push(...(await benchGame(g, options)));
  return out;
}

/**
 * A kit as the suite runs it: what its `benchmark` declares (setup, policy, scaling setups);
 * without one, its `bench` setup (else its default one) under its declared traits' policy.
 */
export function benchGameOfKit(kit: GameKit): BenchGame {
  const declared = kit.benchmark;
  const setup =
    (declared?.setup === undefined ? undefined : kit.quickSetups?.[declared.setup]) ??
    kit.quickSetups?.bench ??
    kit.defaultSetup;
  const game: unknown = kit.game;
  const uniform = declared?.policy === 'uniform';
  return {
    id: kit.game.id,
    game: game as Game,
    setup: { players: setup.players, options: setup.options ?? {} },
    policy: uniform ? uniformChoice : declaredTraitsPolicy(kit.game),
    policyName:
      declared?.policyName ??
      (uniform
        ? 'uniform random'
        : "the game's declared traits: pass 1/2, else the lowest amount, else uniform"),
    scaling: Object.entries(declared?.scaling ?? {}).map(([label, s]) => ({
      label,
      setup:
        s.options === undefined
          ? { players: s.players }
          : { players: s.players, options: s.options },
    })),
  };
}

/** The games of these kits that declare a `benchmark` (the built-in games' cases). */
export function benchGamesOf(kits: readonly GameKit[]): BenchGame[] {
  return kits.filter((k) => k.benchmark !== undefined).map(benchGameOfKit);
}
