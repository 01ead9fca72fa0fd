import { createMatch, type LogEntry, type Match } from '@ruleloom/core';
import type { Command } from 'commander';
import { CliError, EXIT_CODES } from '../errors.js';
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
 * What a key (or a line) typed at a `replay --step` prompt asks for, at step `at` (0-based
 * actions played) of `total`: the next action, the previous one, a jump to a step, the end,
 * or quitting. `t<N>` jumps to the first action of turn N when `turnStart` knows turns.
 * @public
 */
export type StepCommand =
  | { readonly type: 'goto'; readonly at: number }
  | { readonly type: 'end' }
  | { readonly type: 'quit' }
  | { readonly type: 'invalid'; readonly message: string };

/**
 * Reads a `replay --step` answer: Enter or `n` next, `b` or `p` back, a number jumps to that
 * step (1 is the first action), `t5` to the first action of turn 5, `a` plays to the end,
 * `q` quits.
 * @public
 */
export function parseStepCommand(
  text: string,
  at: number,
  total: number,
  turnStart?: (turn: number) => number | undefined,
): StepCommand {
  const t = text.trim().toLowerCase();
  if (t === '' || t === 'n') return { type: 'goto', at: Math.min(total, at + 1) };
  if (t === 'b' || t === 'p') return { type: 'goto', at: Math.max(0, at - 1) };
  if (t === 'a') return { type: 'end' };
  if (t === 'q' || t === 'quit') return { type: 'quit' };
  if (/^\d+$/.test(t)) {
    const n = Number(t);
    if (n < 1 || n > total)
      return { type: 'invalid', message: `steps go from 1 to ${String(total)}` };
    return { type: 'goto', at: n - 1 };
  }
  const turn = /^t(\d+)$/.exec(t);
  if (turn !== null) {
    const found = turnStart?.(Number(turn[1]));
    return found === undefined
      ? { type: 'invalid', message: `no turn ${turn[1] ?? ''} in this game` }
      : { type: 'goto', at: found };
  }
  return {
    type: 'invalid',
    message: 'Enter/n next · b back · a number or t<turn> to jump · a to the end · q to quit',
  };
}

/** The turn a view is at, when the game's view says (`turn`), else undefined. */
function turnOf(view: unknown): number | undefined {
  const turn = (view as { readonly turn?: unknown } | null)?.turn;
  return typeof turn === 'number' ? turn : undefined;
}

/**
 * Steps through a save: the board before each action, then a key: next, back, jump to a
 * step or a turn, play to the end, or quit. Returns false when the viewer quit with `q` (the
 * position shown is where they stopped), true when it played to the end.
 */
