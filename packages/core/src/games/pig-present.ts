import { seatName } from '../present/narrate.js';
import {
  isHiddenEvent,
  type BoardBlock,
  type EventNarration,
  type PresentedEvent,
  type PresenterOf,
} from '../present/presenter.js';
import type { PresentContext } from '../present/present-context.js';
import { styled } from '../present/rich-text.js';
import type { pig, PigOptions, PigView } from './pig.js';

function narratePig(event: PresentedEvent, ctx: PresentContext<PigOptions>): EventNarration {
  if (isHiddenEvent(event)) return undefined;
  switch (event.type) {
    case 'turnStarted':
      return styled('strong', `— Turn ${String(event.turn)}: ${seatName(ctx, event.seat)} —`);
    case 'roll':
      return event.total === 1
        ? ['Rolled a ', styled('alert', '1'), ': the turn total is lost.']
        : `Rolled a ${String(event.total)}.`;
    case 'banked':
      return [
        `${seatName(ctx, event.seat)} banks `,
        styled('gain', String(event.amount)),
        ' points.',
      ];
    default:
      return undefined;
  }
}

function renderPigBoard(view: PigView, ctx: PresentContext<PigOptions>): BoardBlock[] {
  return [
    {
      type: 'line',
      text: [
        styled('strong', `Turn ${String(view.turn)}`),
        ` · ${seatName(ctx, view.current)} to play · turn total ${String(view.turnTotal)}` +
          (view.lastRoll === null ? '' : ` · last roll ${String(view.lastRoll)}`),
      ],
    },
    {
      type: 'table',
      columns: [
        { title: 'Player', align: 'left' },
        { title: 'Score', align: 'right' },
      ],
      rows: view.scores.map((s, seat) => [
        seat === view.current ? styled('strong', `${seatName(ctx, seat)} *`) : seatName(ctx, seat),
        String(s),
      ]),
    },
  ];
}

/**
 * Pig as people see it: its board and the narration of its rolls and banks (see
 * `GamePresenter`), typed from the game (`PresenterOf<typeof pig>`).
 * @public
 */
export const pigPresenter: PresenterOf<typeof pig> = {
  gameId: 'pig',
  summary: [
    'Pig, the dice game, for 1-8 players: on your turn roll a die as often as you like, adding each roll to your turn total.',
    'Roll a 1 and the turn total is lost and your turn ends; hold to bank the turn total into your score.',
    'The first player to reach the target (50 points by default) wins; after maxTurns the highest score wins.',
  ],
  seatLabel: (seat) => `Seat ${String(seat)}`,
  formatScore: (score) => `${String(score)} points`,
  renderBoard: renderPigBoard,
  narrateEvent: narratePig,
};
