import { colonialFlorida } from '@ruleloom/colonial-florida';
import type { AnyGame } from '@ruleloom/core';
import { stAugustine } from '@ruleloom/st-augustine';

/** How strong a bot opponent plays (each maps to one bot of the worker, see `bots.ts`). */
export type Difficulty = 'easy' | 'normal' | 'hard';

/** The difficulties, easiest first, with what each bot is. */
export const DIFFICULTIES: readonly {
  readonly id: Difficulty;
  readonly label: string;
  readonly description: string;
}[] = [
  { id: 'easy', label: 'Easy', description: 'a greedy bot: takes the best-looking move now' },
  {
    id: 'normal',
    label: 'Normal',
    description: 'ISMCTS with a small search budget: plans a few moves ahead',
  },
  {
    id: 'hard',
    label: 'Hard',
    description: 'ISMCTS with the strongest measured settings: slower, plans further',
  },
];

/** A game of the lobby: the game, the options a new local game starts with, its bot kinds. */
export interface LobbyGame {
  readonly id: string;
  readonly name: string;
  /** One line under the game's name in the lobby. */
  readonly tagline: string;
  readonly game: AnyGame;
  /** The player count a new game starts with. */
  readonly players: number;
  /** The options a new game starts with: the real game (each public option can be changed). */
  readonly options: Readonly<Record<string, unknown>>;
  /** The bot of each difficulty (names served by the bot worker, see `bots.ts`). */
  readonly difficulties: Readonly<Record<Difficulty, string>>;
  /** Every bot that can take a seat, for the advanced seat choice. */
  readonly botKinds: readonly string[];
}

/** The difficulty new games start with. */
export const DEFAULT_DIFFICULTY: Difficulty = 'normal';

/** The games of the lobby. Only this file and the boards (`games/<id>/`) name a game. */
export const GAMES: readonly LobbyGame[] = [
  {
    id: 'st-augustine',
    name: 'St. Augustine',
    tagline: 'Bid for shops in old St. Augustine, trade, and end the richest after 40 turns.',
    game: stAugustine,
    players: 3,
    // The real game: the rules' defaults (40 turns, trading on).
    options: { turns: 40, trading: 'on' },
    difficulties: {
      easy: 'greedy-st-augustine',
      normal: 'ismcts-fast-st-augustine',
      hard: 'ismcts-st-augustine',
    },
    botKinds: [
      'ismcts-st-augustine',
      'ismcts-fast-st-augustine',
      'greedy-st-augustine',
      'auction-policy',
      'random',
    ],
  },
  {
    id: 'colonial-florida',
    name: 'Colonial Florida',
    tagline: 'Found and defend settlements round the Florida ring; the first to 50 gold wins.',
    game: colonialFlorida,
    players: 3,
    // The real goal (50 gold); a game reaches it in 20 to 30 turns, so 60 only stops a stalemate.
    options: { goldToWin: 50, maxTurns: 60 },
    difficulties: {
      easy: 'greedy-colonial-florida',
      normal: 'ismcts-fast-colonial-florida',
      hard: 'ismcts-colonial-florida',
    },
    botKinds: [
      'ismcts-colonial-florida',
      'ismcts-fast-colonial-florida',
      'greedy-colonial-florida',
      'random',
    ],
  },
];

/** The lobby game of an id, if any. */
export function findGame(id: string | null): LobbyGame | undefined {
  return GAMES.find((g) => g.id === id);
}

/** A readable name of a bot kind (`ismcts-fast-st-augustine` → `Normal (ISMCTS, small budget)`). */
export function botLabel(kind: string): string {
  if (kind.startsWith('ismcts-fast-')) return 'Normal (ISMCTS, small budget)';
  if (kind.startsWith('ismcts-')) return 'Hard (ISMCTS)';
  if (kind.startsWith('greedy-')) return 'Easy (greedy)';
  if (kind === 'auction-policy') return 'Auction policy';
  if (kind === 'random') return 'Random';
  return kind;
}

/** A short name of the bot kind playing a seat (`Normal bot`). */
export function botShortLabel(kind: string): string {
  if (kind.startsWith('ismcts-fast-')) return 'Normal bot';
  if (kind.startsWith('ismcts-')) return 'Hard bot';
  if (kind.startsWith('greedy-')) return 'Easy bot';
  if (kind === 'auction-policy') return 'Auction bot';
  if (kind === 'random') return 'Random bot';
  return `${kind} bot`;
}
