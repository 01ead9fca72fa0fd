import { createEngine, type MatchState } from '@ruleloom/core';
import { lawSeed } from '@ruleloom/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PROPOSAL_PRICES,
  stAugustine,
  type StAugustineAction,
  type StAugustineState,
} from '../src/index.js';

/** The documented listing, written the plain way: what the shared tables must reproduce. */
function referenceListing(g: StAugustineState, seat: number, players: number): unknown[] {
  const me = g.players[seat] as { money: number; shops: readonly string[] };
  const out: unknown[] = [];
  const trade = (to: number, give: [number, string[]], receive: [number, string[]]) => ({
    type: 'proposeTrade',
    to,
    give: { money: give[0], shops: give[1] },
    receive: { money: receive[0], shops: receive[1] },
  });
  for (let i = 1; i < players; i++) {
    const to = (seat + i) % players;
    const them = g.players[to] as { money: number; shops: readonly string[] };
    for (const shop of me.shops)
      for (const price of PROPOSAL_PRICES)
        if (price <= them.money) out.push(trade(to, [0, [shop]], [price, []]));
    for (const shop of them.shops)
      for (const price of PROPOSAL_PRICES)
        if (price <= me.money) out.push(trade(to, [price, []], [0, [shop]]));
    for (const mine of me.shops)
      for (const theirs of them.shops) out.push(trade(to, [0, [mine]], [0, [theirs]]));
  }
  return out;
}

describe('listed trade proposals', () => {
  it('are the documented listing at every trade decision, whoever bought or traded what', () => {
    // Random games with trading: shops change hands in auctions and in accepted trades, so
    // the card numbers kept per shop list and the shared proposal tables meet new lists.
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 5 }),
        fc.nat({ max: 10_000 }),
        fc.array(fc.nat(), { minLength: 200, maxLength: 200 }),
        (players, seed, picks) => {
          const engine = createEngine(stAugustine, { players, options: { turns: 12 } });
          const state: MatchState<StAugustineState> = engine.clone(engine.initialState(seed).state);
          let checked = 0;
          for (let k = 0; state.result === null; k++) {
            const seat = engine.toAct(state)[0] as number;
            const legal = engine.sharedLegalActions(state, seat);
            const proposals = legal.filter((a) => a.type === 'proposeTrade');
            if (state.game.tradeRound !== null && state.game.trade === null) {
              expect(proposals).toEqual(referenceListing(state.game, seat, players));
              checked++;
            }
            const pick = picks[k % picks.length] as number;
            // Propose, accept and bid now and then, so that holdings move around.
            const action = legal[pick % legal.length] as StAugustineAction;
            engine.step(state, seat, action, false, true);
          }
          expect(checked).toBeGreaterThan(0);
        },
      ),
      { seed: lawSeed(), numRuns: 25 },
    );
  });
});
