/**
 * What views, logs and bot inputs cost on the shipped games: positions from random games of
 * St. Augustine (4 players, trading on) and Colonial Florida (3 players), and at each one
 * every seat's and the spectator's view, every seat's redacted log, and every seat's bot input
 * (its view, its legal actions and one determinized state, as search bots build them).
 * Usage:
 *
 *   pnpm run build
 *   pnpm exec tsx bench/views-logs.ts [rounds] [<other build>/packages/core/dist/index.js]
 *
 * With a second build's core, both are timed in alternation in one process (CPU time), on the
 * same game definitions and positions.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Core from '../packages/core/src/index.js';
import { positions, type AnyGame, type CoreModule, type Position } from './positions.js';
import { colonialFlorida } from '../packages/colonial-florida/src/index.js';
import { stAugustine } from '../packages/st-augustine/src/index.js';
import { cpuMicros, median } from './cpu-time.js';

/** One pass over the positions: views, logs and bot inputs of every viewer. */
function pass(
  core: CoreModule,
  engine: Core.Engine<unknown, Core.ActionBase, unknown>,
  at: readonly Position[],
  what: 'views' | 'logs' | 'bot inputs',
): number {
  let sink = 0;
  const rng = core.Rng.fromSeed(7);
  for (const { state, log } of at) {
    for (let seat = -1; seat < engine.players; seat++) {
      const viewer = seat < 0 ? ('spectator' as const) : seat;
      if (what === 'views') sink += Object.keys(engine.view(state, viewer)).length;
      else if (what === 'logs')
        sink += core.redactLog(log.slice(-40), viewer, (a) => engine.isSecretAction(a)).length;
      else if (seat >= 0) {
        const view = engine.view(state, seat);
        sink += engine.legalActions(state, seat).length;
        sink += engine.determinize(view, rng, seat).phase.length;
      }
    }
  }
  return sink;
}

async function main(): Promise<void> {
  const [roundsArg, other] = process.argv.slice(2);
  const rounds = Number(roundsArg ?? 15);
  const here = pathToFileURL(path.resolve('packages/core/dist/index.js')).href;
  const builds: { name: string; core: CoreModule }[] = [
    { name: 'this build', core: (await import(here)) as CoreModule },
  ];
  if (other !== undefined)
    builds.unshift({
      name: 'other build',
      core: (await import(pathToFileURL(path.resolve(other)).href)) as CoreModule,
    });
  const games: [string, AnyGame, number, object][] = [
    ['st-augustine', stAugustine as unknown as AnyGame, 4, { trading: 'on' }],
    ['colonial-florida', colonialFlorida as unknown as AnyGame, 3, {}],
  ];
  for (const [id, game, players, options] of games) {
    const at = positions(builds[builds.length - 1]!.core, game, players, options);
    for (const what of ['views', 'logs', 'bot inputs'] as const) {
      const times = builds.map(() => [] as number[]);
      const engines = builds.map((b) => b.core.createEngine(game, { players, options } as never));
      // Enough passes per timing that one timing is tens of milliseconds.
      const repeat = Math.ceil(1500 / at.length);
      for (let r = 0; r < rounds; r++)
        builds.forEach((b, i) => {
          const t0 = cpuMicros();
          for (let k = 0; k < repeat; k++) pass(b.core, engines[i]!, at, what);
          times[i]!.push((cpuMicros() - t0) / repeat);
        });
      const line = builds
        .map((b, i) => `${b.name} ${(median(times[i]!) / 1000).toFixed(1)} ms`)
        .join(' · ');
      const ratio =
        builds.length === 2
          ? ` (this/other ${(median(times[1]!) / median(times[0]!)).toFixed(3)})`
          : '';
      console.log(`${id} ${what}, ${String(at.length)} positions: ${line}${ratio}`);
    }
  }
}

await main();
