import { createMatch, type Match } from '@ruleloom/core';
import type { ResolvedGame } from '../games/hosted-game.js';
import type { MatchProblem, StoredAction, StoredMatch } from '../storage/game-storage.js';

/**
 * Rebuilds a match from its stored rows: the setup, then every action in version order,
 * checking that each is still accepted and that the final state has the stored hash.
 * Never throws: a history that no longer restores comes back as a problem (quarantine).
 */
export function restoreLiveMatch(
  hosted: ResolvedGame | undefined,
  stored: StoredMatch,
  actions: readonly StoredAction[],
): { ok: true; match: Match } | { ok: false; problem: MatchProblem } {
  try {
    if (hosted === undefined)
      return {
        ok: false,
        problem: { code: 'unknown_game', message: `the server no longer hosts '${stored.game}'` },
      };
    const rulesVersion = String((hosted.game as { rulesVersion: number }).rulesVersion);
    if (rulesVersion !== stored.rulesVersion)
      return {
        ok: false,
        problem: {
          code: 'rules_version_mismatch',
          message: `the match was played with rules version ${stored.rulesVersion}; the server runs ${rulesVersion}`,
        },
      };
    const match = createMatch(hosted.game, stored.setup);
    for (const [i, row] of actions.entries()) {
      if (row.version !== i + 1)
        return {
          ok: false,
          problem: { code: 'history_gap', message: `action ${String(i + 1)} is missing` },
        };
      const r = match.applyInput(row.seat, row.action);
      if (!r.ok)
        return {
          ok: false,
          problem: {
            code: 'replay_rejected',
            message: `action ${String(row.version)} is no longer accepted: ${r.error.code}`,
          },
        };
    }
    // The hash chain of each stored row must be the one the replay gives (an edited or
    // reordered history shows up at its first bad index).
    for (const [i, row] of actions.entries()) {
      const chain = (match.actions[i] as { chain?: unknown } | undefined)?.chain;
      if (row.chain !== null && typeof chain === 'string' && chain !== row.chain)
        return {
          ok: false,
          problem: {
            code: 'chain_mismatch',
            message: `the hash chain breaks at action ${String(row.version)}`,
          },
        };
    }
    const last = actions.at(-1);
    if (last !== undefined && match.hash() !== last.hash)
      return {
        ok: false,
        problem: {
          code: 'hash_mismatch',
          message: `replaying ${String(actions.length)} actions gives another state than the one stored`,
        },
      };
    return { ok: true, match: match as Match };
  } catch (error) {
    return {
      ok: false,
      problem: {
        code: 'restore_failed',
        message: `the match could not be rebuilt: ${error instanceof Error ? error.message.slice(0, 200) : 'unknown error'}`,
      },
    };
  }
}