async function stepThrough(
  io: CliIo,
  loaded: Match,
  cliGame: CliGame,
  ctx: NarrationContext,
): Promise<boolean> {
  const total = loaded.actions.length;
  // The position after `n` actions, replayed from the start (saves are small; the rules are fast).
  const at = (n: number): Match => {
    const m = createMatch(cliGame.game, loaded.setup) as Match;
    for (let i = 0; i < n; i++) {
      const { seat, action } = loaded.actions[i] as { seat: number; action: unknown };
      m.applyInput(seat, action);
    }
    return m;
  };
  // The first step of each turn, from the views along the way (games whose view has `turn`).
  const turns = new Map<number, number>();
  {
    const m = at(0);
    for (let i = 0; i <= total; i++) {
      const turn = turnOf(m.view('spectator'));
      if (turn !== undefined && !turns.has(turn)) turns.set(turn, Math.min(i, total - 1));
      if (i === total) break;
      const { seat, action } = loaded.actions[i] as { seat: number; action: unknown };
      m.applyInput(seat, action);
    }
  }
  // At a terminal a single key steps, and digits are read as a line; through a pipe, lines.
  const keys = io.stdinIsTTY;
  const reader = keys ? undefined : new LineReader(io.stdin);
  const next = async (): Promise<string | null> => {
    if (reader !== undefined) return reader.next();
    const key = await readKey(io.stdin);
    if (key === 'ctrl-c') return 'q';
    if (key === 'enter') return '';
    if (key !== null && /^[\dt]$/.test(key)) {
      // A jump: keys up to Enter (echoed), read one at a time in raw mode.
      let typed = key;
      io.out(key);
      for (;;) {
        const more = await readKey(io.stdin);
        if (more === null || more === 'ctrl-c') return 'q';
        if (more === 'enter') return typed;
        typed += more;
        io.out(more);
      }
    }
    return key;
  };
  try {
    let position = 0;
    let replay = at(0);
    let stepCtx: NarrationContext = { ...ctx, engine: replay.engine };
    const say = (entry: LogEntry): void => {
      const lines = fitLines(narrateEntry(entry, cliGame, stepCtx), terminalColumns());
      if (lines.length > 0) io.out(`${lines.join('\n')}\n`);
    };
    say(replay.log[0] as LogEntry);
    for (;;) {
      if (position >= total) return true;
      io.out(
        `\n${fitLines(cliGame.renderBoard(replay.view('spectator'), stepCtx), terminalColumns()).join('\n')}\n`,
      );
      io.out(
        ctx.palette.dim(
          `[step ${String(position + 1)}/${String(total)}] Enter: next · b: back · 12 or t3: jump to step 12 or turn 3 · a: to the end · q: stop > `,
        ),
      );
      const line = await next();
      io.out('\n');
      const command: StepCommand =
        line === null
          ? { type: 'end' }
          : parseStepCommand(line, position, total, (turn) => turns.get(turn));
      if (command.type === 'quit') {
        io.out(
          `Stopped at step ${String(position + 1)} of ${String(total)} (the position above).\n`,
        );
        return false;
      }
      if (command.type === 'invalid') {
        io.out(`${ctx.palette.red('✗')} ${command.message}\n`);
        continue;
      }
      const target = command.type === 'end' ? total : command.at;
      if (target === position + 1) {
        // Forward one: narrate the action.
        const { seat, action } = loaded.actions[position] as { seat: number; action: unknown };
        replay.applyInput(seat, action);
        say(replay.log[replay.log.length - 1] as LogEntry);
        position = target;
        continue;
      }
      if (command.type === 'end') {
        for (; position < total; position++) {
          const { seat, action } = loaded.actions[position] as { seat: number; action: unknown };
          replay.applyInput(seat, action);
          say(replay.log[replay.log.length - 1] as LogEntry);
        }
        return true;
      }
      replay = at(target);
      stepCtx = { ...ctx, engine: replay.engine };
      io.out(ctx.palette.dim(`(jumped to step ${String(target + 1)} of ${String(total)})\n`));
      position = target;
    }
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
  let toTheEnd = true;
  if (flags.step === true) toTheEnd = await stepThrough(io, match, cliGame, ctx);
  else io.out(`${fitLines(narrateMatch(match, cliGame, ctx), terminalColumns()).join('\n')}\n`);
  if (toTheEnd) {
    io.out(
      `\n${fitLines(cliGame.renderBoard(match.view('spectator'), ctx), terminalColumns()).join('\n')}\n`,
    );
    if (!match.isOver)
      io.out(
        c.yellow(`The game was saved before its end (${String(match.actions.length)} actions).\n`),
      );
  }
  // Shown, but not vouched for: a script checking saves must not take it for a verified one.
  if (legacy)
    throw new CliError(
      `'${file}' could not be verified: it is a legacy save without a hash chain, so nothing shows its actions were not edited (its replay is shown above, unverified)`,
      EXIT_CODES.failure,
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
    .option('--step', 'step through the game one action at a time, showing the board (keys below)')
    .addHelpText(
      'after',
      `
The save is replayed action by action with the game's rules; its game id, rules version
and final state hash must match, or the command prints one error line and exits with 1.
A legacy save (no hash chain) is shown marked unverified, and the command exits with 1.

Keys of --step (one key at a terminal, one line through a pipe):
  Enter or n   the next action        b   back one action
  12           jump to step 12        t3  jump to the first action of turn 3
  a            play to the end        q   quit at the position shown

Examples:
  $ ruleloom replay game.json
  $ ruleloom replay game.json --step
  $ ruleloom replay game.json --game ./my-game.mjs`,
    )
    .action(async (file: string, flags: ReplayFlags) => replay(context, file, flags));
}
