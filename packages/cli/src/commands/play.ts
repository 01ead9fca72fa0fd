import { isAbsolute, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createMatch, type Match } from '@ruleloom/core';
import type { Command } from 'commander';
import { CliError, usageError } from '../errors.js';
import type { CliGame, NarrationContext } from '../games/cli-game.js';
import { BUILT_IN_KITS } from '../games/load-kit.js';
import { gameArgumentHelp, resolveCliGame } from '../games/registry.js';
import type { CliIo } from '../io.js';
import { planSeats, resumeSeats, savedSeating, type Seating } from '../play/plan-seats.js';
import { runMatch } from '../play/run-match.js';
import { createBotController } from '../players/bot-controller.js';
import { BOT_KINDS, type BotKind } from '../players/bot-kinds.js';
import type { SeatController } from '../players/controller.js';
import { createHumanController } from '../players/human-controller.js';
import { createThreadedBotController } from '../players/threaded-bot.js';
import { fitLines, terminalColumns } from '../output/width.js';
import { loadSave, writeSave } from '../saves.js';
import { buildSetup } from '../setup/build-setup.js';
import { collect } from '../setup/parse-options.js';
import { loadVariantFile } from '../variant/variant-file.js';
import type { VariantData } from '@ruleloom/core';
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
  /** `--resume <file>`: continue a saved game (saved back to it unless `--save` is given). */
  readonly resume?: string;
  /** `--variant <file>`: play a variant from a data file (JSON or YAML). */
  readonly variant?: string;
}

/**
 * Display names of the seats: `Seat 0 (you)`, `British (mcts)`.
 * @public
 */
export function seatNames(cliGame: CliGame, controllers: readonly SeatController[]): string[] {
  return controllers.map((c, seat) => `${cliGame.seatLabel(seat)} (${c.name})`);
}

interface Started {
  readonly cliGame: CliGame;
  readonly match: Match;
  readonly seating: Seating;
  readonly resumedFrom?: string;
  /** The variant's data, embedded in saves. */
  readonly variant?: VariantData;
}

async function start(io: CliIo, gameId: string | undefined, flags: PlayFlags): Promise<Started> {
  if (flags.resume === undefined) {
    if (flags.variant !== undefined) {
      const named =
        gameId === undefined ? undefined : await resolveCliGame(gameId, { cwd: io.cwd });
      const loaded = await loadVariantFile(
        flags.variant,
        io.cwd,
        named === undefined ? {} : { games: [named] },
      );
      if (named !== undefined && named.id !== loaded.cliGame.id)
        throw usageError(`'${flags.variant}' is a variant of ${loaded.cliGame.id}, not ${gameId}`);
      const seating = planSeats(loaded.cliGame, flags);
      const setup = buildSetup(loaded.cliGame, seating.players, flags);
      return {
        cliGame: loaded.cliGame,
        match: createMatch(loaded.cliGame.game, setup) as Match,
        seating,
        variant: loaded.data,
      };
    }
    if (gameId === undefined) throw usageError('play needs a game (or --resume <file>)');
    const cliGame = await resolveCliGame(gameId, { cwd: io.cwd });
    const seating = planSeats(cliGame, flags);
    const setup = buildSetup(cliGame, seating.players, flags);
    return { cliGame, match: createMatch(cliGame.game, setup) as Match, seating };
  }
  if (
    flags.seed !== undefined ||
    flags.option.length > 0 ||
    flags.players !== undefined ||
    flags.variant !== undefined
  )
    throw usageError(
      '--resume continues a saved game: its seed, options, players and variant are fixed',
    );
  const named = gameId === undefined ? undefined : await resolveCliGame(gameId, { cwd: io.cwd });
  const { cliGame, match, saved, variant } = await loadSave(
    flags.resume,
    io.cwd,
    named === undefined ? {} : { named },
  );
  if (named !== undefined && named.id !== cliGame.id)
    throw usageError(`'${flags.resume}' is a save of ${cliGame.id}, not ${gameId}`);
  if (match.isOver) throw new CliError(`'${flags.resume}' is a finished game: replay it instead`);
  const seating = resumeSeats(cliGame, flags, match.setup.players, saved);
  return {
    cliGame,
    match,
    seating,
    resumedFrom: flags.resume,
    ...(variant === undefined ? {} : { variant }),
  };
}

