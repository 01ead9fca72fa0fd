import { createMatch, type LogEntry, type Match } from '@ruleloom/core';
import type { Command } from 'commander';
import type { CliGame, NarrationContext } from '../games/cli-game.js';
import { resolveCliGame } from '../games/registry.js';
import type { CliIo } from '../io.js';
import { narrateEntry } from '../narration/narrate.js';
import { readKey } from '../players/key-reader.js';
import { LineReader } from '../players/line-reader.js';
import { loadSave } from '../saves.js';
import { escapeControl } from '../terminal-text.js';
import { fitLines, terminalColumns } from '../output/width.js';
import type { CommandContext } from './context.js';

/**
 * The flags of `ruleloom replay`.
 * @public
 */
export interface ReplayFlags {
  readonly step?: boolean;
  /** `--game <game>`: the save's game when it is not built in (a package or a kit's path). */
  readonly game?: string;
}

/**
 * Narrates a whole match from its log, entry by entry.
 * @public
 */
export function narrateMatch(match: Match, cliGame: CliGame, ctx: NarrationContext): string[] {
  return match.log.flatMap((entry: LogEntry) => narrateEntry(entry, cliGame, ctx));
}

/**
 * Steps through a save one action at a time. Returns false when the viewer quit with `q`
 * (the position shown is where they stopped), true when it played to the end.
 */
async function stepThrough(
  io: CliIo,
  loaded: Match,
  cliGame: CliGame,
  ctx: NarrationContext,
): Promise<boolean> {
  const replay = createMatch(cliGame.game, loaded.setup) as Match;
  const stepCtx: NarrationContext = { ...ctx, engine: replay.engine };
  // At a terminal a single key steps (no Enter needed after q or a); through a pipe, lines.
  const keys = io.stdinIsTTY;
  const reader = keys ? undefined : new LineReader(io.stdin);
  const next = async (): Promise<string | null> => {
    if (reader !== undefined) return reader.next();
    const key = await readKey(io.stdin);
    return key === 'ctrl-c' ? 'q' : key === 'enter' ? '' : key;
  };
  const say = (entry: LogEntry): void => {
    const lines = fitLines(narrateEntry(entry, cliGame, stepCtx), terminalColumns());
    if (lines.length > 0) io.out(`${lines.join('\n')}\n`);
  };
  try {
    say(replay.log[0] as LogEntry);
    let interactive = true;
    const total = loaded.actions.length;
    for (let i = 0; i < total; i++) {
      if (interactive) {
        io.out(
          `\n${fitLines(cliGame.renderBoard(replay.view('spectator'), stepCtx), terminalColumns()).join('\n')}\n`,
        );
        io.out(
          ctx.palette.dim(
            `[step ${String(i + 1)}/${String(total)}] Enter: next · a: play to the end · q: stop > `,
          ),
        );
        const line = await next();
        io.out('\n');
        const key = line?.trim().toLowerCase();
        if (line === null || key === 'a') interactive = false;
        else if (key === 'q' || key === 'quit') {
          io.out(`Stopped at step ${String(i + 1)} of ${String(total)} (the position above).\n`);
          return false;
        }
      }
      const { seat, action } = loaded.actions[i] as { seat: number; action: unknown };
      replay.applyInput(seat, action);
      say(replay.log[replay.log.length - 1] as LogEntry);
    }
    return true;
  } finally {
    reader?.close();
  }
}

async function replay(context: CommandContext, file: string, flags: ReplayFlags): Promise<void> {
  const { io, palette: c } = context;
  const named =
    flags.game === undefined ? undefined : await resolveCliGame(flags.game, { cwd: io.cwd });
  // A legacy save (no hash chain) is shown, but said to be unverified.
  const { cliGame, match, legacy } = await loadSave(file, io.cwd, {
    allowLegacy: true,
    ...(named === undefined ? {} : { named }),
  });
  const ctx: NarrationContext = {
    names: Array.from({ length: match.setup.players }, (_, seat) => cliGame.seatLabel(seat)),
    palette: c,
    engine: match.engine,
  };
  const options = escapeControl(JSON.stringify(match.setup.options ?? {}));
  const what = `${cliGame.game.name}, ${String(match.setup.players)} players, seed ${escapeControl(String(match.setup.seed))}${options === '{}' ? '' : `, options ${options}`}, ${String(match.actions.length)} actions, hash ${match.hash().slice(0, 16)}`;
  io.out(
    legacy
      ? `${c.yellow('⚠')} ${escapeControl(file)} unverified: a legacy save without a hash chain, so its actions may have been edited: ${what}\n\n`
      : `${c.green('✓')} ${escapeControl(file)} verified: ${what}\n\n`,
  );
  if (flags.step === true) {
    if (!(await stepThrough(io, match, cliGame, ctx))) return;
  } else io.out(`${fitLines(narrateMatch(match, cliGame, ctx), terminalColumns()).join('\n')}\n`);
  io.out(
    `\n${fitLines(cliGame.renderBoard(match.view('spectator'), ctx), terminalColumns()).join('\n')}\n`,
  );
  if (!match.isOver)
    io.out(
      c.yellow(`The game was saved before its end (${String(match.actions.length)} actions).\n`),
    );
}

/**
 * Adds `ruleloom replay <file>` to the program.
 * @public
 */
export function registerReplayCommand(program: Command, context: CommandContext): void {
  program
    .command('replay')
    .description('verify a saved game (replay + hash check) and narrate it turn by turn')
    .argument('<file>', 'a save written by `ruleloom play --save` or match.toJSON()')
    .option(
      '--game <game>',
      "the save's game when it is not built in: an installed package or a path to a kit module",
    )
    .option(
      '--step',
      'step through the game one action at a time, showing the board (Enter: next, a: to the end, q: stop)',
    )
    .addHelpText(
      'after',
      `
The save is replayed action by action with the game's rules; its game id, rules version
and final state hash must match, or the command prints one error line and exits with 1.

Examples:
  $ ruleloom replay game.json
  $ ruleloom replay game.json --step
  $ ruleloom replay game.json --game ./my-game.mjs`,
    )
    .action(async (file: string, flags: ReplayFlags) => replay(context, file, flags));
}
