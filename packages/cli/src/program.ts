import { Command, CommanderError } from 'commander';
import { registerAnalyzeCommand } from './commands/analyze.js';
import { registerBenchCommand } from './commands/bench.js';
import type { CommandContext } from './commands/context.js';
import { registerDemoCommand } from './commands/demo.js';
import { registerEngineCommand } from './commands/engine.js';
import { registerPlayCommand } from './commands/play.js';
import { registerReplayCommand } from './commands/replay.js';
import { registerRulesCommand } from './commands/rules.js';
import { registerServeCommand } from './commands/serve.js';
import { registerTournamentCommand } from './commands/tournament.js';
import { registerVariantCommand } from './commands/variant.js';
import { registerWorkerCommand } from './commands/worker.js';
import { CliError, EXIT_CODES, messageOf } from './errors.js';
import { GAMES, listGameIds } from './games/registry.js';
import { createProcessIo, type CliIo } from './io.js';
import { createPalette } from './output/palette.js';
import { escapeControlLines } from './terminal-text.js';
import { VERSION } from './version.js';

/** The first non-empty line of a commander error (its message without the usage hint). */
function firstLine(text: string): string {
  return text.split('\n').find((l) => l.trim() !== '') ?? text;
}

/** `A, B and C`. */
function joinNames(names: readonly string[]): string {
  return names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1] ?? ''}`;
}

/**
 * Builds the `ruleloom` program (commander) for an {@link CliIo}. Commands throw
 * {@link CliError}s; {@link main} turns them into one-line messages and exit codes.
 * @public
 */
export function createProgram(io: CliIo): Command {
  const context: CommandContext = { io, palette: createPalette(io.color) };
  const program = new Command();
  program
    .name('ruleloom')
    .description(
      `Play, watch, replay and measure Ruleloom tabletop games: ${joinNames(GAMES.map((g) => g.game.name))}, or any game kit.`,
    )
    .version(VERSION, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help (every command has its own: ruleloom play --help)')
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.out(text),
      writeErr: (text) => io.err(text),
      outputError: (text, write) => write(`${firstLine(text)}\n`),
    })
    .addHelpText(
      'after',
      `
Games: ${listGameIds().join(', ')}, or any game kit: ruleloom play ./my-game.mjs

Examples:
  $ ruleloom demo                                    a short tour: tournaments + a narrated game
  $ ruleloom play st-augustine --players 3 --bots random
  $ ruleloom tournament colonial-florida --bots random,greedy --games 20
  $ ruleloom replay game.json
  $ ruleloom rules st-augustine
  $ ruleloom bench st-augustine
  $ ruleloom serve                                   a multiplayer server on port 8080

Exit codes: 0 success, 1 failure (unreadable file, tampered save), 2 usage error.`,
    );
  registerPlayCommand(program, context);
  registerTournamentCommand(program, context);
  registerWorkerCommand(program, context);
  registerReplayCommand(program, context);
  registerBenchCommand(program, context);
  registerRulesCommand(program, context);
  registerDemoCommand(program, context);
  registerServeCommand(program, context);
  registerEngineCommand(program, context);
  registerVariantCommand(program, context);
  registerAnalyzeCommand(program, context);
  for (const command of program.commands) {
    command.exitOverride().showHelpAfterError(false);
    command.configureOutput({
      writeOut: (text) => io.out(text),
      writeErr: (text) => io.err(text),
      outputError: (text, write) => write(`${firstLine(text)}\n`),
    });
  }
  return program;
}

/**
 * Runs the command line on arguments (without `node` and the script name) and returns the
 * exit code. Never throws: user errors print `error: <message>` on one line, and any other
 * failure prints its message (no stack trace unless `RULELOOM_DEBUG` is set).
 *
 * @example
 * ```ts
 * process.exitCode = await main(process.argv.slice(2));
 * ```
 * @public
 */
export async function main(
  argv: readonly string[],
  io: CliIo = createProcessIo(),
): Promise<number> {
  const program = createProgram(io);
  const palette = createPalette(io.color);
  // Messages quote files, kits and variants from others: their control bytes are shown escaped.
  const printError = (message: string): void =>
    io.err(`${palette.red('error:')} ${escapeControlLines(message)}\n`);
  try {
    if (argv.length === 0) {
      io.out(program.helpInformation());
      return EXIT_CODES.ok;
    }
    await program.parseAsync([...argv], { from: 'user' });
    return EXIT_CODES.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.exitCode === 0) return EXIT_CODES.ok;
      return EXIT_CODES.usage;
    }
    if (error instanceof CliError) {
      printError(error.message);
      for (const line of error.details) printError(line);
      return error.exitCode;
    }
    printError(messageOf(error).split('\n')[0] ?? 'unknown error');
    if (
      process.env.RULELOOM_DEBUG !== undefined &&
      error instanceof Error &&
      error.stack !== undefined
    ) {
      io.err(`${error.stack}\n`);
    }
    return EXIT_CODES.failure;
  }
}
