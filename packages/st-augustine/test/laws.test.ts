import type { Engine, MatchState, RulesSetup } from '@ruleloom/core';
import { gameLaws, type HostileReport } from '@ruleloom/core/testing';
import { afterAll, describe, expect, it } from 'vitest';
import {
  stAugustine,
  type StAugustineAction,
  type StAugustineCard,
  type StAugustineOptions,
  type StAugustineState,
  stAugustineEvents,
} from '../src/index.js';

/** The game's own invariants, checked at every decision of every random game. */
export function stAugustineInvariant(
  state: MatchState<StAugustineState>,
  engine: Engine<StAugustineState, StAugustineAction, StAugustineOptions, StAugustineCard>,
): string | undefined {
  const g = state.game;
  let cards = g.deck.length + g.discard.length + (g.flipped === null ? 0 : 1);
  for (const [seat, p] of g.players.entries()) {
    if (p.money < 0) return `seat ${String(seat)} has negative money ${String(p.money)}`;
    if (p.money % 1000 !== 0)
      return `seat ${String(seat)} has $${String(p.money)}, not a multiple of $1,000`;
    for (const id of p.shops)
      if (engine.card(id).kind !== 'shop')
        return `seat ${String(seat)} owns '${id}', which is not a shop`;
    cards += p.shops.length;
  }
  if (cards !== engine.cards.instanceIds.length)
    return `${String(cards)} cards accounted for, expected ${String(engine.cards.instanceIds.length)}`;
  if (g.auction !== null) {
    const { highBid, highBidder } = g.auction;
    if ((highBid === null) !== (highBidder === null))
      return 'highBid and highBidder must both be set or both be null';
    if (highBid !== null && highBidder !== null && highBid > (g.players[highBidder]?.money ?? 0))
      return 'the high bid is more than the high bidder has';
  }
  if (g.tradeRound !== null && g.tradeRound.proposals.some((n) => n > 3))
    return 'a player made more than 3 proposals';
  if (g.turn > g.lastTurn)
    return `turn ${String(g.turn)} is past the last turn ${String(g.lastTurn)}`;
  return undefined;
}

const setups: RulesSetup[] = [];
for (const players of [2, 3, 4, 5, 6]) {
  for (const trading of ['on', 'off']) setups.push({ players, options: { trading } });
}
setups.push({
  players: 3,
  options: {
    turns: 10,
    turnCounting: 'perPlayer',
    tieRule: 'none',
    onDeckExhausted: 'end',
    maxProposalsPerPlayer: 1,
  },
});

const hostile: Record<string, HostileReport> = {};
const reportTo =
  (game: string) =>
  (_law: string, counts: HostileReport): void => {
    hostile[game] = { ...counts };
  };

describe('St. Augustine obeys the core laws', () => {
  for (const law of gameLaws({
    game: stAugustine,
    setups,
    numRuns: 30,
    invariant: stAugustineInvariant,
    events: stAugustineEvents,
    report: reportTo('st-augustine'),
  })) {
    it(law.name, law.run, 60_000);
  }
});

// What the trust laws sent this run (printed for the CI log; at least 2,000 per game).
afterAll(() => {
  for (const [game, counts] of Object.entries(hostile)) {
    if (counts.tried === 0) continue; // the hostile laws were filtered out of this run
    console.log(
      `${game}: ${String(counts.tried)} hostile inputs tried, ${String(counts.refused)} refused cleanly, ${String(counts.accepted)} accepted (valid after all: -0 where 0 is legal, a string seed), 0 threw`,
    );
    expect(counts.tried).toBeGreaterThanOrEqual(2000);
  }
});
