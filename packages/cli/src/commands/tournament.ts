import { writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import {
  getTournamentStatus,
  resumeTournament,
  runTournament,
  summarizeTournament,
  tournamentToCsv,
  type GameRecord,
  tournamentToJson,
  type BotEntry,
  type TournamentResult,
} from '@ruleloom/bots';
import type { VariantData } from '@ruleloom/core';
import type { Command } from 'commander';
import { CliError, messageOf, usageError } from '../errors.js';
import type { CliGame, ExportRef } from '../games/cli-game.js';
import { gameArgumentHelp, resolveCliGame } from '../games/registry.js';
import type { CliIo } from '../io.js';
import type { Palette } from '../output/palette.js';
import { createProgress } from '../output/progress.js';
import { renderTable } from '../output/table.js';
import { BOT_KINDS, parseBotList, resolveRef, type BotKind } from '../players/bot-kinds.js';
import { checkSetup, randomSeed } from '../setup/build-setup.js';
import { collect, parseCount, parseOptionPairs, parseSeed } from '../setup/parse-options.js';
import type { CommandContext } from './context.js';
import { displayUrl, parseRedisUrl, portable } from './distributed.js';
import { loadVariantFile, variantModulesReady } from '../variant/variant-file.js';

/**
 * The flags of `ruleloom tournament`.
 * @public
 */
export interface TournamentFlags {
  readonly bots?: string;
  readonly games: string;
  readonly workers?: string;
  /** `--redis URL`: play on the workers of a Redis queue instead of this machine. */
  readonly redis?: string;
  /** `--id ID`: the id of a new distributed tournament (default random). */
  readonly id?: string;
  /** `--resume ID`: carry on a distributed tournament from its settings in Redis. */
  readonly resume?: string;
  /** `--status ID`: print a distributed tournament's standings so far. */
  readonly status?: string;
  /** `--competition`: each bot in its own thread with a per-decision time limit. */
  readonly competition?: boolean;
  /** `--time-limit MS`: the per-decision limit in competition mode. */
  readonly timeLimit?: string;
  readonly seed?: string;
  readonly option: readonly string[];
  readonly json?: string;
  readonly csv?: string;
  /** `--variant <file>`: play a variant from a data file (JSON or YAML). */
  readonly variant?: string;
}

/**
 * What a tournament run needs, already parsed.
 * @public
 */
export interface TournamentPlan {
  readonly cliGame: CliGame;
  readonly bots: readonly BotKind[];
  readonly games: number;
  readonly workers: number;
  readonly seed: number | string;
  readonly options: Readonly<Record<string, unknown>>;
  /** Print nothing while it runs (no bar, no progress lines). */
  readonly quiet?: boolean;
  /** Play on a BullMQ queue on this Redis server (workers ignored). */
  readonly redis?: string;
  /** The distributed tournament's id (default random). */
  readonly id?: string;
  /** Competition mode: bots in their own threads, `timeLimitMs` per decision. */
  readonly competition?: boolean;
  readonly timeLimitMs?: number;
  /** Called with each finished game (an interrupted tournament reports these). */
  readonly onGame?: (game: GameRecord) => void;
  /**
   * When `cliGame` is a variant: its data and where its base game is loaded from. Distributed
   * workers import the base game and rebuild the variant from the data.
   */
  readonly variant?: { readonly data: VariantData; readonly baseGameRef: ExportRef };
}

/**
 * Runs a tournament with the bots package's `runTournament`, showing progress on standard
 * error. Bots are objects when playing in this thread, specs (data) on worker threads.
 * @public
 */
export async function playTournament(io: CliIo, plan: TournamentPlan): Promise<TournamentResult> {
  const { cliGame, bots } = plan;
  const distributed = plan.redis !== undefined;
  const asData = plan.workers > 0 || distributed || plan.competition === true;
  const entries: BotEntry[] = bots.map((k) => {
    if (!asData) return k.create(cliGame);
    return distributed ? portable(k.spec(cliGame)) : k.spec(cliGame);
  });
  const progress = createProgress(io, `${cliGame.id} tournament`, 'games', plan.quiet === true);
  // The bar is drawn at once, before the first game ends.
  progress.update(0, Math.ceil(plan.games / bots.length) * bots.length);
  // A variant's generated module must be on disk before worker threads import it.
  await variantModulesReady();
  try {
    return await runTournament({
      // Workers elsewhere import the base game by name and rebuild a variant from its data
      // (a variant's own module is written on this machine only).
      game: asData
        ? distributed
          ? portable(plan.variant?.baseGameRef ?? cliGame.gameRef)
          : resolveRef(cliGame.gameRef)
        : cliGame.game,
      ...(distributed && plan.variant !== undefined ? { variant: plan.variant.data } : {}),
      bots: entries,
      games: plan.games,
      seed: plan.seed,
      players: bots.length,
      options: plan.options,
      workers: plan.workers,
      ...(plan.competition === true
        ? {
            competition: true,
            ...(plan.timeLimitMs === undefined ? {} : { decisionTimeLimitMs: plan.timeLimitMs }),
          }
        : {}),
      ...(plan.redis === undefined
        ? {}
        : {
            backend: {
              kind: 'bullmq' as const,
              connection: plan.redis,
              ...(plan.id === undefined ? {} : { id: plan.id }),
            },
          }),
      onProgress: (p) => {
        plan.onGame?.(p.game);
        progress.update(p.completed, p.total);
      },
      // The bar moves during games: finished games plus the running ones' share of a mean game.
      onActivity: (a) => {
        if (a.meanDecisionsPerGame > 0)
          progress.update(
            a.completed,
            a.total,
            a.completed + a.decisionsInProgress / a.meanDecisionsPerGame,
          );
      },
    });
  } catch (error) {
    if (error instanceof RangeError || error instanceof TypeError)
      throw usageError(messageOf(error));
    throw new CliError(`the tournament failed: ${messageOf(error)}`);
  } finally {
    progress.stop();
  }
}

function percent(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}

/**
 * The results table of a tournament: win rate with its 95% interval, Elo, mean score.
 * @public
 */
export function formatTournamentResults(
  result: TournamentResult,
  cliGame: CliGame,
  palette: Palette,
): string {
  const best = Math.max(...result.bots.map((b) => b.elo));
  const rows = [...result.bots]
    .sort((a, b) => b.elo - a.elo)
    .map((b) => [
      b.elo === best ? palette.bold(b.name) : b.name,
      String(b.games),
      b.wins % 1 === 0 ? String(b.wins) : b.wins.toFixed(1),
      percent(b.winRate),
      `${percent(b.winRateCi95[0])} – ${percent(b.winRateCi95[1])}`,
      String(Math.round(b.elo)),
      cliGame.formatScore(Math.round(b.meanScore)),
      b.meanDecisionMs < 1 ? b.meanDecisionMs.toFixed(2) : b.meanDecisionMs.toFixed(1),
      b.errors === 0 ? '0' : palette.red(String(b.errors)),
    ]);
  return renderTable(
    ['Bot', 'Games', 'Wins', 'Win rate', '95% CI', 'Elo', 'Mean score', 'ms/move', 'Errors'],
    rows,
    ['left', 'right', 'right', 'right', 'center', 'right', 'right', 'right', 'right'],
  );
}

async function writeOut(path: string, cwd: string, text: string): Promise<void> {
  try {
    await writeFile(resolve(cwd, path), text, 'utf8');
  } catch (error) {
    throw new CliError(`cannot write '${path}': ${messageOf(error)}`);
  }
}

function reportResult(
  context: CommandContext,
  cliGame: CliGame,
  result: TournamentResult,
  header: string,
): void {
  const { io, palette: c } = context;
  io.out(`${c.bold(cliGame.game.name)} · ${header}\n`);
  io.out(`${formatTournamentResults(result, cliGame, c)}\n`);
  if (result.failed > 0) {
    const first = result.games.find((g) => g.error !== undefined);
    io.out(
      c.red(
        `${String(result.failed)} games failed; first: ${first?.error?.message ?? 'unknown'}\n`,
      ),
    );
  }
  const fallbacks = result.games.reduce((n, g) => n + (g.fallbacks?.length ?? 0), 0);
  if (fallbacks > 0)
    io.out(
      c.red(
        `${String(fallbacks)} decisions over the time limit were played as the first legal action\n`,
      ),
    );
}

async function exportResult(
  io: CliIo,
  flags: TournamentFlags,
  result: TournamentResult,
): Promise<void> {
  if (flags.json !== undefined) {
    await writeOut(flags.json, io.cwd, tournamentToJson(result));
    io.out(`Results (every game, replayable) written to ${flags.json}\n`);
  }
  if (flags.csv !== undefined) {
    await writeOut(flags.csv, io.cwd, tournamentToCsv(result, 'bots'));
    io.out(`Table written to ${flags.csv}\n`);
  }
}

async function statusOrResume(
  context: CommandContext,
  cliGame: CliGame,
  flags: TournamentFlags,
  url: string,
): Promise<void> {
  const { io } = context;
  if (flags.status !== undefined) {
    let status;
    try {
      status = await getTournamentStatus({ connection: url, id: flags.status });
    } catch (error) {
      throw new CliError(`cannot read tournament '${flags.status}': ${messageOf(error)}`);
    }
    const partial: TournamentResult = {
      game: status.game,
      seed: '',
      players: status.players,
      options: {},
      gamesPlayed: status.completed,
      failed: status.failed,
      bots: status.bots,
      games: [],
    };
    reportResult(
      context,
      cliGame,
      partial,
      `tournament ${status.id}${status.variant === undefined ? '' : ` · variant ${status.variant}`} · ${String(status.completed)}/${String(status.total)} games finished · ${String(status.failed)} failed`,
    );
    return;
  }
  const id = flags.resume as string;
  const progress = createProgress(io, `${cliGame.id} tournament ${id}`, 'games');
  const started = performance.now();
  let result: TournamentResult;
  try {
    result = await resumeTournament({
      connection: url,
      id,
      onProgress: (p) => progress.update(p.completed, p.total),
    });
  } catch (error) {
    throw new CliError(`cannot resume tournament '${id}': ${messageOf(error)}`);
  } finally {
    progress.stop();
  }
  const seconds = (performance.now() - started) / 1000;
  reportResult(
    context,
    cliGame,
    result,
    `tournament ${id} resumed${result.game === cliGame.game.id ? '' : ` · variant ${result.game}`} · ${String(result.gamesPlayed)} games · seed ${String(result.seed)} · ${String(result.workers?.length ?? 0)} workers · ${seconds.toFixed(1)} s`,
  );
  await exportResult(io, flags, result);
}

async function tournament(
  context: CommandContext,
  gameId: string,
  flags: TournamentFlags,
): Promise<void> {
  const { io } = context;
  let cliGame = await resolveCliGame(gameId, { cwd: io.cwd });
  const url = flags.redis === undefined ? undefined : parseRedisUrl(flags.redis);
  let variant: TournamentPlan['variant'];
  if (flags.variant !== undefined) {
    const loaded = await loadVariantFile(flags.variant, io.cwd, { games: [cliGame] });
    if (loaded.cliGame.id !== cliGame.id)
      throw usageError(
        `'${flags.variant}' is a variant of ${loaded.cliGame.id}, not ${cliGame.id}`,
      );
    variant = { data: loaded.data, baseGameRef: cliGame.gameRef };
    cliGame = loaded.cliGame;
  }
  if (flags.resume !== undefined || flags.status !== undefined) {
    if (url === undefined) throw usageError('--resume and --status need --redis <url>');
    await statusOrResume(context, cliGame, flags, url);
    return;
  }
  if (flags.bots === undefined)
    throw usageError('--bots is needed: one bot per seat, e.g. --bots mcts,random');
  const bots = parseBotList(flags.bots, cliGame);
  const games = parseCount('--games', flags.games);
  const workers =
    flags.workers === undefined
      ? availableParallelism()
      : parseCount('--workers', flags.workers, 0);
  const seed = flags.seed === undefined ? randomSeed() : parseSeed(flags.seed);
  const options = parseOptionPairs(flags.option);
  const timeLimitMs =
    flags.timeLimit === undefined ? undefined : parseCount('--time-limit', flags.timeLimit);
  checkSetup(cliGame, { seed, players: bots.length, options });
  const id = url === undefined ? undefined : (flags.id ?? randomId());
  if (url !== undefined && id !== undefined)
    io.err(
      `tournament ${id} on ${displayUrl(url)}; if this stops, carry on with: ruleloom tournament ${cliGame.id} --redis ${displayUrl(url)} --resume ${id}\n`,
    );
  const started = performance.now();
  // Ctrl+C prints the table of the games finished so far, then exits with 130.
  const finished: GameRecord[] = [];
  const names = bots.map((k) => k.name);
  const onInterrupt = (): void => {
    io.err('\n');
    reportResult(
      context,
      cliGame,
      {
        game: cliGame.id,
        seed,
        players: bots.length,
        options,
        gamesPlayed: finished.length,
        failed: finished.filter((g) => g.error !== undefined).length,
        bots: summarizeTournament(names, finished),
        games: finished,
      },
      `interrupted: ${String(finished.length)} of ${String(Math.ceil(games / bots.length) * bots.length)} games finished · seed ${String(seed)}`,
    );
    process.exit(130);
  };
  process.once('SIGINT', onInterrupt);
  const result = await playTournament(io, {
    onGame: (g) => finished.push(g),
    cliGame,
    bots,
    games,
    workers,
    seed,
    options,
    ...(url === undefined ? {} : { redis: url }),
    ...(id === undefined ? {} : { id }),
    ...(variant === undefined ? {} : { variant }),
    ...(flags.competition === true ? { competition: true } : {}),
    ...(timeLimitMs === undefined ? {} : { timeLimitMs }),
  }).finally(() => process.off('SIGINT', onInterrupt));
  const seconds = (performance.now() - started) / 1000;
  const where =
    url !== undefined
      ? ` · tournament ${String(result.id)} · ${String(result.workers?.length ?? 0)} workers`
      : workers > 0
        ? ` · ${String(workers)} workers`
        : '';
  reportResult(
    context,
    cliGame,
    result,
    `${String(result.gamesPlayed)} games · ${String(result.players)} players · seed ${String(seed)}${where}${flags.competition === true ? ' · competition' : ''} · ${seconds.toFixed(1)} s`,
  );
  await exportResult(io, flags, result);
}

/** A random id for a distributed run (12 hex digits). */
export function randomId(): string {
  const bytes = new Uint8Array(6);
  globalThis.crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Adds `ruleloom tournament <game>` to the program.
 * @public
 */
export function registerTournamentCommand(program: Command, context: CommandContext): void {
  program
    .command('tournament')
    .description('pit bots against each other: paired seeds, rotated seats, win rates with CI, Elo')
    .argument('<game>', gameArgumentHelp())
    .option(
      '-b, --bots <list>',
      `comma-separated bots, one per seat (known: ${BOT_KINDS.map((k) => k.name).join(', ')})`,
    )
    .option(
      '-g, --games <n>',
      'games to play (rounded up to whole deals: one game per seat rotation)',
      '20',
    )
    .option(
      '-w, --workers <n>',
      'worker threads (0: play in this thread; default: the cores); results do not depend on it',
    )
    .option('-s, --seed <seed>', 'tournament seed (default random, printed)')
    .option('-o, --option <key=value>', 'a game option for every match, repeatable', collect, [])
    .option('--json <file>', 'write the full results (every game, replayable) as JSON')
    .option('--csv <file>', 'write the results table as CSV')
    .option(
      '--variant <file>',
      'play a variant from a data file (JSON or YAML; see `variant check`)',
    )
    .option(
      '--competition',
      'each bot in a thread of its own, seeing only its view; a time limit per decision',
    )
    .option('--time-limit <ms>', 'per-decision time limit in competition mode (default 5000)')
    .option(
      '--redis <url>',
      'play on `ruleloom worker` processes through this Redis server (BullMQ)',
    )
    .option('--id <id>', 'the id of a new distributed tournament (default random, printed)')
    .option('--resume <id>', 'carry on a distributed tournament (settings come from Redis)')
    .option('--status <id>', 'print the standings of a distributed tournament so far')
    .addHelpText(
      'after',
      `
Ctrl+C stops the tournament, prints the table of the games finished so far and exits with 130.

Bots:
${BOT_KINDS.map((k) => `  ${k.name.padEnd(8)} ${k.description}`).join('\n')}
  process:<command>,<arg>...  a program speaking the bot protocol over stdin/stdout

Examples:
  $ ruleloom tournament st-augustine --bots mcts,greedy,random --games 30 --seed 1
  $ ruleloom tournament colonial-florida --bots greedy,random --games 40 --workers 2 --csv out.csv
  $ ruleloom tournament st-augustine --bots mcts,random,random --games 300 --redis redis://10.0.0.5:6379
  $ ruleloom tournament st-augustine --redis redis://10.0.0.5:6379 --resume 3f2a9c1b04de
  $ ruleloom tournament st-augustine --variant no-trading.yaml --bots greedy,random,random --games 300 --redis redis://10.0.0.5:6379
  $ ruleloom tournament pig --bots random,process:python3,my_bot.py --games 20`,
    )
    .action(async (game: string, flags: TournamentFlags) => tournament(context, game, flags));
}
