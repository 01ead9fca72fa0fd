import type { ActionBase } from '@ruleloom/core';
import type { TradeProposal } from '@ruleloom/st-augustine';
import { offerText, type StAugustinePresentContext } from '@ruleloom/st-augustine/present';
import { namesContext, seatLabel } from '../../presenters.js';

function side(money: number, shops: readonly string[]): string {
  return offerText(namesContext<StAugustinePresentContext>('st-augustine'), { money, shops });
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
