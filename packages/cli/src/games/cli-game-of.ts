import {
  createEngine,
  defineKit,
  renderRichText,
  type ActionBase,
  type AnyGame,
  type GameKit,
  type BoardBlock,
  type GameView,
  type PresentContext,
  type RichText,
  type TextStyle,
} from '@ruleloom/core';
import type { Palette } from '../output/palette.js';
import { compactBoard } from '../output/compact-board.js';
import { renderTable } from '../output/table.js';
import type {
  AnyPresenter,
  CliGame,
  CliGameEntry,
  EventNarration,
  ExportRef,
  NarrationContext,
} from './cli-game.js';
import { genericPresenter } from './generic-presenter.js';

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
  const heuristic = entry.heuristic;
  const kit = defineKit({
    game: entry.game,
    presenter: entry.present,
    defaultSetup: { players: entry.defaultPlayers },
    quickSetups: { quick: { players: entry.defaultPlayers, options: entry.quickOptions } },
    ...(heuristic === undefined ? {} : { heuristic: () => heuristic }),
  });
  return presented(id, kit, entry, undefined);
}

/**
 * The command line's view of a game from its kit (see `loadKit`): the kit's presenter (or a
 * generic one: seat numbers, the view as JSON; its action forms and explanations included),
 * its default setup and `quick` options.
 * @public
 */
export function cliGameOfKit<TGame extends AnyGame>(
  ownKit: GameKit<TGame>,
  kitRef: ExportRef,
): CliGame {
  // A kit of any game, as generic code reads it (its game's own types are not needed here).
  const kit = ownKit as unknown as GameKit;
  const game = kit.game;
  const defaults = kit.defaultSetup;
  const present: AnyPresenter =
    (kit.presenter as AnyPresenter | undefined) ?? genericPresenter(game);
  let heuristic: CliGame['heuristic'];
  if (kit.heuristic !== undefined) {
    const rules = createEngine(game, {
      players: defaults.players,
      options: defaults.options ?? {},
    });
    heuristic = (kit.heuristic as (rules: unknown) => NonNullable<CliGame['heuristic']>)(rules);
  }
  return presented(
    game.id,
    kit,
    {
      game,
      present,
      gameRef: kitRef,
      ...(kit.rulesDoc === undefined ? {} : { rulesDoc: kit.rulesDoc }),
      defaultPlayers: defaults.players,
      quickOptions: kit.quickSetups?.quick?.options ?? defaults.options ?? {},
      ...(heuristic === undefined ? {} : { heuristic }),
    },
    kitRef,
  );
}

function presented(
  id: string,
  kit: GameKit,
  entry: CliGameEntry,
  kitRef: ExportRef | undefined,
): CliGame {
  const present = entry.present;
  const painted = (text: RichText | undefined, ctx: NarrationContext): string | undefined =>
    text === undefined ? undefined : paint(text, ctx.palette);
  return {
    id,
    kit,
    ...(kitRef === undefined ? {} : { kitRef }),
    game: entry.game,
    present,
    gameRef: entry.gameRef,
    summary: present.summary,
    ...(entry.rulesDoc === undefined ? {} : { rulesDoc: entry.rulesDoc }),
    defaultPlayers: entry.defaultPlayers,
    quickOptions: entry.quickOptions,
    ...(entry.heuristic === undefined ? {} : { heuristic: entry.heuristic }),
    ...(entry.heuristicRef === undefined ? {} : { heuristicRef: entry.heuristicRef }),
    seatLabel: (seat) => present.seatLabel(seat),
    formatScore: (score) => present.formatScore(score),
    renderBoard: (view: GameView, ctx) =>
      paintBoard(present.renderBoard(view, presentContext(ctx)), ctx.palette),
    renderCompactBoard: (view: GameView, ctx, budget) =>
      compactBoard(
        present.renderBoard(view, presentContext(ctx)),
        (text) => paint(text, ctx.palette),
        budget,
      ),
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
