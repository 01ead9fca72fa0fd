/**
 * St. Augustine's fast forward model (a kernel on core's packed layout): whole games per second
 * on the model, and what the generated plumbing costs per call (`fromState`, `toState`, `view`
 * of mid-game states). With a second build's packages, both are measured in alternation in one
 * process (CPU time). Usage:
 *
 *   pnpm run build
 *   pnpm exec tsx bench/packed-model.ts [games] [<other build>/packages]
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { auctionPolicy } from '../packages/bots/src/index.js';
import { cpuMicros, median } from './cpu-time.js';

interface Action {
  readonly type: string;
}
interface State {
  readonly phase: string;
  readonly result: { readonly winners: readonly number[] } | null;
}
interface Model {
  fromState(state: State): number[];
  toState(f: number[]): State;
  toAct(f: number[]): number;
  legalActions(f: number[]): readonly Action[];
  step(f: number[], action: Action): void;
  result(f: number[]): State['result'];
  view(f: number[], viewer: number): { readonly phase: string };
}
interface CoreLike {
  createEngine(
    game: unknown,
    setup: object,
  ): { forwardModel(): Model | undefined; initialState(seed: number): { state: State } };
  createMatch(
    game: unknown,
    setup: object,
  ): {
    readonly state: State;
    readonly toAct: readonly number[];
    legalActions(seat: number): readonly Action[];
    apply(seat: number, action: Action): unknown;
  };
  actionTraitsOf(game: unknown): unknown;
  Rng: { fromSeed(seed: number): unknown };
}

interface Build {
  readonly name: string;
  readonly games: (n: number) => number;
  readonly plumbing: (what: 'fromState' | 'toState' | 'view', n: number) => number;
}

async function load(name: string, root: string): Promise<Build> {
  const url = (p: string) => pathToFileURL(path.join(root, p, 'dist', 'index.js')).href;
  const core = (await import(url('core'))) as CoreLike;
  const { stAugustine } = (await import(url('st-augustine'))) as { stAugustine: unknown };
  const setup = { players: 4, options: { trading: 'off' as const } };
  const engine = core.createEngine(stAugustine, setup);
  const model = engine.forwardModel();
  if (model === undefined) throw new Error(`${name}: St. Augustine has no forward model`);
  const traits = core.actionTraitsOf(stAugustine);
  const policy = auctionPolicy({ passProbability: 0.5 });
  const noView = () => {
    throw new Error('the reference policy reads no view');
  };
  // Mid-game states: 40 decisions into games of the first legal action.
  const states = Array.from({ length: 40 }, (_, seed) => {
    const match = core.createMatch(stAugustine, { seed, ...setup });
    for (let k = 0; k < 40 && match.state.result === null; k++) {
      const seat = match.toAct[0] as number;
      match.apply(seat, match.legalActions(seat)[0] as Action);
    }
    return match.state;
  }).filter((s) => s.result === null);
  const fast = states.map((s) => model.fromState(s));
  return {
    name,
    games(n) {
      let sum = 0;
      for (let seed = 0; seed < n; seed++) {
        const f = model.fromState(engine.initialState(seed).state);
        const rng = core.Rng.fromSeed(seed);
        while (model.toAct(f) >= 0) {
          const seat = model.toAct(f);
          model.step(
            f,
            policy({
              seat,
              legalActions: model.legalActions(f),
              rng,
              traits,
              view: noView,
            } as never),
          );
        }
        sum += model.result(f)?.winners[0] ?? 0;
      }
      return sum;
    },
    plumbing(what, n) {
      let sum = 0;
      for (let i = 0; i < n; i++) {
        const k = i % states.length;
        if (what === 'fromState') sum += model.fromState(states[k] as State).length;
        else if (what === 'toState') sum += model.toState(fast[k] as number[]).phase.length;
        else sum += model.view(fast[k] as number[], 1).phase.length;
      }
      return sum;
    },
  };
}

async function main(): Promise<void> {
  const [gamesArg, other] = process.argv.slice(2);
  const games = Number(gamesArg ?? 20_000);
  const builds = [await load('this build', path.resolve(import.meta.dirname, '..', 'packages'))];
  if (other !== undefined) builds.unshift(await load('other build', path.resolve(other)));
  const rows = new Map<string, number[][]>();
  const time = (key: string, i: number, run: () => void, per: number) => {
    const start = cpuMicros();
    run();
    const row = rows.get(key) ?? builds.map(() => []);
    row[i]?.push((cpuMicros() - start) / per);
    rows.set(key, row);
  };
  for (const b of builds) b.games(500); // warm up
  for (let round = 0; round < 5; round++)
    builds.forEach((_, k) => {
      const i = (k + round) % builds.length;
      const b = builds[i] as Build;
      time('games/s', i, () => b.games(games / 5), games / 5);
      for (const what of ['fromState', 'toState', 'view'] as const)
        time(`${what} (µs)`, i, () => b.plumbing(what, 20_000), 20_000);
    });
  console.log(`St. Augustine fast model (4 players, trading off; median of 5 runs)`);
  console.log(`${''.padEnd(16)}${builds.map((b) => b.name.padStart(14)).join('')}`);
  for (const [key, row] of rows) {
    const cells = row.map((xs) => {
      const us = median(xs);
      return (key === 'games/s' ? (1e6 / us).toFixed(0) : us.toFixed(2)).padStart(14);
    });
    console.log(`${key.padEnd(16)}${cells.join('')}`);
  }
}

await main();
