import { createMatch, type MatchSetup } from '@ruleloom/core';
import { stAugustine } from '../src/index.js';
import type { StAugustineMatch } from './helpers.js';

/** mulberry32: a tiny seeded generator for test policies (never used by the game). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Plays a match to its end with a seeded random policy: uniform among the legal actions,
 * except that in the trade phase a speaker passes half the time (so trades stay occasional).
 * `onStep` sees the match before and the events after every action.
 */
export function playRandomMatch(
  setup: MatchSetup,
  policySeed: number,
  onStep?: (
    match: StAugustineMatch,
    seat: number,
    before: readonly { money: number; shops: readonly string[] }[],
    events: readonly { type: string; [k: string]: unknown }[],
  ) => void,
): StAugustineMatch {
  const match = createMatch(stAugustine, setup);
  const random = seededRandom(policySeed);
  while (!match.isOver) {
    const seat = match.toAct[0] as number;
    const legal = match.legalActions(seat);
    const passes =
      legal[0]?.type === 'pass' && match.state.game.tradeRound !== null && random() < 0.5;
    const action = passes ? legal[0] : legal[Math.floor(random() * legal.length)];
    const before = match.state.game.players.map((p) => ({ money: p.money, shops: [...p.shops] }));
    const r = match.apply(seat, action!);
    if (!r.ok) throw new Error(`policy action rejected: ${r.error.code}: ${r.error.message}`);
    onStep?.(match, seat, before, r.events);
  }
  return match;
}
