import { createMatch, type Match } from '@ruleloom/core';
import type { Command } from 'commander';
import { commandPrefix } from './command-prefix.js';
import type { CliGame, NarrationContext } from '../games/cli-game.js';
import { colonialFloridaCli, stAugustineCli } from '../games/registry.js';
import { runMatch } from '../play/run-match.js';
import { createBotController } from '../players/bot-controller.js';
import { parseBotList } from '../players/bot-kinds.js';
import type { SeatController } from '../players/controller.js';
import { parseCount, parseSeed } from '../setup/parse-options.js';
import type { CommandContext } from './context.js';
import { seatNames } from './play.js';
import { formatTournamentResults, playTournament } from './tournament.js';

/**
 * The flags of `ruleloom demo`.
 * @public
 */
export interface DemoFlags {
  readonly games: string;
  readonly workers: string;
  readonly seed: string;
}

/** The bots of the demo tournaments and of the narrated game. */
const DEMO_TOURNAMENT_BOTS = 'ismcts,greedy,random';
const DEMO_GAME_BOTS = 'ismcts,greedy,random';
/** The narrated game: three players, a few turns. */
const DEMO_GAME_OPTIONS = { turns: 6, trading: 'off' } as const;

async function demoTournament(
  context: CommandContext,
  cliGame: CliGame,
  games: number,
  workers: number,
  seed: number | string,
): Promise<void> {
  const { io, palette: c } = context;
  const bots = parseBotList(DEMO_TOURNAMENT_BOTS, cliGame);
  io.out(
    `\n${c.bold(`▶ ${cliGame.game.name}`)}: ${bots.map((b) => b.name).join(' vs ')}, ${String(games)} games, options ${JSON.stringify(cliGame.quickOptions)}\n`,
  );
  const started = performance.now();
  const result = await playTournament(io, {
    cliGame,
    bots,
    games,
    workers,
    seed,
    options: cliGame.quickOptions,
    quiet: !io.stderrIsTTY,
  });
  io.out(`${formatTournamentResults(result, cliGame, c)}\n`);
  io.out(
    c.dim(
      `${String(result.gamesPlayed)} games in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
    ),
  );
}

async function demoGame(context: CommandContext, seed: number | string): Promise<void> {
  const { io, palette: c } = context;
  const cliGame = stAugustineCli;
  const kinds = parseBotList(DEMO_GAME_BOTS, cliGame);
  const setup = { seed, players: kinds.length, options: DEMO_GAME_OPTIONS };
  const match = createMatch(cliGame.game, setup) as Match;
  const controllers: SeatController[] = kinds.map((kind, seat) =>
    createBotController({
      cliGame,
      bot: kind.create(cliGame),
      seat,
      seed,
      players: setup.players,
      options: setup.options,
    }),
  );
  const ctx: NarrationContext = {
    names: seatNames(cliGame, controllers),
    palette: c,
    engine: match.engine,
  };
  io.out(
    `\n${c.bold(`▶ One game of ${cliGame.game.name}, narrated`)}: ${ctx.names.join(' vs ')}, ${String(DEMO_GAME_OPTIONS.turns)} turns, seed ${String(seed)}\n\n`,
  );
  await runMatch({ io, cliGame, match, controllers, ctx, viewer: 'spectator' });
  io.out(`\n${cliGame.renderBoard(match.view('spectator'), ctx).join('\n')}\n`);
}

async function demo(context: CommandContext, flags: DemoFlags): Promise<void> {
  const { io, palette: c } = context;
  const games = parseCount('--games', flags.games);
  const workers = parseCount('--workers', flags.workers, 0);
  const seed = parseSeed(flags.seed);
  io.out(
    `${c.bold('Ruleloom demo')}: bots play short tournaments of St. Augustine and Colonial Florida,\nthen one game is narrated move by move.\n`,
  );
  await demoTournament(context, stAugustineCli, games, workers, seed);
  await demoTournament(context, colonialFloridaCli, games, workers, seed);
  await demoGame(context, seed);
  // Suggest commands that work from this shell (a clone has no `ruleloom` on PATH).
  const run = commandPrefix();
  const next: readonly (readonly [string, string])[] = [
    ['play st-augustine --players 3 --bots ismcts', 'play against two MCTS bots'],
    ['play colonial-florida --bots greedy --save g.json', ''],
    ['replay g.json', 'verify and narrate a saved game'],
    ['rules colonial-florida', 'the rules in a page'],
    ['--help', 'everything else'],
  ];
  const width =
    Math.max(...next.filter(([, n]) => n !== '').map(([cmd]) => run.length + 1 + cmd.length)) + 2;
  io.out(
    `\n${c.bold('Your turn:')}\n` +
      next
        .map(([cmd, note]) =>
          `  ${`${run} ${cmd}`.padEnd(note === '' ? 0 : width)}${note}`.trimEnd(),
        )
        .join('\n') +
      '\n',
  );
}

/**
 * Adds `ruleloom demo` (the README's first command) to the program.
 * @public
 */
export function registerDemoCommand(program: Command, context: CommandContext): void {
  program
    .command('demo')
    .description(
      'a quick tour: bot tournaments in both games, then one narrated game (under a minute)',
    )
    .option('-g, --games <n>', 'games per tournament', '12')
    .option('-w, --workers <n>', 'worker threads for the tournaments (0: this thread)', '0')
    .option('-s, --seed <seed>', 'seed of the tournaments and of the narrated game', '1')
    .addHelpText('after', '\nExample:\n  $ ruleloom demo --games 24 --workers 2')
    .action(async (flags: DemoFlags) => demo(context, flags));
}
