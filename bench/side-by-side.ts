/**
 * Engine forward-model games/s of two builds timed in one process, in alternation, so that a
 * loaded or moody machine slows both alike (see docs/benchmarks.md). Usage:
 *
 *   pnpm run build
 *   pnpm exec tsx bench/side-by-side.ts <base>/packages [ms per run] [rounds]
 *
 * `<base>/packages` holds the other build's `core`, `st-augustine` and `colonial-florida`
 * (each with `package.json` and `dist/`, and `@ruleloom/core` resolvable from the games).
 * Each build lists with `legalActions` and with `sharedLegalActions` (a base without the latter
 * lists with `legalActions` twice); each ratio is against the base listing the same way.
 * Both builds play the same seeds with the same policies (the bench suite's reference
 * policies, from this workspace's bots package); runs are timed in CPU time.
 */
import { pathToFileURL } from 'node:url';
import path from 'node:path';

/** What this script needs of an action and a generator (either build's). */
interface ActionBase {
  readonly type: string;
}
interface Rng {
  float(): number;
}

interface State {
  readonly result: unknown;
}
interface EngineLike {
  clone(state: State): State;
  initialState(seed: number): { readonly state: State };
  toAct(state: State): readonly number[];
  legalActions(state: State, seat: number): readonly ActionBase[];
  sharedLegalActions?(state: State, seat: number): readonly ActionBase[];
  step(state: State, seat: number, action: ActionBase, collect: false, trusted: true): unknown;
  hash(state: State): string;
}
interface Build {
  readonly name: string;
  readonly createEngine: (game: unknown, setup: object) => EngineLike;
  readonly fromSeed: (seed: number) => Rng;
  readonly games: Readonly<Record<string, unknown>>;
}
type Policy = (legal: readonly ActionBase[], rng: Rng) => ActionBase;

const noView = (): never => {
  throw new Error('the policies do not look at the view');
};
type PolicyOf = (input: {
  seat: number;
  legalActions: readonly ActionBase[];
  rng: Rng;
  traits: unknown;
  view: () => never;
}) => ActionBase;
// The reference policies come from this workspace's bots package (the same for both builds).
const bots = (await import(
  pathToFileURL(path.resolve(import.meta.dirname, '..', 'packages', 'bots', 'dist', 'index.js'))
    .href
)) as { auctionPolicy: (p: { passProbability: number }) => PolicyOf; randomPolicy: PolicyOf };
// The policies read the games' declared action traits (this workspace's, the same actions).
const thisCore = (await import(
  pathToFileURL(path.resolve(import.meta.dirname, '..', 'packages', 'core', 'dist', 'index.js'))
    .href
)) as { actionTraitsOf: (game: unknown) => unknown };
const thisSa = (await import(
  pathToFileURL(
    path.resolve(import.meta.dirname, '..', 'packages', 'st-augustine', 'dist', 'index.js'),
  ).href
)) as { stAugustine: unknown };
const thisCf = (await import(
  pathToFileURL(
    path.resolve(import.meta.dirname, '..', 'packages', 'colonial-florida', 'dist', 'index.js'),
  ).href
)) as { colonialFlorida: unknown };
const saTraits = thisCore.actionTraitsOf(thisSa.stAugustine);
const cfTraits = thisCore.actionTraitsOf(thisCf.colonialFlorida);
const reference = bots.auctionPolicy({ passProbability: 0.5 });
const randomPolicy = bots.randomPolicy;
const CASES: readonly { id: string; setup: object; policy: Policy }[] = [
  {
    id: 'st-augustine',
    setup: { players: 4, options: { trading: 'off' } },
    policy: (legalActions, rng) =>
      reference({ seat: 0, legalActions, rng, traits: saTraits, view: noView }),
  },
  {
    id: 'st-augustine, trading on',
    setup: { players: 4, options: { trading: 'on' } },
    policy: (legalActions, rng) =>
      reference({ seat: 0, legalActions, rng, traits: saTraits, view: noView }),
  },
  {
    id: 'colonial-florida',
    setup: { players: 3 },
    policy: (legalActions, rng) =>
      randomPolicy({ seat: 0, legalActions, rng, traits: cfTraits, view: noView }),
  },
];

