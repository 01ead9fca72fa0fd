import { mctsBot } from '@ruleloom/bots';
import { createEngine, Rng, type ActionBase, type Engine, type GameKit } from '@ruleloom/core';
import type { Command } from 'commander';
import {
  benchGameOfKit,
  benchGamesOf,
  formatBenchTable,
  runBenchmarks,
  type BenchOptions,
  type BenchResult,
} from '../bench/index.js';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sampleStates } from '../bench/play.js';
import { CliError } from '../errors.js';
import type { CliGame } from '../games/cli-game.js';
import { GAMES, gameArgumentHelp, resolveCliGame } from '../games/registry.js';
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
  kit?: GameKit,
): Promise<BenchResult[]> {
  const results = await mctsOn(g, engine, quick, '');
  // The game as people play it (its kit's default setup, St. Augustine with trading on) when
  // the bench setup differs: the engine's forward model, often with no fast twin.
  const played = kit?.defaultSetup;
  if (
    played !== undefined &&
    JSON.stringify([played.players, played.options ?? {}]) !==
      JSON.stringify([g.setup.players, g.setup.options ?? {}])
  ) {
    const asPlayed = createEngine(g.game, {
      players: played.players,
      options: played.options ?? {},
    });
    results.push(...(await mctsOn(g, asPlayed, quick, ', the default setup')));
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

/** The games the decision-time bench plays when none is named: the built-ins with a heuristic. */
function decisionGames(): CliGame[] {
  return GAMES.filter((g) => g.kit.heuristic !== undefined);
}

async function benchDecisions(
  context: CommandContext,
  named: CliGame | undefined,
  bot: string,
  quick: boolean,
  out: string | undefined,
): Promise<void> {
  const { io } = context;
  const results: BenchResult[] = [];
  for (const cliGame of named === undefined ? decisionGames() : [named]) {
    // The game people get from `ruleloom play`: its kit's default setup.
    const base = {
      players: cliGame.kit.defaultSetup.players,
      options: { ...cliGame.kit.defaultSetup.options },
    };
    const setup = { cliGame, bot, ...base, games: quick ? 1 : 3 };
    io.err(`Timing ${bot} decisions in ${String(setup.games)} watched ${cliGame.id} game(s)...\n`);
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
  const named = game === undefined ? undefined : await resolveCliGame(game, { cwd: io.cwd });
  // Every built-in kit that declares its benchmark, or the named kit: the cases it declares
  // (else its `bench` setup under its declared traits' policy).
  const games =
    named === undefined ? benchGamesOf(GAMES.map((g) => g.kit)) : [benchGameOfKit(named.kit)];
  const quick = flags.quick === true;
  if (flags.decisions !== undefined) {
    await benchDecisions(context, named, flags.decisions, quick, flags.out);
    return;
  }
  io.err(
    `Benchmarking ${game ?? games.map((g) => g.id).join(' and ')}${quick ? ' (quick)' : ''}: this takes ${quick ? 'a few seconds' : 'about a minute per game'}...\n`,
  );
  const results = await runBenchmarks({
    games,
    quick,
    ...(flags.mcts === false
      ? {}
      : {
          extra: (g: BenchGameOf, engine: Engine) =>
            mctsIterationsPerSecond(
              g,
              engine,
              quick,
              (named ?? GAMES.find((x) => x.id === g.id))?.kit,
            ),
        }),
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
    .argument('[game]', `${gameArgumentHelp()} (default: every built-in game with benchmarks)`)
    .option('-q, --quick', 'short runs (seconds instead of minutes; noisier)')
    .option('--no-mcts', 'skip the MCTS iterations/s figure')
    .option('-o, --out <file>', 'also write the results (with machine details) as JSON')
    .option(
      '--decisions <bot>',
      "time a bot's decisions (mean, p50, p90, p99, max) in watched games of the kit's default setup",
    )
    .addHelpText(
      'after',
      '\nExamples:\n  $ ruleloom bench\n  $ ruleloom bench st-augustine --quick\n  $ taskset -c 1 ruleloom bench st-augustine --decisions ismcts',
    )
    .action(async (game: string | undefined, flags: BenchFlags) => bench(context, game, flags));
}
