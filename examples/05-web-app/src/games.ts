import type { AnyGame, GameKit } from '@ruleloom/core';
import { KITS, type AppKit } from './kits.js';
import { baseGameId, variantGame } from './variants.js';

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

/** The bot names of the worker for a kit (see `bots.ts`): the catalog's bots with its settings. */
export function kitBotNames(kit: GameKit): {
  readonly ismcts: string;
  readonly ismctsFast: string;
  readonly greedy: string | undefined;
} {
  const id = kit.game.id;
  return {
    ismcts: `ismcts-${id}`,
    ismctsFast: `ismcts-fast-${id}`,
    greedy: kit.heuristic === undefined ? undefined : `greedy-${id}`,
  };
}

/** A lobby game from a kit: its name, default setup, and the bots its presets give. */
function lobbyGame({ kit, name, tagline, options, extraBots = [] }: AppKit): LobbyGame {
  const names = kitBotNames(kit);
  const summary = kit.presenter?.summary[0] ?? '';
  return {
    id: kit.game.id,
    name: name ?? kit.game.name,
    tagline: tagline ?? summary,
    game: kit.game,
    players: kit.defaultSetup.players,
    options: options ?? kit.defaultSetup.options ?? {},
    difficulties: {
      // Without a heuristic there is no greedy bot: the easy opponent plays at random.
      easy: names.greedy ?? 'random',
      normal: names.ismctsFast,
      hard: names.ismcts,
    },
    botKinds: [
      names.ismcts,
      names.ismctsFast,
      ...(names.greedy === undefined ? [] : [names.greedy]),
      ...extraBots,
      'random',
    ],
  };
}

/** The games of the lobby, one per kit of `kits.ts` (no game is named in this file). */
export const GAMES: readonly LobbyGame[] = KITS.map(lobbyGame);

/** The lobby game of an id, if any. */
export function findGame(id: string | null): LobbyGame | undefined {
  const base = baseGameId(id);
  const found = GAMES.find((g) => g.id === base);
  // A variant started in this page: its base game's entry, with the variant's rules.
  const variant = variantGame(id);
  return found === undefined || variant === undefined ? found : { ...found, game: variant };
}

/** A readable name of a bot kind (`ismcts-fast-st-augustine` → `Normal (ISMCTS, small budget)`). */
export function botLabel(kind: string): string {
  if (kind.startsWith('ismcts-fast-')) return 'Normal (ISMCTS, small budget)';
  if (kind.startsWith('ismcts-')) return 'Hard (ISMCTS)';
  if (kind.startsWith('greedy-')) return 'Easy (greedy)';
  if (kind === 'policy') return 'Auction policy';
  if (kind === 'random') return 'Random';
  return kind;
}

/** A short name of the bot kind playing a seat (`Normal bot`). */
export function botShortLabel(kind: string): string {
  if (kind.startsWith('ismcts-fast-')) return 'Normal bot';
  if (kind.startsWith('ismcts-')) return 'Hard bot';
  if (kind.startsWith('greedy-')) return 'Easy bot';
  if (kind === 'policy') return 'Auction bot';
  if (kind === 'random') return 'Random bot';
  return `${kind} bot`;
}
