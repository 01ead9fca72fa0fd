import { actionTraitsOf, type ActionBase, type GameView } from '@ruleloom/core';
import type { CliGame, NarrationContext } from '../games/cli-game.js';
import type { CliIo } from '../io.js';
import { seatName } from '../narration/narrate.js';
import type { Choice, Decision, SeatController } from './controller.js';
import { askDecision, notePhase, offerAutoPass, type OfferMemory } from './decision-prompts.js';
import { createPrompter } from './prompter.js';
import { fitLines, terminalColumns, terminalRows } from '../output/width.js';

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
}

/**
 * The menu rows of a decision: one per distinct label (two legal actions that read the same,
 * such as moving by either die of a double, are one row: the first of them).
 * @public
 */
export function menuRows(
  labels: readonly string[],
  legalActions: readonly ActionBase[],
): { readonly label: string; readonly action: ActionBase }[] {
  const seen = new Set<string>();
  const rows: { label: string; action: ActionBase }[] = [];
  labels.forEach((label, i) => {
    const action = legalActions[i];
    if (action === undefined || seen.has(label)) return;
    seen.add(label);
    rows.push({ label, action });
  });
  return rows;
}

/** Rows kept for the decision (its prompt and menu) and the latest lines of the story. */
const DECISION_AND_STORY_ROWS = 14;

/**
 * A human at the terminal: shows the board (only the lines that changed, when the rest is as
 * last shown), then asks from the legal actions and the game's declared traits (an amount
 * prompt, an answer to an offer, optional offers; see `askDecision`) or a menu of the legal
 * actions: an arrow-key menu at a terminal, one line of standard input through a pipe.
 * @public
 */
export function createHumanController(params: HumanControllerParams): SeatController {
  const { io, cliGame, ctx } = params;
  const c = ctx.palette;
  const handle = createPrompter({ io, palette: c });
  const prompter = handle.prompter;
  let lastBoard: string | undefined;
  const memory: OfferMemory = { skipping: undefined, never: false };
  const show = (decision: Decision): void => {
    const columns = terminalColumns();
    const rows = terminalRows();
    let board = fitLines(cliGame.renderBoard(decision.view, ctx), columns);
    // A short terminal: the compact board when the full one, the decision and the last lines
    // of the turn's story would not fit (80×24: the story stays on screen).
    if (
      rows !== undefined &&
      cliGame.renderCompactBoard !== undefined &&
      board.length + DECISION_AND_STORY_ROWS > rows
    )
      board = fitLines(
        cliGame.renderCompactBoard(decision.view, ctx, {
          lines: rows - DECISION_AND_STORY_ROWS,
          columns,
        }),
        columns,
      );
    const status = new Set(
      fitLines(cliGame.renderStatus?.(decision.view, ctx) ?? [], terminalColumns()),
    );
    const rest = board.filter((line) => !status.has(line)).join('\n');
    if (rest !== lastBoard) io.out(`\n${board.join('\n')}\n`);
    else if (status.size > 0) io.out(`\n${[...status].join('\n')}\n`);
    lastBoard = rest;
    io.out(`${c.yellow(`Your decision, ${seatName(ctx, decision.seat)}:`)}\n`);
  };
  const menu = async (decision: Decision): Promise<Choice> => {
    const labels = decision.legalActions.map((a) => describeChoice(cliGame, a, decision.view, ctx));
    const rows = menuRows(labels, decision.legalActions);
    if (io.stdinIsTTY) {
      // The cursor starts on the first row that is not a pass: Enter never passes.
      const traits = actionTraitsOf(ctx.engine.game);
      const start = Math.max(
        0,
        rows.findIndex((row) => !traits.isPass(row.action)),
      );
      const index = await prompter.select(
        'Choose an action',
        [
          ...rows.map((row, value) => ({ name: row.label, value })),
          { name: 'Save and quit', value: -1 },
        ],
        start,
      );
      return index === null || index < 0
        ? { type: 'quit' }
        : { type: 'action', action: rows[index]?.action };
    }
    rows.forEach((row, i) => io.out(`  ${c.cyan(String(i + 1).padStart(3))}) ${row.label}\n`));
    const actions = rows.map((row) => row.action);
    for (;;) {
      const line = await prompter.text('');
      if (line === null) return { type: 'quit' };
      const choice = parseChoiceLine(line, actions);
      if (choice.type !== 'invalid') return choice;
      io.out(`${c.red('✗')} ${choice.message}\n`);
    }
  };
  return {
    kind: 'human',
    name: 'you',
    rejected(message) {
      io.out(`${c.red('✗')} ${message}\n`);
    },
    async choose(decision) {
      const ahead = offerAutoPass(decision, ctx, memory);
      if (ahead !== undefined) return { type: 'action', action: ahead };
      show(decision);
      const asked = await askDecision({ decision, prompter, cliGame, ctx, memory, menu });
      return asked ?? menu(decision);
    },
    observe(phase) {
      notePhase(memory, phase);
    },
    close() {
      handle.close();
    },
  };
}
