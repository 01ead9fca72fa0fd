/**
 * MCTS iterations/s of two builds in one process, in alternation (CPU time): St. Augustine with
 * trading on (the default game), `mctsBot({ iterations: 500 })` from the position of seed 21
 * after 60% of its decisions under the reference policy, searched on the engine (the game's
 * own model covers no trades). Usage:
 *
 *   pnpm run build
 *   pnpm exec tsx bench/mcts-side-by-side.ts <base>/packages [ms per run] [rounds]
 *
 * `<base>/packages` holds the other build's `core` and `st-augustine` (see side-by-side.ts);
 * the bot is this workspace's, so both builds are searched by the same code.
 */
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import type * as Bots from '../packages/bots/dist/index.js';
import type * as Core from '../packages/core/dist/index.js';

type CoreModule = Pick<typeof Core, 'createEngine' | 'actionTraitsOf' | 'Rng'>;
type Engine = ReturnType<CoreModule['createEngine']>;
type State = ReturnType<Engine['clone']>;

const here = path.resolve(import.meta.dirname, '..', 'packages');
const url = (root: string, pkg: string) =>
  pathToFileURL(path.join(root, pkg, 'dist', 'index.js')).href;
const bots = (await import(url(here, 'bots'))) as typeof Bots;

interface Build {
  readonly engine: Engine;
  readonly core: CoreModule;
  readonly state: State;
  readonly seat: number;
}

const SEED = 21;
const ITERATIONS = 500;

async function load(root: string): Promise<Build> {
  const core = (await import(url(root, 'core'))) as CoreModule;
  const { stAugustine } = (await import(url(root, 'st-augustine'))) as {
    stAugustine: Parameters<CoreModule['createEngine']>[0];
  };
  const engine = core.createEngine(stAugustine, { players: 4, options: { trading: 'on' } });
  const traits = core.actionTraitsOf(stAugustine);
  const policy = bots.auctionPolicy({ passProbability: 0.5 });
  const noView = (): never => {
    throw new Error('the reference policy does not look at the view');
  };
  const play = (stop: number): [State, number] => {
    const state = engine.clone(engine.initialState(SEED).state);
    const rng = core.Rng.fromSeed(SEED);
    let decisions = 0;
    while (state.result === null && decisions < stop) {
      const seat = engine.toAct(state)[0] as number;
      const legalActions = engine.legalActions(state, seat);
      engine.step(
        state,
        seat,
        policy({ seat, legalActions, rng, traits, view: noView }),
        false,
        true,
      );
      decisions++;
    }
    return [state, decisions];
  };
  const [, total] = play(Infinity);
  const [state] = play(Math.floor(total * 0.6));
  return { engine, core, state, seat: engine.toAct(state)[0] as number };
}

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? NaN;

async function main(): Promise<void> {
  const [baseRoot, msArg, roundsArg] = process.argv.slice(2);
  if (baseRoot === undefined)
    throw new Error('usage: mcts-side-by-side.ts <base>/packages [ms] [rounds]');
  const ms = Number(msArg ?? 1500);
  const rounds = Number(roundsArg ?? 5);
  const builds = [await load(path.resolve(baseRoot)), await load(here)];
  const [base, head] = builds as [Build, Build];
  if (base.engine.hash(base.state) !== head.engine.hash(head.state))
    throw new Error('the builds reached different positions');
  const bot = bots.mctsBot({ iterations: ITERATIONS });
  const rates: number[][] = [[], []];
  for (let round = 0; round < rounds; round++)
    for (const i of round % 2 === 0 ? [0, 1] : [1, 0]) {
      const b = builds[i] as Build;
      const input = {
        seat: b.seat,
        view: b.engine.view(b.state, b.seat),
        legalActions: b.engine.legalActions(b.state, b.seat),
        rng: b.core.Rng.fromSeed(7),
        rules: b.engine as unknown as Bots.BotRules,
      };
      const start = cpuMs();
      let searches = 0;
      do {
        await bot.act(input);
        searches++;
      } while (cpuMs() - start < ms);
      rates[i]?.push((searches * ITERATIONS * 1000) / (cpuMs() - start));
    }
  const [b, h] = rates.map(median) as [number, number];
  console.log(
    `MCTS iterations/s, St. Augustine trading on, mid-game (seed ${String(SEED)}), median of ${String(rounds)} runs:`,
  );
  console.log(`  base         ${b.toFixed(0).padStart(6)}  1.00x`);
  console.log(`  this build   ${h.toFixed(0).padStart(6)}  ${(h / b).toFixed(2)}x`);
}

await main();
