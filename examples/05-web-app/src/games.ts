import { colonialFlorida } from '@ruleloom/colonial-florida';
import type { AnyGame } from '@ruleloom/core';
import { stAugustine } from '@ruleloom/st-augustine';

/** The games of the lobby, with their setups for a local game against bots. */
export const GAMES: readonly {
  readonly id: string;
  readonly name: string;
  readonly game: AnyGame;
  readonly players: number;
  readonly options: Readonly<Record<string, unknown>>;
}[] = [
  {
    id: 'st-augustine',
    name: 'St. Augustine',
    game: stAugustine,
    players: 3,
    options: { turns: 6, trading: 'off' },
  },
  {
    id: 'colonial-florida',
    name: 'Colonial Florida',
    game: colonialFlorida,
    players: 3,
    options: { maxTurns: 6 },
  },
];
