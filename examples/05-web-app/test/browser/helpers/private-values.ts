import type { AnyGame } from '@ruleloom/core';
import { strings } from './leaks.js';
import type { StoredTruth } from './ruleloom-serve.js';

/** One value a game declares private to a seat, where it is in the state. */
export interface PrivateValue {
  /** The declared path with the owner's index (`players.1.cup`). */
  readonly path: string;
  readonly value: unknown;
}

/** The declarations of per-seat secrets: `owner` card zones and `owner` private fields. */
function ownerPaths(
  game: AnyGame,
): { readonly path: string; readonly revealIn: readonly string[] }[] {
  return [
    ...game.zones
      .filter((z) => z.visibility === 'owner')
      .map((z) => ({ path: z.path, revealIn: [] })),
    ...(game.privateFields ?? [])
      .filter((f) => f.visibility === 'owner')
      .map((f) => ({ path: f.path, revealIn: f.revealIn ?? [] })),
  ];
}

/** The value at a dotted path whose first `*` is the owner's index (others: every element). */
function at(node: unknown, parts: readonly string[], owner: number, ownerUsed = false): unknown[] {
  if (parts.length === 0) return [node];
  if (typeof node !== 'object' || node === null) return [];
  const [part, ...rest] = parts as [string, ...string[]];
  if (part === '*') {
    if (!Array.isArray(node)) return [];
    if (!ownerUsed) return at(node[owner], rest, owner, true);
    return node.flatMap((n) => at(n, rest, owner, true));
  }
  return at((node as Record<string, unknown>)[part], rest, owner, ownerUsed);
}

/**
 * What the game declares private to `owner` in the full state after `version` (owner-visible
 * card zones and private fields), unless the phase then reveals it: read from the game's
 * declarations and the true states replayed from the stored match, not from any view.
 */
export function privateValues(
  game: AnyGame,
  truth: StoredTruth,
  version: number,
  owner: number,
): PrivateValue[] {
  const state = truth.states[version] as { phase: string; game: unknown } | undefined;
  if (state === undefined) return [];
  return ownerPaths(game).flatMap(({ path, revealIn }) =>
    revealIn.includes(state.phase)
      ? []
      : at(state.game, path.split('.'), owner)
          .filter((v) => v !== undefined && v !== null)
          .map((value) => ({ path: path.replace('*', String(owner)), value })),
  );
}

/**
 * What a frame received by `viewer` gives away of the other seats' declared secrets at the
 * frame's version (empty when nothing): any string of another seat's private values (a die's
 * card id), anywhere in the frame; and any declared private path of another seat present in
 * the frame's view.
 */
export function privateLeaksIn(
  game: AnyGame,
  truth: StoredTruth,
  viewer: number,
  frame: string,
): string[] {
  const parsed = JSON.parse(frame) as { version?: unknown; view?: unknown; players?: unknown };
  if (typeof parsed.version !== 'number') return [];
  const version = parsed.version;
  const players = (truth.states[0] as { game: { players?: unknown[] } }).game.players?.length ?? 0;
  const inFrame = strings(parsed, new Set());
  // Cards the rules showed this viewer (a declared reveal, the state's `known`) are its to see.
  const known =
    (
      truth.states[version] as
        { known?: readonly { card: string; seats: readonly number[] | 'everyone' }[] } | undefined
    )?.known ?? [];
  const shown = new Set(
    known.filter((k) => k.seats === 'everyone' || k.seats.includes(viewer)).map((k) => k.card),
  );
  const found: string[] = [];
  for (let seat = 0; seat < players; seat++) {
    if (seat === viewer) continue;
    for (const { path, value } of privateValues(game, truth, version, seat)) {
      for (const s of strings(value, new Set()))
        if (inFrame.has(s) && !shown.has(s))
          found.push(
            `seat ${String(viewer)} received ${path} value ${JSON.stringify(s)} at version ${String(version)}`,
          );
      if (
        parsed.view !== undefined &&
        at(parsed.view, path.split('.'), seat).some((v) => v !== undefined)
      )
        found.push(`seat ${String(viewer)}'s view shows ${path} at version ${String(version)}`);
    }
  }
  return found;
}
