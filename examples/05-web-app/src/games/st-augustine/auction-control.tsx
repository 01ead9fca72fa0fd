import type { ActionBase } from '@ruleloom/core';
import { formatMoney } from '@ruleloom/st-augustine';
import { useState } from 'react';
import { whyNotLegal } from '../../not-legal.js';

/** St. Augustine's auction control: an amount field from the minimum bid, − / + steps, bid, pass. */
export function AuctionControl({
  legalActions,
  disabled,
  act,
}: {
  legalActions: readonly ActionBase[];
  disabled: boolean;
  act: (action: ActionBase) => void;
}) {
  const amounts = legalActions
    .filter((a) => a.type === 'bid')
    .map((a) => (a as ActionBase & { amount: number }).amount)
    .sort((x, y) => x - y);
  const pass = legalActions.find((a) => a.type === 'pass');
  const min = amounts[0] ?? 0;
  const max = amounts[amounts.length - 1] ?? 0;
  const step = amounts.length > 1 ? amounts[1]! - amounts[0]! : 1000;
  const [chosen, setChosen] = useState<number | null>(null);
  const amount = chosen === null ? min : Math.min(Math.max(chosen, min), max);
  const bid = { type: 'bid', amount } as ActionBase;
  // Each disabled control says why (its title, and the sentence its aria-describedby names).
  const bidWhy = disabled ? null : whyNotLegal('st-augustine', bid, legalActions);
  const lowerWhy = amount <= min ? 'This is the lowest bid allowed now.' : null;
  const raiseWhy = amount >= max ? 'This is the highest bid you can make now.' : null;
  const why = (reason: string | null, id: string) =>
    reason === null ? {} : { title: reason, 'aria-describedby': id };
  if (amounts.length === 0 && pass === undefined) return null;
  return (
    <fieldset aria-label="auction">
      <legend>Your bid</legend>
      {amounts.length > 0 && (
        <div className="row">
          <button
            aria-label="lower the bid"
            disabled={disabled || lowerWhy !== null}
            {...why(lowerWhy, 'bid-lower-why')}
            onClick={() => setChosen(amount - step)}
          >
            −
          </button>
          <label>
            Amount ($){' '}
            <input
              type="number"
              aria-label="bid amount"
              min={min}
              max={max}
              step={step}
              value={amount}
              onChange={(e) => setChosen(Number(e.target.value))}
            />
          </label>
          <button
            aria-label="raise the bid"
            disabled={disabled || raiseWhy !== null}
            {...why(raiseWhy, 'bid-raise-why')}
            onClick={() => setChosen(amount + step)}
          >
            +
          </button>
          <button
            disabled={disabled || bidWhy !== null}
            onClick={() => act(bid)}
            {...why(bidWhy, 'bid-why')}
          >
            Bid {formatMoney(amount)}
          </button>
          <small>minimum {formatMoney(min)}</small>
        </div>
      )}
      {amounts.length > 0 && (
        <p className="hint why">
          {lowerWhy !== null && <span id="bid-lower-why">{lowerWhy} </span>}
          {raiseWhy !== null && <span id="bid-raise-why">{raiseWhy} </span>}
          {bidWhy !== null && <span id="bid-why">{bidWhy}</span>}
        </p>
      )}
      {pass !== undefined && (
        <button disabled={disabled} onClick={() => act(pass)}>
          Pass
        </button>
      )}
    </fieldset>
  );
}
