import type { SetupContext } from '@ruleloom/core';
import type { ColonialFloridaCard } from './cards/card.js';
import { getMapLayout } from './map/map.js';
import type { ColonialFloridaOptions } from './options.js';
import {
  NATIONS,
  type ColonialFloridaState,
  type PlayerState,
  type SettlementState,
} from './state.js';

/** Builds the initial state: shuffled (or ordered) deck, pawns and markers on their start spaces. */
export function setupColonialFlorida(
  ctx: SetupContext<ColonialFloridaOptions, ColonialFloridaCard>,
): ColonialFloridaState {
  const o = ctx.options;
  const deck = o.deckOrder === null ? ctx.cards.instanceIds.slice() : o.deckOrder.slice();
  if (o.deckOrder === null) ctx.random.shuffle(deck, 'deck');
  const map = o.map;
  const layout = getMapLayout(map);
  const start = o.startSpaces;
  const players = new Array<PlayerState>(ctx.players);
  for (let seat = 0; seat < ctx.players; seat++)
    players[seat] = {
      nation: NATIONS[seat] ?? `Player ${seat + 1}`,
      gold: 0,
      pawn: start.pawns,
      markersLeft: o.controlMarkers,
    };
  const spaces = layout.settlementSpaces;
  const settlements = new Array<SettlementState>(spaces.length);
  for (let i = 0; i < spaces.length; i++) {
    const space = spaces[i] as number;
    settlements[i] = {
      space,
      name: (map.spaces[space - 1] as { name: string }).name,
      controller: null,
      raze: 0,
      cards: [],
    };
  }
  return {
    turn: 0,
    goldToWin: o.goldToWin,
    deck,
    discard: [],
    markers: {
      hurricane: start.hurricane,
      pirate: start.pirate,
      raid: start.raid,
      disease: start.disease,
    },
    players,
    settlements,
    actionSeat: null,
    pending: null,
  };
}