function controllersFor(io: CliIo, started: Started, ctx: NarrationContext): SeatController[] {
  const { cliGame, match, seating } = started;
  const controllers: SeatController[] = [];
  let nextBot = 0;
  for (let seat = 0; seat < seating.players; seat++) {
    if (seat === seating.human) {
      controllers.push(createHumanController({ io, cliGame, ctx }));
      continue;
    }
    const kind = seating.bots[nextBot++] as BotKind;
    // At a terminal a built-in bot searches in a thread of its own, so "thinking…" keeps
    // counting; piped, or for a process bot or a variant, it plays in this thread.
    const threaded =
      io.stdoutIsTTY === true && BOT_KINDS.includes(kind)
        ? createThreadedBotController({
            cliGame,
            kind,
            seat,
            seed: match.setup.seed,
            players: match.setup.players,
            options: match.setup.options ?? {},
          })
        : undefined;
    if (threaded !== undefined) {
      controllers.push(threaded);
      continue;
    }
    controllers.push(
      createBotController({
        cliGame,
        bot: kind.create(cliGame),
        seat,
        seed: match.setup.seed,
        players: match.setup.players,
        options: match.setup.options ?? {},
      }),
    );
  }
  return controllers;
}

/** A word for a command to copy: quoted for the shell unless plain. */
function shellWord(text: string): string {
  return /^[\w./@%+:,=-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * How a later command names this game: nothing for a built-in game; for a kit, the package or
 * path typed on the command line, else the kit module's path relative to `cwd` (a variant file
 * that named its kit by path).
 */
function kitWord(cliGame: CliGame, typed: string | undefined, cwd: string): string | undefined {
  const ref = cliGame.kitRef;
  if (ref === undefined || BUILT_IN_KITS[cliGame.id] === ref) return undefined;
  if (typed !== undefined) return typed;
  if (!ref.module.startsWith('file:')) return ref.module;
  const path = relative(cwd, fileURLToPath(ref.module));
  return isAbsolute(path) || path.startsWith('..') ? path : `./${path}`;
}

async function play(
  context: CommandContext,
  gameId: string | undefined,
  flags: PlayFlags,
): Promise<void> {
  const { io, palette: c } = context;
  const started = await start(io, gameId, flags);
  const { cliGame, match, seating } = started;
  const ctxNames: string[] = [];
  const ctx: NarrationContext = { names: ctxNames, palette: c, engine: match.engine };
  const controllers = controllersFor(io, started, ctx);
  ctxNames.push(...seatNames(cliGame, controllers));
  const setup = match.setup;
  const options = JSON.stringify(setup.options ?? {});
  // The seed fixes every future draw: a human sees it only once the game is over.
  const seed = seating.human === null ? ` · seed ${String(setup.seed)}` : '';
  io.out(
    `${c.bold(cliGame.game.name)} · ${String(setup.players)} players${seed}${options === '{}' ? '' : ` · options ${options}`}\n`,
  );
  if (started.resumedFrom !== undefined) {
    io.out(`Resumed ${started.resumedFrom}: ${String(match.actions.length)} actions played.\n`);
  }
  if (seating.human !== null) {
    io.out(
      c.dim(
        io.stdinIsTTY
          ? 'Use the arrow keys and Enter to choose; type amounts at an amount prompt; Ctrl+C saves and quits.\n'
          : 'One line per decision: a menu number, an amount or pass at an amount prompt, an action as JSON, or q to save and quit.\n',
      ),
    );
  }
  let outcome;
  try {
    outcome = await runMatch({
      io,
      cliGame,
      match,
      controllers,
      ctx,
      viewer: seating.human ?? 'spectator',
    });
  } finally {
    for (const controller of controllers) controller.close?.();
  }
  if (outcome === 'finished') {
    io.out(
      `\n${fitLines(cliGame.renderBoard(match.view('spectator'), ctx), terminalColumns()).join('\n')}\n`,
    );
    if (seating.human !== null) io.out(c.dim(`The seed of this game was ${String(setup.seed)}.\n`));
  } else {
    io.out(`Game stopped after ${String(match.actions.length)} actions.\n`);
  }
  const saveTo = flags.save ?? started.resumedFrom;
  if (saveTo !== undefined) {
    await writeSave(resolve(io.cwd, saveTo), match, savedSeating(seating), started.variant);
    // A kit's save is read with its kit: the commands shown name it.
    const kit = kitWord(cliGame, gameId, io.cwd);
    const file = shellWord(saveTo);
    io.out(
      outcome === 'finished'
        ? `Saved to ${saveTo} (replay it with: ruleloom replay ${file}${kit === undefined ? '' : ` --game ${shellWord(kit)}`}).\n`
        : `Saved to ${saveTo} (continue with: ruleloom play ${kit === undefined ? '' : `${shellWord(kit)} `}--resume ${file}).\n`,
    );
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
    .argument('[game]', `${gameArgumentHelp()} (not needed with --resume of a built-in game)`)
    .option(
      '-p, --players <n>',
      'number of players (default: one more than the bots listed, else the game default)',
    )
    .option(
      '-b, --bots <list>',
      `comma-separated bots for the other seats, one name for all of them or one per seat (known: ${BOT_KINDS.map((k) => k.name).join(', ')}; default greedy, or random for games without a heuristic)`,
    )
    .option('--seat <n>', 'the seat you play, from 0 (default 0)')
    .option('-s, --seed <seed>', 'the match seed (an integer or a string; default random, printed)')
    .option(
      '-o, --option <key=value>',
      'a game option, repeatable; values are JSON when they parse (turns=6, trading=off)',
      collect,
      [],
    )
    .option('--save <file>', 'save the game (JSON) when it ends or when you quit')
    .option('-w, --watch', 'no human seat: bots play every seat and you watch')
    .option(
      '--variant <file>',
      'play a variant from a data file (JSON or YAML; see `variant check`)',
    )
    .option(
      '-r, --resume <file>',
      'continue a saved game with the same seats (saved back to the file unless --save is given)',
    )
    .addHelpText(
      'after',
      `
At a terminal you choose with the arrow keys. Every question is asked from the legal
actions: a game whose actions declare an amount asks it as a number (7, 7000, $7,000, +1 or
pass); an offer from another seat is answered with the decline first; optional offers to
other seats are asked about only when one is legal, with "skip this turn" and "never ask
again this game"; an action a game declares as a form (a trade, a bid of several fields) is
asked step by step. Enter alone never passes or accepts: an empty answer asks again.
When standard input is not a terminal, one line is read per question: a menu number or the
first word of a row, an amount, an action as JSON ({"type":"bid","amount":6000}), a legal
action type (pass), or q. At game over, or at the end of the input, the game is
saved (with --save) and the command exits. The seed is printed when the game is over
(in --watch mode, at the start).

Examples:
  $ ruleloom play st-augustine --players 3 --bots random --option turns=8
  $ ruleloom play colonial-florida --bots random --seed 7 --save game.json
  $ ruleloom play pig --watch --players 3
  $ ruleloom play --resume game.json
  $ printf '1\\n1\\n2\\n' | ruleloom play pig --seed 1 --save pig.json`,
    )
    .action(async (game: string | undefined, flags: PlayFlags) => play(context, game, flags));
}
