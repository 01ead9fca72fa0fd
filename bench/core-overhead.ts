/**
 * What the engine's own machinery costs, without any rules work: a game whose phases and
 * actions do next to nothing (one counter each), played on the forward-model path the speed
 * figures use (clone once, `sharedLegalActions`, trusted in-place `step`). Its games/s are an
 * upper bound for any game on the engine with the same number of decisions and phase entries,
 * and its time per game is the share of a real game that is core's (see docs/benchmarks.md).
 * Usage:
 *
 *   pnpm run build
 *   pnpm exec tsx bench/core-overhead.ts [games] [<other build>/packages/core/dist/index.js]
 *
 * With a second build's core, both are timed in alternation in one process (CPU time).
 */
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import type * as Core from '../packages/core/src/index.js';
import { cpuMicros, median } from './cpu-time.js';

type CoreModule = Pick<typeof Core, 'defineGame' | 'createEngine' | 'onlySeat' | 'Rng'>;

/** Turns per game, phases without decisions per turn, decisions per auction-like round. */
const TURNS = 40;
const QUIET_PHASES = 7;
const DECISIONS_PER_TURN = 4;

interface SynthState {
  turn: number;
  work: number;
  calls: number;
  open: boolean;
}

/** The synthetic game on one build's core: the same definition for every build. */
function synthGame(core: CoreModule) {
  const a = Object.freeze({ type: 'a' as const });
  const b = Object.freeze({ type: 'b' as const });
  type SynthAction = typeof a | typeof b;
  // Shared lists (as `enumerateShared` promises): the engine joins them once and keeps the join.
  const onlyA: readonly (typeof a)[] = [a];
  const onlyB: readonly (typeof b)[] = [b];
  const none: readonly SynthAction[] = [];
  const handler = <T extends SynthAction>(action: T, listed: readonly T[]) => {
    const nothing = none as readonly T[];
    return {
      traits: { fields: {} },
      parse: () => ({ action }),
      validate: () => undefined,
      resolve(ctx: { state: SynthState }) {
        const s = ctx.state;
        s.calls += 1;
        if (s.calls % DECISIONS_PER_TURN === 0) s.open = false;
      },
      enumerate: (s: SynthState) => (s.open ? listed : nothing),
      enumerateShared: (s: SynthState) => (s.open ? listed : nothing),
      count: (s: SynthState) => (s.open ? 1 : 0),
    };
  };
  const quiet = Array.from({ length: QUIET_PHASES }, (_, i) => ({
    id: `quiet${String(i)}`,
    description: 'does one unit of work',
    steps: [{ type: 'work' as const }],
  }));
  return core.defineGame<SynthState, SynthAction>()({
    id: 'core-overhead',
    name: 'Core overhead',
    rulesVersion: 1,
    players: { min: 4, max: 4 },
    options: {},
    cards: [],
    zones: [],
    setup: () => ({ turn: 0, work: 0, calls: 0, open: false }),
    phases: [
      { id: 'start', description: 'a new turn', steps: [{ type: 'startTurn' }] },
      ...quiet,
      {
        id: 'decide',
        description: 'four decisions between two actions',
        steps: [{ type: 'open' }],
        actions: ['a', 'b'],
        next: [{ to: '$end', when: { type: 'done' } }, { to: 'start' }],
      },
    ],
    effects: {
      work: (ctx) => {
        ctx.state.work += 1;
      },
      startTurn: (ctx) => {
        ctx.state.turn += 1;
      },
      open: (ctx) => {
        ctx.state.open = true;
      },
    },
    conditions: { done: (s) => s.turn >= TURNS },
    actions: { a: handler(a, onlyA), b: handler(b, onlyB) },
    toAct: (s) => core.onlySeat(s.open ? s.calls % DECISIONS_PER_TURN : null),
    score: (s) => ({ scores: [s.work, 0, 0, 0] }),
  });
}

interface Build {
  readonly name: string;
  readonly play: (seed: number) => number;
}

async function load(name: string, url: string): Promise<Build> {
  const core = (await import(url)) as CoreModule;
  const engine = core.createEngine(synthGame(core), { players: 4 });
  const rng = core.Rng.fromSeed(1);
  return {
    name,
    play(seed) {
      const state = engine.clone(engine.initialState(seed).state);
      let decisions = 0;
      while (state.result === null) {
        const seat = engine.toAct(state)[0] as number;
        const legal = engine.sharedLegalActions(state, seat);
        engine.step(state, seat, legal[rng.float() < 0.5 ? 0 : 1] as never, false, true);
        decisions++;
      }
      return decisions;
    },
  };
}

async function main(): Promise<void> {
  const [gamesArg, other] = process.argv.slice(2);
  const games = Number(gamesArg ?? 20_000);
  const here = pathToFileURL(
    path.resolve(import.meta.dirname, '..', 'packages', 'core', 'dist', 'index.js'),
  ).href;
  const builds = [await load('this build', here)];
  if (other !== undefined)
    builds.unshift(await load('other build', pathToFileURL(path.resolve(other)).href));
  const decisions = (builds[0] as Build).play(0);
  for (const b of builds) for (let i = 0; i < 2_000; i++) b.play(i); // warm up
  const perGame = builds.map(() => [] as number[]);
  for (let round = 0; round < 5; round++)
    builds.forEach((_, k) => {
      const i = (k + round) % builds.length;
      const b = builds[i] as Build;
      const start = cpuMicros();
      for (let g = 0; g < games / 5; g++) b.play(g);
      perGame[i]?.push((cpuMicros() - start) / (games / 5));
    });
  const phaseEntries = TURNS * (QUIET_PHASES + 2);
  console.log(
    `core overhead: ${String(decisions)} decisions and ${String(phaseEntries)} phase entries per game, no rules work (median of 5 runs)`,
  );
  builds.forEach((b, i) => {
    const us = median(perGame[i] ?? []);
    console.log(
      `  ${b.name.padEnd(12)} ${(1e6 / us).toFixed(0).padStart(7)} games/s  ${us.toFixed(1).padStart(6)} µs per game`,
    );
  });
}

await main();
