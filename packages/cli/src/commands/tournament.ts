import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import {
  runTournament,
  tournamentToCsv,
  tournamentToJson,
  type BotEntry,
  type TournamentResult,
} from '@ruleloom/bots';
import type { Command } from 'commander';
import { CliError, messageOf, usageError } from '../errors.js';
import type { CliGame } from '../games/cli-game.js';
import { getCliGame } from '../games/registry.js';
import type { CliIo } from '../io.js';
import type { Palette } from '../output/palette.js';
import { createProgress } from '../output/progress.js';
import { renderTable } from '../output/table.js';
import { BOT_KINDS, parseBotList, resolveRef, type BotKind } from '../players/bot-kinds.js';
import { checkSetup, randomSeed } from '../setup/build-setup.js';
import { collect, parseCount, parseOptionPairs, parseSeed } from '../setup/parse-options.js';
import type { CommandContext } from './context.js';

/**
 * The flags of `ruleloom tournament`.
 * @public
 */
export interface TournamentFlags {
  readonly bots: string;
  readonly games: string;
  readonly workers: string;
  readonly seed?: string;
  readonly option: readonly string[];
  readonly json?: string;
  readonly csv?: string;
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
}

/**
 * Runs a tournament with the bots package's `runTournament`, showing progress on standard
 * error. Bots are objects when playing in this thread, specs (data) on worker threads.
 * @public
 */
export async function playTournament(io: CliIo, plan: TournamentPlan): Promise<TournamentResult> {
  const { cliGame, bots } = plan;
  const onWorkers = plan.workers > 0;
  const entries: BotEntry[] = bots.map((k) => (onWorkers ? k.spec(cliGame) : k.create(cliGame)));
  const progress = createProgress(io, `${cliGame.id} tournament`, 'games', plan.quiet === true);
  try {
    return await runTournament({
      game: onWorkers ? resolveRef(cliGame.gameRef) : cliGame.game,
      bots: entries,
      games: plan.games,
      seed: plan.seed,
      players: bots.length,
      options: plan.options,
      workers: plan.workers,
      onProgress: (p) => progress.update(p.completed, p.total),
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

async function tournament(
  context: CommandContext,
  gameId: string,
  flags: TournamentFlags,
): Promise<void> {
  const { io, palette: c } = context;
  const cliGame = getCliGame(gameId);
  const bots = parseBotList(flags.bots, cliGame);
  const games = parseCount('--games', flags.games);
  const workers = parseCount('--workers', flags.workers, 0);
  const seed = flags.seed === undefined ? randomSeed() : parseSeed(flags.seed);
  const options = parseOptionPairs(flags.option);
  checkSetup(cliGame, { seed, players: bots.length, options });
  const started = performance.now();
  const result = await playTournament(io, { cliGame, bots, games, workers, seed, options });
  const seconds = (performance.now() - started) / 1000;
  io.out(
    `${c.bold(cliGame.game.name)} · ${String(result.gamesPlayed)} games · ${String(result.players)} players · seed ${String(seed)}` +
      `${workers > 0 ? ` · ${String(workers)} workers` : ''} · ${seconds.toFixed(1)} s\n`,
  );
  io.out(`${formatTournamentResults(result, cliGame, c)}\n`);
  if (result.failed > 0) {
    const first = result.games.find((g) => g.error !== undefined);
    io.out(
      c.red(
        `${String(result.failed)} games failed; first: ${first?.error?.message ?? 'unknown'}\n`,
      ),
    );
  }
  if (flags.json !== undefined) {
    await writeOut(flags.json, io.cwd, tournamentToJson(result));
    io.out(`Results (every game, replayable) written to ${flags.json}\n`);
  }
  if (flags.csv !== undefined) {
    await writeOut(flags.csv, io.cwd, tournamentToCsv(result, 'bots'));
    io.out(`Table written to ${flags.csv}\n`);
  }
}

/**
 * Adds `ruleloom tournament <game>` to the program.
 * @public
 */
export function registerTournamentCommand(program: Command, context: CommandContext): void {
  program
    .command('tournament')
    .description('pit bots against each other: paired seeds, rotated seats, win rates with CI, Elo')
    .argument('<game>', 'the game: st-augustine, colonial-florida or pig')
    .requiredOption(
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
      'worker threads (0: play in this thread); results do not depend on it',
      '0',
    )
    .option('-s, --seed <seed>', 'tournament seed (default random, printed)')
    .option('-o, --option <key=value>', 'a game option for every match, repeatable', collect, [])
    .option('--json <file>', 'write the full results (every game, replayable) as JSON')
    .option('--csv <file>', 'write the results table as CSV')
    .addHelpText(
      'after',
      `
Bots:
${BOT_KINDS.map((k) => `  ${k.name.padEnd(8)} ${k.description}`).join('\n')}

Examples:
  $ ruleloom tournament st-augustine --bots mcts,greedy,random --games 30 --seed 1
  $ ruleloom tournament colonial-florida --bots greedy,random --games 40 --workers 2 --csv out.csv`,
    )
    .action(async (game: string, flags: TournamentFlags) => tournament(context, game, flags));
}
