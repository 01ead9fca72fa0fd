import { createMatch, resumeMatch, type AnyGame, type LogEntry, type Match } from '@ruleloom/core';
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
 * The match at `truth`'s version holding only its entries from `held` on, as a load from a
 * storage snapshot at `held` makes it: core's `resumeMatch` with the actions before `held`
 * left out (`earlier`), then the actions after it replayed (a complete match when `held` < 2).
 */
function holdingNewest(truth: Match, held: number): Match {
  const game = liarsDice as AnyGame;
  const actions = truth.actions;
  const at = actions[held - 1];
  const before = actions[held - 2];
  if (at === undefined || before === undefined) {
    const copy = createMatch(game, truth.setup) as unknown as Match;
    for (const a of actions) copy.applyInput(a.seat, a.action);
    return copy;
  }
  const snapshot = createMatch(game, truth.setup);
  for (const a of actions.slice(0, held)) snapshot.applyInput(a.seat, a.action);
  const r = resumeMatch(game, {
    setup: truth.setup,
    history: [{ ...at, events: truth.log[held]?.events ?? [] }],
    snapshot: {
      state: JSON.parse(JSON.stringify(snapshot.state)) as unknown,
      hash: snapshot.hash(),
    },
    tail: actions.slice(held).map((a) => ({ seat: a.seat, action: a.action, chain: a.chain })),
    earlier: { count: held - 1, chain: before.chain },
  });
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.match as Match;
}

/**
 * A live match of a stored Liar's Dice match (no bots, no timer) hosting a real match that
 * holds only the entries from `held` on (see `holdingNewest`).
 */
export function liveHoldingNewest(
  deps: { storage: GameStorage; bots: BotScheduler; log: FastifyBaseLogger },
  stored: StoredMatch,
  truth: Match,
  options: { held: number; welcomeLogEntries: number },
): LiveMatch {
  const hosted = resolveGames([liarsDice as AnyGame]).get('liars-dice');
  if (hosted === undefined) throw new Error('no hosted liars-dice');
  return new LiveMatch(stored, hosted, holdingNewest(truth, options.held), [], {
    storage: deps.storage,
    bots: deps.bots,
    limits: resolveLimits({ welcomeLogEntries: options.welcomeLogEntries }),
    log: deps.log,
    now: () => 0,
    onQuarantine: () => undefined,
    onIdle: () => undefined,
  });
}

/** A welcome or log read (undefined only when the chain broke and the match was quarantined). */
export function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('the match was quarantined');
  return value;
}
