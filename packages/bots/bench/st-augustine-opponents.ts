/**
 * St. Augustine reference opponents for the strength benchmark (game-specific, so they live
 * here and not in the bots package). Exported as bot factories for `{ kind: 'module' }` specs.
 */
import type { GameView } from '@ruleloom/core';
import {
  incomePerTurn,
  type StAugustinePlayerView,
  type StAugustineView,
} from '@ruleloom/st-augustine';
import { policyBot, type ActionPolicy, type Bot } from '../src/index.js';

// The one bundle the strength benchmark's workers load also carries Colonial Florida's.
export { builderBot, builderPolicy } from './colonial-florida-opponents.js';
export { raiderBot, raiderPolicy } from './colonial-florida-raider.js';

/**
 * What owning the flipped shop would be worth to `seat`: the extra income it brings on each
 * of the seat's remaining turns (revenue, street and monopoly bonuses).
 */
export function shopValue(gameView: GameView, seat: number): number {
  const view = gameView as StAugustineView;
  const shop = view.flipped;
  if (shop === null) return 0;
  const players = view.players;
  const me = players[seat];
  if (me === undefined) return 0;
  const withShop: StAugustinePlayerView[] = players.map((p, i) =>
    i === seat ? { money: p.money, shops: [...p.shops, shop] } : p,
  );
  const gain = incomePerTurn(withShop, seat) - incomePerTurn(players, seat);
  const ownTurnsLeft = Math.max(0, view.lastTurn - view.turn) / players.length;
  return gain * ownTurnsLeft;
}

/**
 * The greedy value bidder: bids the lowest legal amount while it does not exceed the shop's
 * estimated value to it ({@link shopValue}); otherwise passes. Other decisions at random.
 */
export function valueBidderBot(): Bot {
  return policyBot('value-bidder', valueBidderPolicy);
}

/** The value bidder as an {@link ActionPolicy}, usable as an opponent model in rollouts. */
export const valueBidderPolicy: ActionPolicy = (input) => {
  const { legalActions, rng, seat } = input;
  let pass;
  let bid;
  let low = Infinity;
  for (const a of legalActions) {
    if (a.type === 'pass') pass = a;
    else if (a.type === 'bid') {
      const amount = (a as unknown as { amount: number }).amount;
      if (amount < low) {
        low = amount;
        bid = a;
      }
    }
  }
  if (bid !== undefined && low <= shopValue(input.view(), seat)) return bid;
  if (pass !== undefined) return pass;
  return legalActions[rng.int(0, legalActions.length - 1)]!;
};
