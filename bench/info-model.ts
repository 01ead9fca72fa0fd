/**
 * What the information model costs (issue #35), on both shipped games, for any build of the
 * repository: the work done on the positions of fixed seeded games (every 5th decision of 4
 * random games of St. Augustine, 4 players, trading on, and Colonial Florida, 3 players) and
 * the laws' own run time. Loads the build's `dist` from `<root>` (this repository or another
 * worktree), so the same file measures a build before and after. Bundle it once, then run it
 * with plain node (no loader in the measured process):
 *
 *   pnpm exec esbuild bench/info-model.ts --bundle --platform=node --format=esm \
 *     --packages=external --outfile=/tmp/info-model.mjs
 *   node /tmp/info-model.mjs <root> <game> <work> [passes]
 *
 * `<game>`: `st-augustine` or `colonial-florida`. `<work>`:
 * - `none`: only build the positions (the baseline to subtract);
 * - `views`: every seat's and the spectator's view at every position;
 * - `logs`: every viewer's redacted log (the last 40 entries) at every position;
 * - `bot-inputs`: every seat's bot input (its view, its legal actions, one determinized state);
 * - `laws`: the information laws of `gameLaws` (and the resampling law where the build has it),
 *   timed by wall clock, one line per law.
 *
 * For the first four, `passes` (default 20) repeats the work; count instructions with
 * `valgrind --tool=callgrind node --single-threaded /tmp/info-model.mjs ...` and subtract the
 * `none` run's count: instruction counts repeat under load, where time does not.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type * as Core from '../packages/core/src/index.js';
import { positions, type AnyGame, type CoreModule, type Position } from './positions.js';
import type * as Testing from '../packages/core/src/testing/index.js';

const GAMES: Record<
  string,
  { pkg: string; name: string; players: number; options: Record<string, unknown> }
> = {
  'st-augustine': {
    pkg: 'st-augustine',
    name: 'stAugustine',
    players: 4,
    options: { trading: 'on' },
  },
  'colonial-florida': {
    pkg: 'colonial-florida',
    name: 'colonialFlorida',
    players: 3,
    options: {},
  },
};

/** One pass of the work over the positions (a checksum, so that nothing is optimized away). */
function pass(
  core: CoreModule,
  engine: Core.Engine<unknown, Core.ActionBase, unknown>,
  at: readonly Position[],
  work: string,
): number {
  let sink = 0;
  const rng = core.Rng.fromSeed(7);
  for (const { state, log } of at) {
    for (let seat = -1; seat < engine.players; seat++) {
      const viewer = seat < 0 ? ('spectator' as const) : seat;
      if (work === 'views') sink += Object.keys(engine.view(state, viewer)).length;
      else if (work === 'logs')
        sink += core.redactLog(log.slice(-40), viewer, (a) => engine.isSecretAction(a)).length;
      else if (work === 'bot-inputs' && seat >= 0) {
        const view = engine.view(state, seat);
        sink += engine.legalActions(state, seat).length;
        sink += engine.determinize(view, rng, seat).phase.length;
      }
    }
  }
  return sink;
}

async function main(): Promise<void> {
  const [rootArg, gameArg, work = 'views', passesArg] = process.argv.slice(2);
  const spec = GAMES[gameArg ?? ''];
  if (rootArg === undefined || spec === undefined) {
    console.error(
      'usage: node info-model.mjs <root> <st-augustine|colonial-florida> <none|views|logs|bot-inputs|laws> [passes]',
    );
    process.exitCode = 2;
    return;
  }
  const root = path.resolve(rootArg);
  const load = async (rel: string): Promise<Record<string, unknown>> =>
    (await import(pathToFileURL(path.join(root, rel)).href)) as Record<string, unknown>;
  const core = (await load('packages/core/dist/index.js')) as unknown as CoreModule;
  const game = (await load(`packages/${spec.pkg}/dist/index.js`))[spec.name] as AnyGame;
  if (work === 'laws') {
    const testing = (await load('packages/core/dist/testing.js')) as unknown as typeof Testing;
    const laws = testing
      .gameLaws({ game, setups: [{ players: spec.players, options: spec.options }], numRuns: 10 })
      .filter((l) => /tell apart|public chance outcome/.test(l.name));
    let total = 0;
    for (const law of laws) {
      const t0 = performance.now();
      law.run();
      const ms = performance.now() - t0;
      total += ms;
      console.log(`${(ms / 1000).toFixed(2)} s  ${law.name}`);
    }
    console.log(`${(total / 1000).toFixed(2)} s  total, ${String(laws.length)} laws`);
    return;
  }
  const at = positions(core, game, spec.players, spec.options);
  const engine = core.createEngine(game, { players: spec.players, options: spec.options });
  const passes = Number(passesArg ?? 20);
  let sink = 0;
  if (work !== 'none') for (let k = 0; k < passes; k++) sink += pass(core, engine, at, work);
  console.log(
    `${gameArg ?? ''} ${work}: ${String(at.length)} positions, ${String(passes)} passes, checksum ${String(sink)}`,
  );
}

await main();
