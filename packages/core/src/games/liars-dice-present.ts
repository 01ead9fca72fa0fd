import { isCoreEvent } from '../model/core-events.js';
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
import type { liarsDice, LiarsDiceOptions, LiarsDiceView } from './liars-dice.js';

type Ctx = PresentContext<LiarsDiceOptions>;

function narrateLiarsDice(event: PresentedEvent, ctx: Ctx): EventNarration {
  if (isHiddenEvent(event)) return undefined;
  if (isCoreEvent(event))
    return event.type !== 'roll'
      ? undefined
      : event.audience?.length === 1
        ? `${seatName(ctx, event.audience[0])} rolls ${event.values.join(' ')} behind the cup.`
        : `Rolled ${event.values.join(' ')}.`;
  switch (event.type) {
    case 'roundStarted':
      return styled(
        'strong',
        `— Round ${String(event.round)}: ${seatName(ctx, event.starter)} bids first —`,
      );
    case 'bid':
      return `${seatName(ctx, event.seat)} bids ${String(event.quantity)} × ${String(event.face)}.`;
    case 'challenged':
      return [
        `${seatName(ctx, event.challenger)} challenges: `,
        styled('strong', String(event.actual)),
        ` showing; ${seatName(ctx, event.loser)} `,
        styled('alert', 'loses a die'),
        '.',
      ];
    default:
      return undefined;
  }
}

function renderLiarsDiceBoard(view: LiarsDiceView, ctx: Ctx): BoardBlock[] {
  const bid =
    view.bid === null
      ? 'no bid yet'
      : `bid ${String(view.bid.quantity)} × ${String(view.bid.face)} by ${seatName(ctx, view.bid.seat)}`;
  return [
    {
      type: 'line',
      text: [
        styled('strong', `Round ${String(view.round)}`),
        ` · ${seatName(ctx, view.current)} to ${view.stage === 'reveal' ? 'start the next round' : 'play'} · ${bid}`,
      ],
    },
    {
      type: 'table',
      columns: [
        { title: 'Player', align: 'left' },
        { title: 'Dice', align: 'right' },
        { title: 'Under the cup', align: 'left' },
      ],
      rows: view.players.map((p, seat) => [
        seat === view.current ? styled('strong', `${seatName(ctx, seat)} *`) : seatName(ctx, seat),
        String(p.cup),
        p.dice === undefined ? '?'.repeat(p.cup) : p.dice.join(' '),
      ]),
    },
  ];
}

/**
 * Liar's Dice as people see it: the board (each seat's dice count, and the faces the viewer
 * may see) and the narration of rolls, bids and challenges (see `GamePresenter`).
 * @public
 */
export const liarsDicePresenter: PresenterOf<typeof liarsDice> = {
  gameId: 'liars-dice',
  summary: [
    "Liar's Dice for 2-6 players: every round each player rolls their dice behind a cup, seen only by them.",
    'In turn, raise the bid (at least N dice on the table show face F: more dice, or as many of a higher face) or challenge the last bid.',
    'A challenge lifts every cup: if the bid holds the challenger loses a die, else the bidder does. The most dice after the last round wins.',
  ],
  seatLabel: (seat) => `Seat ${String(seat)}`,
  formatScore: (score) => `${String(score)} dice`,
  renderBoard: renderLiarsDiceBoard,
  narrateEvent: narrateLiarsDice,
};
