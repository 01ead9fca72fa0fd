import { instanceIdsOf, type MatchSetup } from '@ruleloom/core';
import { COLONIAL_FLORIDA_CARDS } from '../../src/index.js';

const ids = COLONIAL_FLORIDA_CARDS.flatMap((card) => instanceIdsOf(card));
const fighters = ids.filter((id) =>
  /^(soldiers|warship|cannons|militia|garrison|privateers|indian-allies|provincial-units)/.test(id),
);
/** A deck with the attacking combatants on top: battles come early. */
const FIGHTERS_FIRST = [...fighters, ...ids.filter((id) => !fighters.includes(id))];

/** The stored games: a name, a setup, and how the moves are picked (index into legalActions). */
export const GOLDEN_GAMES: readonly {
  readonly name: string;
  readonly setup: MatchSetup;
  readonly pick: number;
}[] = [
  { name: 'two-players-default', setup: { seed: 'golden-1', players: 2 }, pick: 7 },
  {
    name: 'three-players-repair-then-draw',
    setup: {
      seed: 'golden-2',
      players: 3,
      options: { ownSettlement: 'repairThenDraw', goldToWin: 40 },
    },
    pick: 13,
  },
  {
    name: 'two-players-short',
    setup: {
      seed: 77,
      players: 2,
      options: {
        maxTurns: 12,
        startSpaces: { pawns: 30, hurricane: 1, pirate: 10, raid: 20, disease: 30 },
      },
    },
    pick: 3,
  },
  {
    name: 'two-players-conquest',
    setup: { seed: 'conquest-1336', players: 2, options: { deckOrder: FIGHTERS_FIRST } },
    pick: 5,
  },
];
