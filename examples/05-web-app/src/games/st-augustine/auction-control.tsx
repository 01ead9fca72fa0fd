import type { ActionBase } from '@ruleloom/core';
import { formatMoney } from '@ruleloom/st-augustine';
import { useState } from 'react';

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
  const legal = amounts.includes(amount);
  if (amounts.length === 0 && pass === undefined) return null;
  return (
    <fieldset aria-label="auction">
      <legend>Your bid</legend>
      {amounts.length > 0 && (
        <div className="row">
          <button
            aria-label="lower the bid"
            disabled={disabled || amount <= min}
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
            disabled={disabled || amount >= max}
            onClick={() => setChosen(amount + step)}
          >
            +
          </button>
          <button
            disabled={disabled || !legal}
            onClick={() => act({ type: 'bid', amount } as ActionBase)}
          >
            Bid {formatMoney(amount)}
          </button>
          <small>minimum {formatMoney(min)}</small>
        </div>
      )}
      {pass !== undefined && (
        <button disabled={disabled} onClick={() => act(pass)}>
          Pass
        </button>
      )}
    </fieldset>
  );
}
