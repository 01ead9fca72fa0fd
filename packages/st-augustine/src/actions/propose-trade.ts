import { checkActionFields, checkFields, describeValue } from '@ruleloom/core';
import {
  canPropose,
  checkProposal,
  forEachListedProposal,
  pushListedProposals,
} from '../rules/proposals.js';
import type { TradeOffer } from '../state.js';
import type { ProposeTradeAction, StAugustineActionHandler } from './actions.js';

/** Outside a trade phase (every auction decision), listing proposals allocates nothing. */
const NO_PROPOSALS: readonly ProposeTradeAction[] = Object.freeze([]);

const OFFER_FIELDS: readonly string[] = ['money', 'shops'];
const PROPOSAL_FIELDS: readonly string[] = ['to', 'give', 'receive'];

function parseOffer(value: unknown, side: 'give' | 'receive'): TradeOffer | string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return `'${side}' must be { money, shops }`;
  }
  const record = value as Record<string, unknown>;
  const extra = checkFields(record, OFFER_FIELDS, side);
  if (extra !== undefined) return extra;
  const { money, shops } = record;
  if (typeof money !== 'number' || !Number.isFinite(money))
    return `'${side}.money' must be a number of dollars, got ${describeValue(money)}`;
  if (!Array.isArray(shops) || !shops.every((id): id is string => typeof id === 'string')) {
    return `'${side}.shops' must be a list of shop card ids`;
  }
  return { money, shops: [...shops] };
}

/**
 * `{ type: 'proposeTrade', to, give: { money, shops }, receive: { money, shops } }`: in the
 * trade phase, the speaker proposes one trade to another player.
 *
 * @remarks
 * `apply` accepts any valid proposal. `legalActions` lists a bounded set: to each other
 * player, each of your shops for each price in {@link PROPOSAL_PRICES} they can pay, each of
 * their shops for each such price you can pay, and each of your shops for each of theirs.
 * @public
 */
export const proposeTrade: StAugustineActionHandler<ProposeTradeAction> = {
  description: 'Propose a trade of shops and money to another player.',
  parse(input) {
    const extra = checkActionFields(input, PROPOSAL_FIELDS);
    if (extra !== undefined) return { error: extra };
    if (typeof input.to !== 'number' || !Number.isFinite(input.to)) {
      return {
        error: `'proposeTrade' needs 'to': the seat number of the other player, got ${describeValue(input.to)}`,
      };
    }
    const give = parseOffer(input.give, 'give');
    if (typeof give === 'string') return { error: give };
    const receive = parseOffer(input.receive, 'receive');
    if (typeof receive === 'string') return { error: receive };
    return { action: { type: 'proposeTrade', to: input.to, give, receive } };
  },
  validate: (state, seat, action, ctx) => checkProposal(state, seat, action, ctx),
  resolve(ctx, seat, action) {
    const s = ctx.state;
    const round = s.tradeRound;
    if (round === null) return;
    round.proposals[seat] = (round.proposals[seat] ?? 0) + 1;
    round.passes = 0;
    s.trade = { from: seat, to: action.to, give: action.give, receive: action.receive };
  },
  enumerate(state, seat, ctx) {
    if (!canPropose(state, seat, ctx.options.maxProposalsPerPlayer)) return NO_PROPOSALS;
    const out: ProposeTradeAction[] = [];
    pushListedProposals(state, seat, ctx, out);
    return out;
  },
  count: (state, seat, ctx) => forEachListedProposal(state, seat, ctx),
};
