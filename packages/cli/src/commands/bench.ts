import { mctsBot } from '@ruleloom/bots';
import { createEngine, Rng, type ActionBase, type Engine } from '@ruleloom/core';
import type { Command } from 'commander';
import {
  BENCH_GAMES,
  formatBenchTable,
  runBenchmarks,
  type BenchOptions,
  type BenchResult,
} from '../bench/index.js';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sampleStates } from '../bench/play.js';
import { CliError, usageError } from '../errors.js';
import { getCliGame } from '../games/registry.js';
import { decisionTimeRows, measureDecisionTimes } from '../play/decision-times.js';
import type { CommandContext } from './context.js';

/**
 * The flags of `ruleloom bench`.
 * @public
 */
export interface BenchFlags {
  readonly quick?: boolean;
  readonly mcts?: boolean;
  readonly out?: string;
  /** `--decisions <bot>`: time that bot's decisions in watched games instead. */
  readonly decisions?: string;
}

type BenchGameOf = Parameters<NonNullable<BenchOptions['extra']>>[0];

/** Iterations per MCTS decision while measuring. */
const MCTS_BENCH_ITERATIONS = 500;

/**
 * MCTS iterations per second from a mid-game position (random rollouts to the end of the
 * game), through the bots package's `mctsBot`: passed to the suite's `extra` hook.
 * @public
 */
export async function mctsIterationsPerSecond(
  g: BenchGameOf,
  engine: Engine,
  quick: boolean,
): Promise<BenchResult[]> {
  const results = await mctsOn(g, engine, quick, '');
  // St. Augustine as people play it (trading on): the engine's forward model, no fast twin.
  if (g.id === 'st-augustine') {
    const tradingOn = createEngine(g.game, { players: 4, options: { trading: 'on' } });
    results.push(...(await mctsOn(g, tradingOn, quick, ', trading on')));
  }
  return results;
}

async function mctsOn(
  g: BenchGameOf,
  engine: Engine,
  quick: boolean,
  label: string,
): Promise<BenchResult[]> {
  // A mid-game decision of a game played with the suite's reference policy.
  const states = sampleStates(engine, [21], g.policy, 0.5, 0.6);
  const state = states[0] ?? engine.initialState(1).state;
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
      name: `MCTS iterations (mid-game, random rollouts to the end${label})`,
      value: (decisions * MCTS_BENCH_ITERATIONS) / seconds,
      unit: 'iterations/s',
      samples: decisions,
      note: `${String(MCTS_BENCH_ITERATIONS)} iterations per decision`,
    },
  ];
}

/** The games people get from `ruleloom play`, as the decision-time bench plays them. */
const DECISION_SETUPS: Readonly<
  Record<string, { players: number; options: Record<string, unknown> }>
> = {
  'st-augustine': { players: 4, options: {} },
  'colonial-florida': { players: 3, options: {} },
};

async function benchDecisions(
  context: CommandContext,
  game: string | undefined,
  bot: string,
  quick: boolean,
  out: string | undefined,
): Promise<void> {
  const { io } = context;
  const ids = game === undefined ? Object.keys(DECISION_SETUPS) : [game];
  const results: BenchResult[] = [];
  for (const id of ids) {
    const base = DECISION_SETUPS[id];
    if (base === undefined) throw usageError(`no decision-time setup for '${id}'`);
    const setup = { cliGame: getCliGame(id), bot, ...base, games: quick ? 1 : 3 };
    io.err(`Timing ${bot} decisions in ${String(setup.games)} watched ${id} game(s)...\n`);
    results.push(...decisionTimeRows(setup, await measureDecisionTimes(setup)));
  }
  io.out(`${formatBenchTable(results)}\n`);
  if (out !== undefined) {
    try {
      await mkdir(path.dirname(out), { recursive: true });
      await writeFile(
        out,
        `${JSON.stringify({ command: `ruleloom bench --decisions ${bot}`, results }, null, 2)}\n`,
      );
    } catch (error) {
      throw new CliError(`cannot write ${out}: ${(error as Error).message}`);
    }
  }
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
  if (flags.decisions !== undefined) {
    await benchDecisions(context, game, flags.decisions, quick, flags.out);
    return;
  }
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
  if (flags.out !== undefined) {
    const report = {
      machine: {
        node: process.version,
        platform: `${os.platform()} ${os.arch()}`,
        cpus: os.cpus().length,
        cpu: os.cpus()[0]?.model ?? 'unknown',
      },
      command: `ruleloom bench${game === undefined ? '' : ` ${game}`}${quick ? ' --quick' : ''}`,
      results,
    };
    try {
      await mkdir(path.dirname(flags.out), { recursive: true });
      await writeFile(flags.out, `${JSON.stringify(report, null, 2)}\n`);
    } catch (error) {
      throw new CliError(`cannot write ${flags.out}: ${(error as Error).message}`);
    }
    io.err(`Results written to ${flags.out}\n`);
  }
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
    .option('-o, --out <file>', 'also write the results (with machine details) as JSON')
    .option(
      '--decisions <bot>',
      "time a bot's decisions (mean, p50, p90, p99, max) in watched games of the default setup (St. Augustine: 4 players, trading on)",
    )
    .addHelpText(
      'after',
      '\nExamples:\n  $ ruleloom bench\n  $ ruleloom bench st-augustine --quick\n  $ taskset -c 1 ruleloom bench st-augustine --decisions ismcts',
    )
    .action(async (game: string | undefined, flags: BenchFlags) => bench(context, game, flags));
}
