import type { ActionBase, GameView } from '@ruleloom/core';
import type { CliGame, NarrationContext } from '../games/cli-game.js';
import type { CliIo } from '../io.js';
import { seatName } from '../narration/narrate.js';
import type { Choice, Decision, SeatController } from './controller.js';
import { LineReader } from './line-reader.js';

/**
 * The menu label of a legal action: the game's own wording for the CLI when it has one,
 * else the engine's `describeAction`.
 * @public
 */
export function describeChoice(
  cliGame: CliGame,
  action: ActionBase,
  view: GameView,
  ctx: NarrationContext,
): string {
  return cliGame.describeChoice?.(action, view, ctx) ?? ctx.engine.describeAction(action);
}

/**
 * Interprets one line typed by a human (or a script) for a decision: a menu number (from 1),
 * an action as JSON, or the bare type of the only legal action of that type (`pass`, `roll`).
 * `q` / `quit` quits. Returns a message for a line that means nothing.
 * @public
 */
export function parseChoiceLine(
  line: string,
  legalActions: readonly ActionBase[],
): Choice | { readonly type: 'invalid'; readonly message: string } {
  const text = line.trim();
  if (text === 'q' || text === 'quit' || text === 'exit') return { type: 'quit' };
  if (/^\d+$/.test(text)) {
    const n = Number(text);
    const action = legalActions[n - 1];
    if (action === undefined) {
      return {
        type: 'invalid',
        message: `choose a number from 1 to ${String(legalActions.length)}, got ${text}`,
      };
    }
    return { type: 'action', action };
  }
  if (text.startsWith('{')) {
    try {
      return { type: 'action', action: JSON.parse(text) as unknown };
    } catch {
      return { type: 'invalid', message: `'${text}' is not valid JSON` };
    }
  }
  const byType = legalActions.filter((a) => a.type === text);
  if (byType.length === 1) return { type: 'action', action: byType[0] };
  if (text === '')
    return { type: 'invalid', message: 'type a menu number, an action as JSON, or q to quit' };
  return {
    type: 'invalid',
    message:
      byType.length > 1
        ? `several '${text}' actions are legal: type a menu number`
        : `'${text}' is not a menu number, an action as JSON or a legal action type`,
  };
}

/**
 * Settings of {@link createHumanController}.
 * @public
 */
export interface HumanControllerParams {
  readonly io: CliIo;
  readonly cliGame: CliGame;
  readonly ctx: NarrationContext;
  /** Shared reader of standard input for non-terminal play (created on first use when absent). */
  readonly reader?: LineReader;
}

function isExitPrompt(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'ExitPromptError' || error.name === 'AbortPromptError')
  );
}

/**
 * A human at the terminal: shows the board, the decision and the legal actions, then reads
 * the choice with an arrow-key menu (terminal) or one line of standard input (scripts).
 * @public
 */
export function createHumanController(params: HumanControllerParams): SeatController {
  const { io, cliGame, ctx } = params;
  const c = ctx.palette;
  let reader = params.reader;
  const show = (decision: Decision): string[] => {
    const labels = decision.legalActions.map((a) => describeChoice(cliGame, a, decision.view, ctx));
    io.out(`\n${cliGame.renderBoard(decision.view, ctx).join('\n')}\n`);
    io.out(`${c.yellow(`Your decision, ${seatName(ctx, decision.seat)}:`)}\n`);
    return labels;
  };
  return {
    kind: 'human',
    name: 'you',
    rejected(message) {
      io.out(`${c.red('✗')} ${message}\n`);
    },
    async choose(decision) {
      const labels = show(decision);
      if (io.stdinIsTTY) {
        const { select } = await import('@inquirer/prompts');
        try {
          const index = await select(
            {
              message: 'Choose an action',
              choices: [
                ...labels.map((name, value) => ({ name, value })),
                { name: 'Save and quit', value: -1 },
              ],
              pageSize: 15,
            },
            { input: io.stdin, output: process.stdout },
          );
          return index < 0
            ? { type: 'quit' }
            : { type: 'action', action: decision.legalActions[index] };
        } catch (error) {
          if (isExitPrompt(error)) return { type: 'quit' };
          throw error;
        }
      }
      labels.forEach((label, i) => io.out(`  ${c.cyan(String(i + 1).padStart(3))}) ${label}\n`));
      reader ??= new LineReader(io.stdin);
      for (;;) {
        io.out('> ');
        const line = await reader.next();
        if (line === null) {
          io.out('\n');
          return { type: 'quit' };
        }
        io.out(`${line}\n`);
        const choice = parseChoiceLine(line, decision.legalActions);
        if (choice.type !== 'invalid') return choice;
        io.out(`${c.red('✗')} ${choice.message}\n`);
      }
    },
  };
}
