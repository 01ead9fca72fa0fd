import type { ActionBase } from '@ruleloom/core';
import type { TradeProposal } from '@ruleloom/st-augustine';
import { formatMoney } from '@ruleloom/st-augustine';
import { seatLabel, stAugustineCardName } from './narration.js';

function side(money: number, shops: readonly string[]): string {
  const parts = [...(money > 0 ? [formatMoney(money)] : []), ...shops.map(stAugustineCardName)];
  return parts.length === 0 ? 'nothing' : parts.join(', ');
}

/** A trade proposal to answer: accept or reject, with neither chosen by default. */
export function TradeAnswer({
  trade,
  legalActions,
  disabled,
  act,
}: {
  trade: TradeProposal;
  legalActions: readonly ActionBase[];
  disabled: boolean;
  act: (action: ActionBase) => void;
}) {
  const accept = legalActions.find((a) => a.type === 'acceptTrade');
  const reject = legalActions.find((a) => a.type === 'rejectTrade');
  return (
    <fieldset aria-label="trade offer">
      <legend>Trade offer</legend>
      <p>
        {seatLabel('st-augustine', trade.from)} gives {side(trade.give.money, trade.give.shops)} to{' '}
        {seatLabel('st-augustine', trade.to)} for {side(trade.receive.money, trade.receive.shops)}
      </p>
      {/* Two plain buttons, no form, no autofocus: Enter never accepts by default. */}
      {accept !== undefined && reject !== undefined && (
        <div className="row">
          <button type="button" disabled={disabled} onClick={() => act(accept)}>
            Accept the trade
          </button>
          <button type="button" disabled={disabled} onClick={() => act(reject)}>
            Reject the trade
          </button>
        </div>
      )}
    </fieldset>
  );
}
