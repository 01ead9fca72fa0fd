import { writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import {
  genericMetrics,
  measureGame,
  traceSavedMatch,
  type GameMeasures,
  type GameMetric,
  type GameMetricsExtension,
  type VariantData,
} from '@ruleloom/core';
import type { Command } from 'commander';
import { renderHtmlReport } from '../analyze/html.js';
import { buildReport, type AnalysisReport, type VariantGames } from '../analyze/report.js';
import { CliError, messageOf, usageError } from '../errors.js';
import type { CliGame } from '../games/cli-game.js';
import { gameArgumentHelp, resolveCliGame } from '../games/registry.js';
import type { CliIo } from '../io.js';
import { createProgress } from '../output/progress.js';
import { BOT_KINDS, parseBotList, type BotKind } from '../players/bot-kinds.js';
import { checkSetup, randomSeed } from '../setup/build-setup.js';
import { collect, parseCount, parseOptionPairs, parseSeed } from '../setup/parse-options.js';
import { loadVariantFile } from '../variant/variant-file.js';
import type { CommandContext } from './context.js';
import { displayUrl, parseRedisUrl } from './distributed.js';
import { playTournament, randomId } from './tournament.js';

/**
 * The flags of `ruleloom analyze`.
 * @public
 */
export interface AnalyzeFlags {
  readonly variant: readonly string[];
  readonly games: string;
  readonly bots?: string;
  readonly players?: string;
  readonly seed?: string;
  readonly workers?: string;
  readonly option: readonly string[];
  readonly json?: string;
  readonly html?: string;
  /** `--redis <url>`: play the games on `ruleloom worker` processes through this Redis server. */
  readonly redis?: string;
}

/**
 * The metrics reported for a game: the generic ones, then the game's own (a game's metric
 * with a generic metric's id replaces it).
 * @public
 */
export function metricsFor(extension: GameMetricsExtension): GameMetric[] {
  const byId = new Map<string, GameMetric>();
  for (const m of genericMetrics) byId.set(m.id, m);
  for (const m of extension.metrics ?? []) byId.set(m.id, m);
  return [...byId.values()];
}

/**
 * One variant of an analysis, ready to play.
 * @public
 */
export interface AnalysisVariant {
  readonly id: string;
  readonly name: string;
  readonly cliGame: CliGame;
  readonly data?: VariantData;
}

/**
 * What an analysis needs, already parsed.
 * @public
 */
export interface AnalysisPlan {
  readonly base: CliGame;
  readonly variants: readonly AnalysisVariant[];
  readonly bots: readonly BotKind[];
  readonly games: number;
  readonly workers: number;
  readonly seed: number | string;
  readonly options: Readonly<Record<string, unknown>>;
  readonly quiet?: boolean;
  /** Play on the workers of a BullMQ queue on this Redis server (workers ignored), as tournaments do. */
  readonly redis?: string;
  /** The id of this analysis on Redis (each variant's games run as tournament `<id>-<variant>`). */
  readonly redisId?: string;
}

/**
 * Plays every variant's games on the worker pool (the same seeds in each: paired deals),
 * measures each game from its event stream, and builds the report.
 * @public
 */
export async function runAnalysis(io: CliIo, plan: AnalysisPlan): Promise<AnalysisReport> {
  // The game's own metrics come with its kit (a kit loaded by path brings its own).
  // A kit of any game: its metrics read the game's cards as plain card definitions.
  const extension = (plan.base.kit.metrics ?? {}) as GameMetricsExtension;
  const metrics = metricsFor(extension);
  const measured: VariantGames[] = [];
  for (const v of plan.variants) {
    const result = await playTournament(io, {
      cliGame: v.cliGame,
      bots: plan.bots,
      games: plan.games,
      workers: plan.workers,
      seed: plan.seed,
      options: plan.options,
      ...(plan.quiet === true ? { quiet: true } : {}),
      // On Redis, workers rebuild a variant from its data on the base game they import.
      ...(v.data === undefined
        ? {}
        : { variant: { data: v.data, baseGameRef: plan.base.gameRef } }),
      ...(plan.redis === undefined
        ? {}
        : { redis: plan.redis, id: `${plan.redisId ?? randomId()}-${v.id}` }),
    });
    const progress = createProgress(io, `measuring ${v.id}`, 'games', plan.quiet === true);
    const measures: GameMeasures[] = [];
    const wallMs: number[] = [];
    let failed = result.failed;
    const games = [...result.games].sort((a, b) => a.index - b.index);
    for (const [i, record] of games.entries()) {
      if (record.error === undefined) {
        const traced = traceSavedMatch(v.cliGame.game, record.saved);
        if (traced.ok) {
          measures.push(measureGame(traced.trace, extension));
          wallMs.push(record.decisionMs.reduce((a, b) => a + b, 0));
        } else failed++;
      }
      if (i % 50 === 0 || i === games.length - 1) progress.update(i + 1, games.length);
    }
    progress.stop();
    measured.push({
      id: v.id,
      name: v.name,
      ...(v.data === undefined ? {} : { variant: v.data }),
      measures,
      failed,
      wallMs,
    });
  }
  return buildReport({
    game: plan.base.id,
    seed: String(plan.seed),
    bots: plan.bots.map((b) => b.name),
    gamesPerVariant: plan.games,
    variants: measured,
    metrics,
  });
}

async function writeOut(path: string, cwd: string, text: string): Promise<void> {
  try {
    await writeFile(resolve(cwd, path), text, 'utf8');
  } catch (error) {
    throw new CliError(`cannot write '${path}': ${messageOf(error)}`);
  }
}

function botsFor(base: CliGame, flags: AnalyzeFlags): BotKind[] {
  const text = flags.bots ?? (base.heuristic === undefined ? 'random' : 'greedy');
  const listed = parseBotList(text, base);
  if (listed.length > 1) {
    if (flags.players !== undefined && parseCount('--players', flags.players) !== listed.length)
      throw usageError('--players must match the number of --bots listed (or list one bot)');
    return listed;
  }
  const players =
    flags.players === undefined ? base.defaultPlayers : parseCount('--players', flags.players, 1);
  return Array.from({ length: players }, () => listed[0] as BotKind);
}

async function analyze(
  context: CommandContext,
  gameId: string,
  flags: AnalyzeFlags,
): Promise<void> {
  const { io, palette: c } = context;
  const base = await resolveCliGame(gameId, { cwd: io.cwd });
  const redis = flags.redis === undefined ? undefined : parseRedisUrl(flags.redis);
  const variants: AnalysisVariant[] = [];
  for (const file of flags.variant) {
    const loaded = await loadVariantFile(file, io.cwd, { games: [base] });
    if (loaded.cliGame.id !== base.id)
      throw usageError(`'${file}' is a variant of ${loaded.cliGame.id}, not ${base.id}`);
    if (variants.some((v) => v.id === loaded.cliGame.game.id))
      throw usageError(
        `two variants have the id '${loaded.cliGame.game.id}': give each its own id`,
      );
    variants.push({
      id: loaded.cliGame.game.id,
      name: loaded.data.name ?? loaded.cliGame.game.id,
      cliGame: loaded.cliGame,
      data: loaded.data,
    });
  }
  // One variant is compared with the game as it is.
  if (variants.length < 2) variants.unshift({ id: 'base', name: base.game.name, cliGame: base });
  const bots = botsFor(base, flags);
  const games = parseCount('--games', flags.games);
  const workers =
    flags.workers === undefined
      ? availableParallelism()
      : parseCount('--workers', flags.workers, 0);
  const seed = flags.seed === undefined ? randomSeed() : parseSeed(flags.seed);
  const options = parseOptionPairs(flags.option);
  for (const v of variants) checkSetup(v.cliGame, { seed, players: bots.length, options });
  const started = performance.now();
  const redisId = randomId();
  if (redis !== undefined)
    io.err(
      `analysis ${redisId} on ${displayUrl(redis)}: each variant's games run as tournament ${redisId}-<variant>\n`,
    );
  const report = await runAnalysis(io, {
    base,
    variants,
    bots,
    games,
    workers,
    seed,
    options,
    ...(redis === undefined ? {} : { redis, redisId }),
  });
  const seconds = (performance.now() - started) / 1000;
  io.out(
    `${c.bold(base.game.name)} · analysis · ${String(games)} games per variant · bots ${bots.map((b) => b.name).join(', ')} · seed ${String(seed)} · ${seconds.toFixed(1)} s\n`,
  );
  for (const v of report.variants) {
    const seats = v.winRateBySeat
      .map((e, s) => (e === null ? '' : `seat ${String(s)} ${(e.mean * 100).toFixed(1)}%`))
      .join(', ');
    const turns = v.metrics.find((m) => m.id === 'turns')?.estimate;
    io.out(
      `  ${c.bold(v.name)}: wins by seat ${seats}; turns ${turns === null || turns === undefined ? '–' : turns.mean.toFixed(1)}${v.failed > 0 ? c.red(`; ${String(v.failed)} failed`) : ''}\n`,
    );
  }
  const significant = report.comparisons.filter((x) => x.significant);
  if (report.comparisons.length > 0) {
    io.out(
      significant.length === 0
        ? '  No metric differs clearly between the variants (p < 0.05).\n'
        : `  Differences (p < 0.05):\n${significant.map((x) => `    ${x.verdict}\n`).join('')}`,
    );
  }
  if (flags.json !== undefined) {
    await writeOut(flags.json, io.cwd, `${JSON.stringify(report, null, 2)}\n`);
    io.out(`Report (every number) written to ${flags.json}\n`);
  }
  if (flags.html !== undefined) {
    await writeOut(flags.html, io.cwd, renderHtmlReport(report));
    io.out(`HTML report written to ${flags.html}\n`);
  }
}

/**
 * Adds `ruleloom analyze <game>` to the program.
 * @public
 */
export function registerAnalyzeCommand(program: Command, context: CommandContext): void {
  program
    .command('analyze')
    .description(
      'balance report: play N games per variant and measure outcomes, length, shape and what matters',
    )
    .argument('<game>', gameArgumentHelp())
    .option(
      '--variant <file>',
      'a variant file (JSON or YAML), repeatable; one variant is compared with the game as it is',
      collect,
      [],
    )
    .option('-g, --games <n>', 'games per variant (rounded up to whole seat rotations)', '200')
    .option(
      '-b, --bots <list>',
      `bots, one per seat, or one name for every seat (known: ${BOT_KINDS.map((k) => k.name).join(', ')}; default greedy, random for games without a heuristic)`,
    )
    .option('-p, --players <n>', 'players, when one bot name is given (default: the game default)')
    .option(
      '-s, --seed <seed>',
      'the seed (default random, printed); the same seed gives the same report',
    )
    .option('-w, --workers <n>', 'worker threads (0: this thread; default: the cores)')
    .option('-o, --option <key=value>', 'a game option for every match, repeatable', collect, [])
    .option(
      '--redis <url>',
      'play the games on `ruleloom worker` processes through this Redis server (BullMQ), as `tournament --redis` does',
    )
    .option('--json <file>', 'write the report with every number as JSON')
    .option('--html <file>', 'write the report as one self-contained HTML page with plots')
    .addHelpText(
      'after',
      `
Examples:
  $ ruleloom analyze st-augustine --games 200 --seed 1 --html report.html
  $ ruleloom analyze st-augustine --variant cheap-monopolies.yaml --games 500 --json r.json
  $ ruleloom analyze st-augustine --bots random --games 2000 --redis redis://10.0.0.5:6379 --json r.json
  $ ruleloom analyze st-augustine --variant cheap-monopolies.yaml --games 600 --redis redis://10.0.0.5:6379 --json r.json

With --redis, a variant's data travels with each game's job: the workers need the game installed, not the file.`,
    )
    .action(async (game: string, flags: AnalyzeFlags) => analyze(context, game, flags));
}
