import {
  renderRichText,
  type ActionBase,
  type BoardBlock,
  type GameView,
  type PresentContext,
  type RichText,
  type TextStyle,
} from '@ruleloom/core';
import type { Palette } from '../output/palette.js';
import { renderTable } from '../output/table.js';
import type { CliGame, CliGameEntry, EventNarration, NarrationContext } from './cli-game.js';

/** The terminal colour of each presentation style. */
const STYLE_COLOURS: Readonly<Record<TextStyle, keyof Palette>> = {
  strong: 'bold',
  muted: 'dim',
  card: 'cyan',
  money: 'yellow',
  gain: 'green',
  alert: 'red',
  marker: 'magenta',
  notice: 'yellow',
};

/**
 * Rich text from a game's presenter, in the terminal's palette.
 * @public
 */
export function paint(text: RichText, palette: Palette): string {
  return renderRichText(text, (t, style) => palette[STYLE_COLOURS[style]](t));
}

/** What a presenter needs from the command line's narration context. */
export function presentContext(ctx: NarrationContext): PresentContext {
  return { names: ctx.names, rules: ctx.engine };
}

/**
 * Board blocks as terminal lines: a line each, a boxed table for a table.
 * @public
 */
export function paintBoard(blocks: readonly BoardBlock[], palette: Palette): string[] {
  return blocks.map((block) =>
    block.type === 'line'
      ? paint(block.text, palette)
      : renderTable(
          block.columns.map((c) => c.title),
          block.rows.map((row) => row.map((cell) => paint(cell, palette))),
          block.columns.map((c) => c.align),
        ),
  );
}

/**
 * The command line's view of a game from its entry: the presenter's narration, board and
 * wording, painted with the terminal's palette.
 * @public
 */
export function cliGameOf(id: string, entry: CliGameEntry): CliGame {
  const present = entry.present;
  const painted = (text: RichText | undefined, ctx: NarrationContext): string | undefined =>
    text === undefined ? undefined : paint(text, ctx.palette);
  return {
    id,
    game: entry.game,
    present,
    gameRef: entry.gameRef,
    summary: present.summary,
    ...(entry.rulesDoc === undefined ? {} : { rulesDoc: entry.rulesDoc }),
    defaultPlayers: entry.defaultPlayers,
    quickOptions: entry.quickOptions,
    ...(entry.heuristic === undefined ? {} : { heuristic: entry.heuristic }),
    ...(entry.heuristicRef === undefined ? {} : { heuristicRef: entry.heuristicRef }),
    ...(entry.askHuman === undefined ? {} : { askHuman: entry.askHuman }),
    seatLabel: (seat) => present.seatLabel(seat),
    formatScore: (score) => present.formatScore(score),
    renderBoard: (view: GameView, ctx) =>
      paintBoard(present.renderBoard(view, presentContext(ctx)), ctx.palette),
    renderStatus: (view: GameView, ctx) =>
      paintBoard(present.renderStatus?.(view, presentContext(ctx)) ?? [], ctx.palette),
    narrateEvent(event, ctx, following): EventNarration {
      const own = present.narrateEvent(event, presentContext(ctx), following);
      if (own === null || own === undefined) return own;
      if (typeof own === 'object' && 'narration' in own)
        return { text: paint(own.narration, ctx.palette), consumes: own.consumes };
      return paint(own, ctx.palette);
    },
    describeAction: (action, ctx) =>
      painted(present.describeAction?.(action as ActionBase, presentContext(ctx)), ctx),
    describeChoice: (action, view, ctx) =>
      painted(present.describeChoice?.(action as ActionBase, view, presentContext(ctx)), ctx),
  };
}
