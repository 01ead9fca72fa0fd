/*
 * The presenters of the app's games (game id → presenter, from each kit) and the present
 * context the log, the boards and the replay viewer hand them. Every sentence and name of a
 * game comes from its kit's presenter; the app only paints the rich text (`RichTextView` of
 * `@ruleloom/react`).
 */
import { createEngine, type GamePresenter, type PresentContext } from '@ruleloom/core';
import { findGame } from './games.js';
import { KITS } from './kits.js';
import { baseGameId } from './variants.js';

/** The presenter of each game the app knows, by game id: each kit's (`kits.ts`). */
export const PRESENTERS: Readonly<Record<string, GamePresenter>> = Object.fromEntries(
  KITS.flatMap(({ kit }) =>
    kit.presenter === undefined ? [] : [[kit.game.id, kit.presenter as unknown as GamePresenter]],
  ),
);

/** The presenter of a game id, if the app has one. */
export function presenterOf(game: string | null): GamePresenter | undefined {
  // A variant is presented by its base game's presenter.
  const base = baseGameId(game);
  return base === null ? undefined : PRESENTERS[base];
}

/** The display name of a seat: the presenter's (`Spanish`), else `Seat N`. */
export function seatLabel(game: string | null, seat: number): string {
  return presenterOf(game)?.seatLabel(seat) ?? `Seat ${String(seat)}`;
}

/** What the app knows of a match's setup: its player count and (public) options. */
export interface KnownSetup {
  readonly players?: number | null;
  readonly options?: Readonly<Record<string, unknown>> | undefined;
  /** The players' names by seat, when the match has them: narration says `Ben passes`. */
  readonly names?: readonly (string | null)[] | undefined;
}

const contexts = new Map<string, PresentContext | null>();

/**
 * The present context of a match: the seat names and the rules built with `createEngine` from
 * what the app knows (the setup given, else the lobby's player count and options). Cached per
 * setup; null for a game the app does not know or a setup its rules refuse.
 */
export function presentContext(game: string | null, setup: KnownSetup = {}): PresentContext | null {
  const entry = findGame(game);
  if (entry === undefined) return null;
  const players = setup.players ?? entry.players;
  const options = setup.options ?? entry.options;
  const given = setup.names ?? [];
  const key = `${entry.id}\u0000${String(players)}\u0000${JSON.stringify(options)}\u0000${JSON.stringify(given)}`;
  const known = contexts.get(key);
  if (known !== undefined) return known;
  let ctx: PresentContext | null;
  try {
    const rules = createEngine(entry.game, { players, options });
    // A player's name when the match has one (the log's `Ben (Seat 1)` then narrates `Ben
    // passes`), else the game's seat label.
    const names = Array.from({ length: players }, (_, s) => given[s] ?? seatLabel(entry.id, s));
    ctx = Object.freeze({ names, rules });
  } catch {
    ctx = null;
  }
  contexts.set(key, ctx);
  return ctx;
}

/** The present context of a game for names only (cards, spaces): the lobby's setup. */
export function namesContext<TContext extends PresentContext = PresentContext>(
  game: string,
): TContext {
  const ctx = presentContext(game);
  if (ctx === null) throw new Error(`the app has no rules for ${game}`);
  return ctx as TContext;
}
