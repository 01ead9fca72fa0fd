import type { StAugustineAction } from './actions/actions.js';
import type { StAugustineRules } from './context.js';
import { formatMoney } from './money.js';
import type { TradeOffer } from './state.js';

function describeOffer(offer: TradeOffer): string {
  const parts = [...offer.shops];
  if (offer.money > 0) parts.push(formatMoney(offer.money));
  return parts.length === 0 ? 'nothing' : parts.join(' and ');
}

/**
 * A one-line narration of an action: `'bids $6,000'`, `'proposes to seat 2: pub-k for $5,000'`.
 * @public
 */
export function describeStAugustineAction(
  action: StAugustineAction,
  _rules?: StAugustineRules,
): string {
  switch (action.type) {
    case 'bid':
      return `bids ${formatMoney(action.amount)}`;
    case 'pass':
      return 'passes';
    case 'proposeTrade':
      return `proposes to seat ${String(action.to)}: ${describeOffer(action.give)} for ${describeOffer(action.receive)}`;
    case 'acceptTrade':
      return 'accepts the trade';
    case 'rejectTrade':
      return 'rejects the trade';
  }
}
