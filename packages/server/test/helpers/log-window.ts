import { createMatch, type AnyGame, type LogEntry, type Match } from '@ruleloom/core';
import { liarsDice } from '@ruleloom/core/games';
import type { FastifyBaseLogger } from 'fastify';
import type { BotScheduler } from '../../src/bots/bot-budget.js';
import { resolveGames } from '../../src/games/hosted-game.js';
import { resolveLimits } from '../../src/limits/server-limits.js';
import { LiveMatch } from '../../src/match/live-match.js';
import type { GameStorage, StoredMatch } from '../../src/index.js';
import { playAndStore } from './snapshot-suite.js';

/** Bids low and challenges often: a Liar's Dice game that ends. */
export function diceChooser(legal: readonly unknown[], version: number): unknown {
  const actions = legal as { type: string }[];
  const challenge = actions.find((a) => a.type === 'challenge');
  const bids = actions.filter((a) => a.type === 'bid');
  if (challenge !== undefined && (bids.length < 4 || version % 6 === 0)) return challenge;
  return bids[(version * 7) % Math.min(6, bids.length)] ?? actions[0];
}

/** Three seats, five dice each: a game of about 80 actions with private rolls. */
export const DICE_SETUP = { players: 3, options: { dice: 5, maxRounds: 100 } } as const;

/** Whether a redacted entry hides something (another seat's roll or secret action). */
export const hides = (entries: readonly LogEntry[]): boolean =>
  entries.some((e) => e.events.some((ev) => (ev as { hidden?: unknown }).hidden === true));

/** Stores a whole Liar's Dice match (rows with events, snapshots); its replayed truth. */
export async function storeDiceMatch(
  storage: GameStorage,
  id: string,
): Promise<{ stored: StoredMatch; truth: Match }> {
  const stored: StoredMatch = {
    id,
    game: 'liars-dice',
    rulesVersion: String(liarsDice.rulesVersion),
    setup: { seed: `seed-${id}`, ...DICE_SETUP },
    config: { bots: [], turnTimer: null },
    creator: 'c',
    createdAt: 0,
    status: 'active',
    problem: null,
    botSecret: null,
  };
  await storage.createMatch(stored, []);
  const truth = createMatch(liarsDice as AnyGame, stored.setup) as unknown as Match;
  await playAndStore(storage, id, truth, 5_000, diceChooser);
  return { stored, truth };
}

/**
 * A match that holds only its newest log entries (`logStart`, `log[i].seq === logStart + i`),
 * as core keeps a match loaded from a storage snapshot: the real match, its `log` read from
 * `logStart` on. The live match must then read older entries from the stored rows.
 */
function holdingNewest(match: Match, logStart: number): Match {
  return new Proxy(match, {
    get(target, key) {
      if (key === 'logStart') return logStart;
      if (key === 'log') return target.log.slice(logStart);
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
}

/**
 * A live match of a stored Liar's Dice match (no bots, no timer) whose match holds only the
 * entries from `held` on: the session hosts the real match, what the live match reads holds
 * the newest entries.
 */
export function liveHoldingNewest(
  deps: { storage: GameStorage; bots: BotScheduler; log: FastifyBaseLogger },
  stored: StoredMatch,
  truth: Match,
  options: { held: number; welcomeLogEntries: number },
): LiveMatch {
  class HoldingNewest extends LiveMatch {
    override get match(): Match {
      return holdingNewest(super.match, options.held);
    }
  }
  const hosted = resolveGames([liarsDice as AnyGame]).get('liars-dice');
  if (hosted === undefined) throw new Error('no hosted liars-dice');
  return new HoldingNewest(stored, hosted, truth, [], {
    storage: deps.storage,
    bots: deps.bots,
    limits: resolveLimits({ welcomeLogEntries: options.welcomeLogEntries }),
    log: deps.log,
    now: () => 0,
    onQuarantine: () => undefined,
    onIdle: () => undefined,
  });
}
