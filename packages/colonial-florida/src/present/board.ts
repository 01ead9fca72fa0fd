import { seatName, styled, type BoardBlock } from '@ruleloom/core';
import { MARKER_NAMES } from '../state.js';
import type { ColonialFloridaView } from '../view.js';
import {
  cardList,
  markerLabel,
  phaseName,
  spaceName,
  type ColonialFloridaPresentContext,
} from './names.js';

function pendingText(
  pending: NonNullable<ColonialFloridaView['pending']>,
  ctx: ColonialFloridaPresentContext,
): string {
  const who = seatName(ctx, pending.seat);
  switch (pending.type) {
    case 'move':
      return `${who} rolled ${String(pending.dice[0])} and ${String(pending.dice[1])}: choose a die to move by`;
    case 'attack':
      return `${who} may attack ${spaceName(ctx, pending.target)} (eligible: ${cardList(ctx, pending.eligible)})`;
    case 'chooseCasualty':
      return `${who} must lose one combatant at ${spaceName(ctx, pending.target)}`;
    case 'transfer':
      return `${who} may move a combatant onto ${spaceName(ctx, pending.target)}`;
    case 'moveCombatant':
      return `${who} may move combatants, then end the action`;
  }
}

/**
 * The Colonial Florida board: turn, phase and deck, the hazard markers, a table of the
 * players and one of the settlements, and the decision awaited.
 * @public
 */
export function renderColonialFloridaBoard(
  view: ColonialFloridaView,
  ctx: ColonialFloridaPresentContext,
): BoardBlock[] {
  const markers = MARKER_NAMES.map(
    (m) => `${markerLabel(m)} ${spaceName(ctx, view.markers[m] ?? null)}`,
  ).join(' · ');
  const blocks: BoardBlock[] = [
    {
      type: 'line',
      text: [
        styled('strong', `Turn ${String(view.turn)}`),
        ` · phase: ${phaseName(view.phase)} · deck ${String(view.deckSize)} cards · first to ${String(view.goldToWin)} gold wins`,
      ],
    },
    { type: 'line', text: `Markers: ${markers}` },
    {
      type: 'table',
      columns: [
        { title: 'Player', align: 'left' },
        { title: 'Gold', align: 'right' },
        { title: 'Pawn', align: 'left' },
        { title: 'Markers left', align: 'right' },
      ],
      rows: view.players.map((p, seat) => [
        seatName(ctx, seat),
        String(p.gold),
        spaceName(ctx, p.pawn),
        String(p.markersLeft),
      ]),
    },
    {
      type: 'table',
      columns: [
        { title: 'Settlement', align: 'left' },
        { title: 'Controller', align: 'left' },
        { title: 'Raze', align: 'right' },
        { title: 'Cards', align: 'left' },
      ],
      rows: view.settlements.map((s) => [
        spaceName(ctx, s.space),
        s.controller === null ? styled('muted', '-') : seatName(ctx, s.controller),
        s.raze === 0 ? '0' : styled('alert', String(s.raze)),
        cardList(ctx, s.cards),
      ]),
    },
  ];
  if (view.pending !== null)
    blocks.push({ type: 'line', text: styled('notice', pendingText(view.pending, ctx)) });
  return blocks;
}
