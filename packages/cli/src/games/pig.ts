import type { GameEvent, GameView } from '@ruleloom/core';
import { pig, type PigState } from '@ruleloom/core/games';
import { seatName } from '../narration/narrate.js';
import { renderTable } from '../output/table.js';
import type { CliGame, EventNarration, NarrationContext } from './cli-game.js';

function renderBoard(gameView: GameView, ctx: NarrationContext): string[] {
  const view = gameView as unknown as PigState & { readonly phase: string };
  const c = ctx.palette;
  const lines = [
    `${c.bold(`Turn ${String(view.turn)}`)} · ${seatName(ctx, view.current)} to play · turn total ${String(view.turnTotal)}` +
      (view.lastRoll === null ? '' : ` · last roll ${String(view.lastRoll)}`),
  ];
  lines.push(
    renderTable(
      ['Player', 'Score'],
      view.scores.map((s, seat) => [
        seat === view.current ? c.bold(`${seatName(ctx, seat)} *`) : seatName(ctx, seat),
        String(s),
      ]),
      ['left', 'right'],
    ),
  );
  return lines;
}

function narrateEvent(event: GameEvent, ctx: NarrationContext): EventNarration {
  switch (event.type) {
    case 'turnStarted':
      return ctx.palette.bold(`— Turn ${String(event.turn)}: ${seatName(ctx, event.seat)} —`);
    case 'roll':
      return event.total === 1
        ? `Rolled a ${ctx.palette.red('1')}: the turn total is lost.`
        : `Rolled a ${String(event.total)}.`;
    case 'banked':
      return `${seatName(ctx, event.seat)} banks ${ctx.palette.green(String(event.amount))} points.`;
    default:
      return undefined;
  }
}

/**
 * Pig, the tiny dice game from `@ruleloom/core/games`, as the command line shows it.
 * @public
 */
export const pigCli: CliGame = {
  id: 'pig',
  game: pig,
  gameRef: { module: '@ruleloom/core/games', export: 'pig' },
  summary: [
    'Pig, the dice game, for 1-8 players: on your turn roll a die as often as you like, adding each roll to your turn total.',
    'Roll a 1 and the turn total is lost and your turn ends; hold to bank the turn total into your score.',
    'The first player to reach the target (50 points by default) wins; after maxTurns the highest score wins.',
  ],
  defaultPlayers: 2,
  quickOptions: { target: 30 },
  seatLabel: (seat) => `Seat ${String(seat)}`,
  formatScore: (score) => `${String(score)} points`,
  renderBoard,
  narrateEvent,
};