async function load(name: string, root: string): Promise<Build> {
  const url = (pkg: string) => pathToFileURL(path.join(root, pkg, 'dist', 'index.js')).href;
  const core = (await import(url('core'))) as {
    createEngine: Build['createEngine'];
    Rng: { fromSeed: (seed: number) => Rng };
  };
  const sa = (await import(url('st-augustine'))) as { stAugustine: unknown };
  const cf = (await import(url('colonial-florida'))) as { colonialFlorida: unknown };
  const games = {
    'st-augustine': sa.stAugustine,
    'st-augustine, trading on': sa.stAugustine,
    'colonial-florida': cf.colonialFlorida,
  };
  return { name, createEngine: core.createEngine, fromSeed: (s) => core.Rng.fromSeed(s), games };
}

/** One game with trusted steps; `shared` lists with `sharedLegalActions` when the build has it. */
function play(build: Build, engine: EngineLike, seed: number, policy: Policy, shared: boolean) {
  const state = engine.clone(engine.initialState(seed).state);
  const rng = build.fromSeed(seed);
  const list =
    shared && engine.sharedLegalActions !== undefined
      ? engine.sharedLegalActions.bind(engine)
      : engine.legalActions.bind(engine);
  while (state.result === null) {
    const seat = engine.toAct(state)[0] as number;
    engine.step(state, seat, policy(list(state, seat), rng), false, true);
  }
  return engine.hash(state);
}

function cpuMicros(): number {
  const u = process.cpuUsage();
  return u.user + u.system;
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? NaN;

async function main(): Promise<void> {
  const [baseRoot, msArg, roundsArg] = process.argv.slice(2);
  if (baseRoot === undefined)
    throw new Error('usage: side-by-side.ts <base>/packages [ms] [rounds]');
  const ms = Number(msArg ?? 1000);
  const rounds = Number(roundsArg ?? 7);
  const base = await load('base', path.resolve(baseRoot));
  const head = await load('this build', path.resolve(import.meta.dirname, '..', 'packages'));
  const runs = [
    { build: base, shared: false, label: 'base (legalActions)' },
    { build: head, shared: false, label: 'this build (legalActions)' },
    // A base without `sharedLegalActions` plays `legalActions` here too.
    { build: base, shared: true, label: 'base (sharedLegalActions)' },
    { build: head, shared: true, label: 'this build (sharedLegalActions)' },
  ];
  for (const c of CASES) {
    const engines = runs.map((r) => r.build.createEngine(r.build.games[c.id], c.setup));
    // Same seeds, same games: the final hashes of a few games must agree.
    const hashes = runs.map((r, i) =>
      [1, 2, 3].map((s) => play(r.build, engines[i] as EngineLike, s, c.policy, r.shared)).join(),
    );
    if (new Set(hashes).size !== 1) throw new Error(`${c.id}: the builds played different games`);
    const perRun: number[][] = runs.map(() => []);
    let seed = 1000;
    for (let round = 0; round < rounds; round++) {
      // The order rotates every round: no build always runs first (or right after another).
      runs.forEach((_, k) => {
        const i = (k + round) % runs.length;
        const r = runs[i] as (typeof runs)[number];
        const engine = engines[i] as EngineLike;
        const start = cpuMicros();
        let games = 0;
        do {
          play(r.build, engine, seed++, c.policy, r.shared);
          games++;
        } while (cpuMicros() - start < ms * 1000);
        perRun[i]?.push((games * 1e6) / (cpuMicros() - start));
      });
    }
    // Each ratio is against the base build listing the same way.
    const baseOf = (shared: boolean) =>
      median(perRun[runs.findIndex((r) => r.build === base && r.shared === shared)] ?? []);
    console.log(`\n${c.id} ${JSON.stringify(c.setup)}: games/s, median of ${String(rounds)} runs`);
    runs.forEach((r, i) => {
      const m = median(perRun[i] ?? []);
      console.log(
        `  ${r.label.padEnd(34)} ${m.toFixed(0).padStart(7)}  ${(m / baseOf(r.shared)).toFixed(2)}x`,
      );
    });
  }
}

await main();
