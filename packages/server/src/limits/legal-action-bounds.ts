import { createMatch, legalActionSet, type AnyGame, type MatchSetup } from '@ruleloom/core';
import type { ServerLimits } from './server-limits.js';

/** What {@link checkLegalActionBounds} found. */
export type LegalActionBounds =
  | { readonly ok: true }
  | { readonly ok: false; readonly code: 'too_many_legal_actions'; readonly message: string };

/**
 * Refuses a setup whose options would make unbounded work per frame: at the first decision,
 * a seat with more than `limits.maxLegalActions` legal actions (counted without listing them
 * where the game can), or whose legal actions still take more than `limits.maxLegalEntries`
 * entries in compact form (actions that do not form ranges).
 */
export function checkLegalActionBounds(
  game: AnyGame,
  setup: MatchSetup,
  limits: Pick<ServerLimits, 'maxLegalActions' | 'maxLegalEntries'>,
): LegalActionBounds {
  const match = createMatch(game, setup);
  for (const seat of match.toAct) {
    const count = match.engine.legalActionCount(match.state, seat);
    if (count > limits.maxLegalActions)
      return {
        ok: false,
        code: 'too_many_legal_actions',
        message: `these options give seat ${String(seat)} ${String(count)} legal actions at the first decision (at most ${String(limits.maxLegalActions)}): choose smaller option values`,
      };
    const entries = legalActionSet(match, seat).entries.length;
    if (entries > limits.maxLegalEntries)
      return {
        ok: false,
        code: 'too_many_legal_actions',
        message: `these options give seat ${String(seat)} legal actions that take ${String(entries)} entries even in compact form (at most ${String(limits.maxLegalEntries)}): choose smaller option values`,
      };
  }
  return { ok: true };
}
