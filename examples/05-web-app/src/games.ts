import { colonialFlorida } from '@ruleloom/colonial-florida';
import type { AnyGame } from '@ruleloom/core';
import { stAugustine } from '@ruleloom/st-augustine';

/** A game of the lobby: the game, the options a new local game starts with, its bot kinds. */
export interface LobbyGame {
  readonly id: string;
  readonly name: string;
  readonly game: AnyGame;
  /** The player count a new game starts with. */
  readonly players: number;
  /** The options a new game starts with (each public option can be changed in the lobby). */
  readonly options: Readonly<Record<string, unknown>>;
  /** The bots that can take a seat (names served by the bot worker, see `bots.ts`). */
  readonly botKinds: readonly string[];
}

/** The games of the lobby. Only this file and the boards name a game. */
export const GAMES: readonly LobbyGame[] = [
  {
    id: 'st-augustine',
    name: 'St. Augustine',
    game: stAugustine,
    players: 3,
    options: { turns: 6, trading: 'off' },
    botKinds: ['random', 'auction-policy', 'greedy-st-augustine'],
  },
  {
    id: 'colonial-florida',
    name: 'Colonial Florida',
    game: colonialFlorida,
    players: 3,
    options: { maxTurns: 6 },
    botKinds: ['random', 'greedy-colonial-florida'],
  },
];

/** The lobby game of an id, if any. */
export function findGame(id: string | null): LobbyGame | undefined {
  return GAMES.find((g) => g.id === id);
}
