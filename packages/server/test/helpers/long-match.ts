import { createMatch, type Match } from '@ruleloom/core';
import { pig } from '@ruleloom/core/games';
import type { GameStorage } from '../../src/index.js';
import { playAndStore } from './snapshot-suite.js';

/** Pig options that let a match run to 10,000 actions and more. */
export const LONG_PIG_OPTIONS = { target: 1000, maxTurns: 100_000 } as const;

/** Rolls, holding now and then: scores stay far below the target, so the match goes on. */
export const longPigChooser = (legal: readonly unknown[], version: number): unknown =>
  version % 1000 === 999 && legal.length > 1 ? legal[1] : legal[0];

/**
 * Appends `count` actions to a stored Pig match (created through a server, so its seat
 * tokens are real), exactly as the live match stores them: rows with events, snapshots.
 */
export async function fillPigMatch(
  storage: GameStorage,
  id: string,
  count: number,
): Promise<Match> {
  const stored = await storage.getMatch(id);
  if (stored === undefined) throw new Error(`no match ${id}`);
  const match = createMatch(pig, stored.setup as never) as unknown as Match;
  const done = (await storage.listActions(id, 0)).length;
  if (done !== 0) throw new Error('fillPigMatch wants a new match');
  await playAndStore(storage, id, match, count, longPigChooser);
  if (match.actions.length !== count) throw new Error('the match ended early');
  return match;
}
