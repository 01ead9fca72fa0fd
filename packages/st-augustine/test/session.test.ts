import { actionTraitsOf, createMatch, type RulesSetup } from '@ruleloom/core';
import { createManualClock, sessionOf } from '@ruleloom/core/session';
import { sessionLaws } from '@ruleloom/core/testing';
import { describe, expect, it } from 'vitest';
import { stAugustine } from '../src/index.js';

const setups: RulesSetup[] = [
  { players: 2, options: { trading: 'on', turns: 6 } },
  { players: 3, options: { trading: 'on' } },
  { players: 4, options: { trading: 'off', turns: 8 } },
];

describe('St. Augustine in a match session', () => {
  for (const law of sessionLaws({ game: stAugustine, setups, numRuns: 8 }))
    it(law.name, law.run, 60_000);

  it('a turn clock that runs out on a trade offer rejects it (the declared decline)', () => {
    expect(actionTraitsOf(stAugustine).timeoutTypes).toEqual(['pass', 'rejectTrade']);
    // Play until a trade is proposed, then let the addressee's clock run out.
    const match = createMatch(stAugustine, { seed: 11, players: 3, options: { trading: 'on' } });
    let offered = false;
    for (let i = 0; i < 2000 && !match.isOver && !offered; i++) {
      const seat = match.toAct[0] as number;
      const legal = match.legalActions(seat);
      const proposal = legal.find((a) => a.type === 'proposeTrade');
      const pick = proposal ?? legal.find((a) => a.type !== 'pass') ?? legal[0];
      match.apply(seat, pick!);
      offered = proposal !== undefined;
    }
    expect(offered).toBe(true);
    const clock = createManualClock();
    const session = sessionOf(match, { clock, turnTime: 5000 });
    expect(session.getSnapshot().deadline).toBe(5000);
    const addressee = match.toAct[0] as number;
    expect(match.legalActions(addressee).map((a) => a.type)).toContain('rejectTrade');
    clock.advance(5000);
    expect(match.log[match.log.length - 1]).toMatchObject({
      seat: addressee,
      action: { type: 'rejectTrade' },
    });
  });
});
