/**
 * What chance nodes cost in the engine (issue #36): a run with chosen outcomes
 * (`initialStateWithChance`, `applyWithChance`) stops at each draw with more than one outcome,
 * and applying the next outcome runs the setup or step again from its start with one more
 * outcome chosen. A setup or step with `k` nodes is therefore run `k + 1` times, each run going
 * a little further: about `(k + 1) / 2` times the work of the seeded run, quadratic in the
 * draws of one setup or step. This measures it on the built packages (run `pnpm run build`
 * first), CPU time of this process (less distorted by a loaded machine than wall time):
 *
 *   pnpm exec tsx bench/chance-rerun.ts [repeats]
 *
 * For each game: the setup's chance nodes, the CPU time of the seeded setup, of the setup
 * through its chance nodes (every outcome chosen from a seeded generator), and their ratio;
 * then the same over the first 60 decisions of a game (each step run until its draws are
 * chosen, legal actions picked from the same generator).
 */
import { performance } from 'node:perf_hooks';
import type * as Core from '../packages/core/src/index.js';

type CoreModule = Pick<typeof Core, 'createEngine' | 'Rng'>;
type AnyEngine = Core.Engine<unknown, Core.ActionBase, unknown>;

const core = (await import('../packages/core/dist/index.js')) as unknown as CoreModule;
const games = (await import('../packages/core/dist/games.js')) as unknown as Record<
  string,
  unknown
>;
const sa = (await import('../packages/st-augustine/dist/index.js')) as unknown as {
  stAugustine: unknown;
};
const cf = (await import('../packages/colonial-florida/dist/index.js')) as unknown as {
  colonialFlorida: unknown;
};

const CASES: { name: string; game: unknown; players: number }[] = [
  { name: 'St. Augustine (4 players)', game: sa.stAugustine, players: 4 },
  { name: 'Colonial Florida (3 players)', game: cf.colonialFlorida, players: 3 },
  { name: "Liar's Dice (4 players)", game: games.liarsDice, players: 4 },
  { name: 'Pig (2 players)', game: games.pig, players: 2 },
];

function cpuMicros(): number {
  const u = process.cpuUsage();
  return u.user + u.system;
}

/** CPU µs per call of `run`, calling it until at least 40 ms of CPU time passed (the process clock ticks in milliseconds). */
function round(run: () => void): number {
  const start = cpuMicros();
  let calls = 0;
  let used: number;
  do {
    run();
    calls++;
    used = cpuMicros() - start;
  } while (used < 40_000);
  return used / calls;
}

/**
 * Median CPU µs per call of `a` and of `b` over `repeats` rounds each, alternated (a, b, a,
 * b...) after one unmeasured round of each: the order they are measured in (the compiler's
 * warm-up, the collector's debt) weighs on neither.
 */
function compare(repeats: number, a: () => void, b: () => void): [number, number] {
  round(a);
  round(b);
  const ta: number[] = [];
  const tb: number[] = [];
  for (let i = 0; i < repeats; i++) {
    ta.push(round(a));
    tb.push(round(b));
  }
  const median = (t: number[]): number =>
    Math.round(t.sort((x, y) => x - y)[Math.floor(t.length / 2)] ?? 0);
  return [median(ta), median(tb)];
}

/** Setup through its chance nodes, outcomes drawn from `rng`: the state and the node count. */
function setupWithChance(
  engine: AnyEngine,
  seed: number,
  rng: Core.Rng,
): { state: Core.MatchState; nodes: number } {
  const chosen: number[] = [];
  for (;;) {
    const r = engine.initialStateWithChance(seed, chosen);
    if (!r.ok) throw new Error(r.error.message);
    if (r.done) return { state: r.state, nodes: chosen.length };
    chosen.push(rng.int(0, r.node.outcomes.length - 1));
  }
}

/** One step through its chance nodes: the next state and the node count. */
function stepWithChance(
  engine: AnyEngine,
  state: Core.MatchState,
  seat: number,
  action: Core.ActionBase,
  rng: Core.Rng,
): { state: Core.MatchState; nodes: number } {
  const chosen: number[] = [];
  for (;;) {
    const r = engine.applyWithChance(state, seat, action, chosen);
    if (!r.ok) throw new Error(r.error.message);
    if (r.done) return { state: r.state, nodes: chosen.length };
    chosen.push(rng.int(0, r.node.outcomes.length - 1));
  }
}

const repeats = Number(process.argv[2] ?? 5);
const DECISIONS = 60;
const start = performance.now();
console.log(
  'game | setup nodes | seeded setup µs | setup through nodes µs | ratio | step nodes (max in one step) | seeded steps µs | steps through nodes µs | ratio',
);
for (const c of CASES) {
  const engine = core.createEngine(c.game as Core.Game<unknown, Core.ActionBase, unknown>, {
    players: c.players,
  });
  const seed = 7;
  const setupNodes = setupWithChance(engine, seed, core.Rng.fromSeed(1)).nodes;
  const [seeded, through] = compare(
    repeats,
    () => engine.initialState(seed),
    () => setupWithChance(engine, seed, core.Rng.fromSeed(1)),
  );
  // The decisions: the same actions, seeded (engine.apply) and through chance nodes.
  const picks = core.Rng.fromSeed(2);
  const path: { seat: number; action: Core.ActionBase }[] = [];
  let state = setupWithChance(engine, seed, core.Rng.fromSeed(1)).state;
  let stepNodes = 0;
  let maxNodes = 0;
  for (let d = 0; d < DECISIONS && state.result === null; d++) {
    const seat = engine.toAct(state)[0] as number;
    const legal = engine.legalActions(state, seat);
    const action = legal[picks.int(0, legal.length - 1)] as Core.ActionBase;
    path.push({ seat, action });
    const r = stepWithChance(engine, state, seat, action, core.Rng.fromSeed(3 + d));
    stepNodes += r.nodes;
    maxNodes = Math.max(maxNodes, r.nodes);
    state = r.state;
  }
  const first = setupWithChance(engine, seed, core.Rng.fromSeed(1)).state;
  // Seeded steps from the same positions would diverge (other draws): time `apply` on the
  // states the chance path went through, and the chance path itself.
  const states: Core.MatchState[] = [first];
  {
    let s = first;
    path.forEach((p, d) => {
      s = stepWithChance(engine, s, p.seat, p.action, core.Rng.fromSeed(3 + d)).state;
      states.push(s);
    });
  }
  const [seededSteps, stepsThrough] = compare(
    repeats,
    () => {
      path.forEach((p, d) => {
        const r = engine.apply(states[d] as Core.MatchState, p.seat, p.action);
        if (!r.ok) throw new Error(r.error.message);
      });
    },
    () => {
      path.forEach((p, d) => {
        stepWithChance(
          engine,
          states[d] as Core.MatchState,
          p.seat,
          p.action,
          core.Rng.fromSeed(3 + d),
        );
      });
    },
  );
  const ratio = (a: number, b: number): string => (b > 0 ? (a / b).toFixed(1) : '-');
  console.log(
    [
      c.name,
      setupNodes,
      seeded,
      through,
      ratio(through, seeded),
      `${String(stepNodes)} (${String(maxNodes)}) in ${String(path.length)} decisions`,
      seededSteps,
      stepsThrough,
      ratio(stepsThrough, seededSteps),
    ].join(' | '),
  );
}
console.log(`(${String(repeats)} repeats, median; ${(performance.now() - start).toFixed(0)} ms)`);
