import {
  canPropose,
  countListedProposals,
  checkProposal,
  forEachListedProposal,
  pushListedProposals,
} from '../rules/proposals.js';
import type { ProposeTradeAction, StAugustineActionHandler } from './actions.js';
import { proposeTradeInput } from './parse.js';

/** Outside a trade phase (every auction decision), listing proposals allocates nothing. */
const NO_PROPOSALS: readonly ProposeTradeAction[] = Object.freeze([]);

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
  traits: { fields: { to: 'seat', give: 'record', receive: 'record' } },
  description: 'Propose a trade of shops and money to another player.',
  parse: proposeTradeInput,
  validate: (state, seat, action, ctx) => checkProposal(state, seat, action, ctx),
  resolve(ctx, seat, action) {
    const s = ctx.state;
    const round = s.tradeRound;
    if (round === null) return;
    round.proposals[seat] = (round.proposals[seat] ?? 0) + 1;
    round.received[action.to] = (round.received[action.to] ?? 0) + 1;
    round.passes = 0;
    s.trade = { from: seat, to: action.to, give: action.give, receive: action.receive };
  },
  enumerate(state, seat, ctx) {
    if (!canPropose(state, seat, ctx.options.maxProposalsPerPlayer)) return NO_PROPOSALS;
    // Made with room for every proposal (hundreds): filled without growing the list.
    const out = new Array<ProposeTradeAction>(countListedProposals(state, seat, ctx));
    const written = pushListedProposals(state, seat, ctx, out, 0);
    if (written !== out.length) out.length = written; // never a hole, whatever the count said
    return out;
  },
  count: (state, seat, ctx) => forEachListedProposal(state, seat, ctx),
};
