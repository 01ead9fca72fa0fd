import { mctsBot } from '@ruleloom/bots';
import { Rng, type ActionBase, type Engine } from '@ruleloom/core';
import type { Command } from 'commander';
import {
  BENCH_GAMES,
  formatBenchTable,
  runBenchmarks,
  type BenchOptions,
  type BenchResult,
} from '../bench/index.js';
import { usageError } from '../errors.js';
import type { CommandContext } from './context.js';

/**
 * The flags of `ruleloom bench`.
 * @public
 */
export interface BenchFlags {
  readonly quick?: boolean;
  readonly mcts?: boolean;
}

type BenchGameOf = Parameters<NonNullable<BenchOptions['extra']>>[0];

/** Iterations per MCTS decision while measuring. */
const MCTS_BENCH_ITERATIONS = 500;

/**
 * MCTS iterations per second from the start position (random rollouts to the end of the
 * game), through the bots package's `mctsBot`: passed to the suite's `extra` hook.
 * @public
 */
export async function mctsIterationsPerSecond(
  g: BenchGameOf,
  engine: Engine,
  quick: boolean,
): Promise<BenchResult[]> {
  const state = engine.initialState(1).state;
  const seat = engine.toAct(state)[0] ?? 0;
  const legalActions = engine.legalActions(state, seat);
  const bot = mctsBot({ iterations: MCTS_BENCH_ITERATIONS });
  const input = {
    seat,
    view: engine.view(state, seat),
    legalActions,
    rng: Rng.fromSeed(7),
    rules: engine as Engine<unknown, ActionBase, unknown>,
  };
  const budgetMs = quick ? 150 : 2000;
  let decisions = 0;
  const started = performance.now();
  do {
    await bot.act(input);
    decisions++;
  } while (performance.now() - started < budgetMs);
  const seconds = (performance.now() - started) / 1000;
  return [
    {
      game: g.id,
      name: 'MCTS iterations (start position, random rollouts)',
      value: (decisions * MCTS_BENCH_ITERATIONS) / seconds,
      unit: 'iterations/s',
      samples: decisions,
      note: `${String(MCTS_BENCH_ITERATIONS)} iterations per decision`,
    },
  ];
}

async function bench(
  context: CommandContext,
  game: string | undefined,
  flags: BenchFlags,
): Promise<void> {
  const { io } = context;
  const known = BENCH_GAMES.map((g) => g.id);
  if (game !== undefined && !known.includes(game)) {
    throw usageError(`no benchmarks for game '${game}' (benchmarked games: ${known.join(', ')})`);
  }
  const quick = flags.quick === true;
  io.err(
    `Benchmarking ${game ?? known.join(' and ')}${quick ? ' (quick)' : ''}: this takes ${quick ? 'a few seconds' : 'about a minute per game'}...\n`,
  );
  const results = await runBenchmarks({
    ...(game === undefined ? {} : { game }),
    quick,
    ...(flags.mcts === false
      ? {}
      : { extra: (g: BenchGameOf, engine: Engine) => mctsIterationsPerSecond(g, engine, quick) }),
  });
  io.out(`${formatBenchTable(results)}\n`);
}

/**
 * Adds `ruleloom bench [game]` to the program.
 * @public
 */
export function registerBenchCommand(program: Command, context: CommandContext): void {
  program
    .command('bench')
    .description('measure engine speed: playouts/s, apply/s, clone+step/s, MCTS iterations/s')
    .argument('[game]', 'st-augustine or colonial-florida (default: both)')
    .option('-q, --quick', 'short runs (seconds instead of minutes; noisier)')
    .option('--no-mcts', 'skip the MCTS iterations/s figure')
    .addHelpText(
      'after',
      '\nExamples:\n  $ ruleloom bench\n  $ ruleloom bench st-augustine --quick',
    )
    .action(async (game: string | undefined, flags: BenchFlags) => bench(context, game, flags));
}
