/*
 * The game kits the app offers: the one place a game enters the app. Every list of games
 * (the local lobby, the online lobby, the bot worker, the presenters) is read from here: the
 * app's own kits below, and first the kits a `ruleloom serve --web` serves beside the app
 * (`served-kits.ts`, loaded before this module is). A kit
 * with a folder of its own under `src/games/<id>/` gets that board (see `boards.ts`); any
 * other kit is played on the generic board (`generic-board.tsx`): its presenter's board text
 * and narration, and its legal actions as controls.
 */
import { colonialFloridaKit } from '@ruleloom/colonial-florida/kit';
import type { GameKit } from '@ruleloom/core';
import { stAugustineKit } from '@ruleloom/st-augustine/kit';
import { servedKits } from './served-kits.js';
// A third-party kit: Liar's Dice of `examples/06-liars-dice`, written only against the public
// SDK. An app would `import kit from 'some-published-kit'` the same way.
import liarsDiceKit from '../../06-liars-dice/src/kit.js';

/** A kit as the app offers it, with what the lobby shows beyond the kit (all optional). */
export interface AppKit {
  readonly kit: GameKit;
  /** The game's name in the lobby (default: the game's own `name`). */
  readonly name?: string;
  /** One line under the game's name in the lobby (default: the presenter's first summary line). */
  readonly tagline?: string;
  /** The options a new game starts with (default: the kit's `defaultSetup`). */
  readonly options?: Readonly<Record<string, unknown>>;
  /** Bots of the worker offered besides the kit's own (`random`, `ismcts-…`, `greedy-…`). */
  readonly extraBots?: readonly string[];
}

/** The kits the app is built with. */
const OWN_KITS: readonly AppKit[] = [
  {
    kit: stAugustineKit,
    name: 'St. Augustine',
    tagline: 'Bid for shops in old St. Augustine, trade, and end the richest after 40 turns.',
    extraBots: ['policy'],
  },
  {
    kit: colonialFloridaKit,
    tagline: 'Found and defend settlements round the Florida ring; the first to 50 gold wins.',
    // The real goal (50 gold); a game reaches it in 20 to 30 turns, so 60 only stops a stalemate.
    options: { goldToWin: 50, maxTurns: 60 },
  },
  { kit: liarsDiceKit },
];

/**
 * The kits of the app, in the lobby's order: the served kits first (a served kit of a game
 * the app also has replaces the app's: the server plays its rules), then the app's own.
 */
export const KITS: readonly AppKit[] = [
  ...servedKits().map((kit) => ({ kit })),
  ...OWN_KITS.filter(({ kit }) => !servedKits().some((s) => s.game.id === kit.game.id)),
];

/** The kit of a game id, if the app has one. */
export function kitOf(game: string | null): GameKit | undefined {
  return game === null ? undefined : KITS.find((k) => k.kit.game.id === game)?.kit;
}
