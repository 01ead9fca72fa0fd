import { resolve } from 'node:path';
import { createMatch, type Match } from '@ruleloom/core';
import type { Command } from 'commander';
import { usageError } from '../errors.js';
import type { CliGame, NarrationContext } from '../games/cli-game.js';
import { getCliGame } from '../games/registry.js';
import { runMatch } from '../play/run-match.js';
import { createBotController } from '../players/bot-controller.js';
import { BOT_KINDS, parseBotList, type BotKind } from '../players/bot-kinds.js';
import type { SeatController } from '../players/controller.js';
import { createHumanController } from '../players/human-controller.js';
import { writeSave } from '../saves.js';
import { buildSetup } from '../setup/build-setup.js';
import { collect, parseCount } from '../setup/parse-options.js';
import type { CommandContext } from './context.js';

/**
 * The flags of `ruleloom play`.
 * @public
 */
export interface PlayFlags {
  readonly players?: string;
  readonly bots?: string;
  readonly seat?: string;
  readonly seed?: string;
  readonly option: readonly string[];
  readonly save?: string;
  readonly watch?: boolean;
}

/** The bot used for seats when `--bots` is not given: greedy when the game has a heuristic. */
function defaultBot(cliGame: CliGame): string {
  return cliGame.heuristic === undefined ? 'random' : 'greedy';
}

interface Seating {
  readonly players: number;
  readonly human: number | null;
  readonly bots: readonly BotKind[];
}

function planSeats(cliGame: CliGame, flags: PlayFlags): Seating {
  const watch = flags.watch === true;
  const listed = flags.bots === undefined ? undefined : parseBotList(flags.bots, cliGame);
  const players =
    flags.players !== undefined
      ? parseCount('--players', flags.players)
      : listed !== undefined && listed.length > 1
        ? listed.length + (watch ? 0 : 1)
        : cliGame.defaultPlayers;
  const botSeats = watch ? players : players - 1;
  const kinds = listed ?? parseBotList(defaultBot(cliGame), cliGame);
  let bots: BotKind[];
  if (kinds.length === 1) bots = Array.from({ length: botSeats }, () => kinds[0] as BotKind);
  else if (kinds.length === botSeats) bots = kinds;
  else {
    throw usageError(
      `--bots lists ${String(kinds.length)} bots but ${String(players)} players leave ${String(botSeats)} bot seat${botSeats === 1 ? '' : 's'} (give one bot name for all of them, or exactly ${String(botSeats)})`,
    );
  }
  let human: number | null = null;
  if (!watch) {
    human = flags.seat === undefined ? 0 : parseCount('--seat', flags.seat, 0);
    if (human >= players)
      throw usageError(`--seat must be from 0 to ${String(players - 1)}, got ${String(human)}`);
  }
  return { players, human, bots };
}

/**
 * Display names of the seats: `Seat 0 (you)`, `British (mcts)`.
 * @public
 */
export function seatNames(cliGame: CliGame, controllers: readonly SeatController[]): string[] {
  return controllers.map((c, seat) => `${cliGame.seatLabel(seat)} (${c.name})`);
}

async function play(context: CommandContext, gameId: string, flags: PlayFlags): Promise<void> {
  const { io, palette: c } = context;
  const cliGame = getCliGame(gameId);
  const seating = planSeats(cliGame, flags);
  const setup = buildSetup(cliGame, seating.players, flags);
  const match = createMatch(cliGame.game, setup) as Match;
  const controllers: SeatController[] = [];
  const ctxNames: string[] = [];
  const ctx: NarrationContext = { names: ctxNames, palette: c, engine: match.engine };
  let nextBot = 0;
  for (let seat = 0; seat < seating.players; seat++) {
    if (seat === seating.human) {
      controllers.push(createHumanController({ io, cliGame, ctx }));
    } else {
      const kind = seating.bots[nextBot++] as BotKind;
      controllers.push(
        createBotController({
          cliGame,
          bot: kind.create(cliGame),
          seat,
          seed: setup.seed,
          players: setup.players,
          options: setup.options ?? {},
        }),
      );
    }
  }
  ctxNames.push(...seatNames(cliGame, controllers));
  const options = JSON.stringify(setup.options ?? {});
  io.out(
    `${c.bold(cliGame.game.name)} · ${String(setup.players)} players · seed ${String(setup.seed)}${options === '{}' ? '' : ` · options ${options}`}\n`,
  );
  if (seating.human !== null) {
    io.out(
      c.dim('Pick an action by its number (or type an action as JSON, or q to save and quit).\n'),
    );
  }
  const outcome = await runMatch({
    io,
    cliGame,
    match,
    controllers,
    ctx,
    viewer: seating.human ?? 'spectator',
  });
  if (outcome === 'finished') {
    io.out(`\n${cliGame.renderBoard(match.view('spectator'), ctx).join('\n')}\n`);
  } else {
    io.out(`Game stopped after ${String(match.actions.length)} actions.\n`);
  }
  if (flags.save !== undefined) {
    await writeSave(resolve(io.cwd, flags.save), match);
    io.out(`Saved to ${flags.save} (replay it with: ruleloom replay ${flags.save}).\n`);
  } else if (outcome === 'quit') {
    io.out(c.dim('Not saved: use --save <file.json> to keep a game.\n'));
  }
}

/**
 * Adds `ruleloom play <game>` to the program.
 * @public
 */
export function registerPlayCommand(program: Command, context: CommandContext): void {
  program
    .command('play')
    .description('play a game in the terminal against bots (or watch bots play with --watch)')
    .argument('<game>', 'the game: st-augustine, colonial-florida or pig')
    .option(
      '-p, --players <n>',
      'number of players (default: one more than the bots listed, else the game default)',
    )
    .option(
      '-b, --bots <list>',
      `comma-separated bots for the other seats, one name for all of them or one per seat (known: ${BOT_KINDS.map((k) => k.name).join(', ')}; default greedy, or random for games without a heuristic)`,
    )
    .option('--seat <n>', 'the seat you play, from 0', '0')
    .option('-s, --seed <seed>', 'the match seed (an integer or a string; default random, printed)')
    .option(
      '-o, --option <key=value>',
      'a game option, repeatable; values are JSON when they parse (turns=6, trading=off)',
      collect,
      [],
    )
    .option('--save <file>', 'save the game (JSON) when it ends or when you quit')
    .option('-w, --watch', 'no human seat: bots play every seat and you watch')
    .addHelpText(
      'after',
      `
When standard input is not a terminal, one line is read per decision: a menu number,
an action as JSON ({"type":"bid","amount":6000}), a legal action type (pass), or q.
At the end of the input the game is saved (with --save) and the command exits cleanly.

Examples:
  $ ruleloom play st-augustine --players 3 --bots random --option turns=8
  $ ruleloom play colonial-florida --bots random --seed 7 --save game.json
  $ ruleloom play pig --watch --players 3
  $ printf '1\\n1\\n2\\n' | ruleloom play pig --seed 1 --save pig.json`,
    )
    .action(async (game: string, flags: PlayFlags) => play(context, game, flags));
}
