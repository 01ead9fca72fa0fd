import type { ActionBase } from '@ruleloom/core';
import type { StAugustineView } from '@ruleloom/st-augustine';
import { useState } from 'react';
import { cardName, type StAugustinePresentContext } from '@ruleloom/st-augustine/present';
import { namesContext, seatLabel } from './presenters.js';

function ShopPicker({
  legend,
  shops,
  picked,
  onChange,
}: {
  legend: string;
  shops: readonly string[];
  picked: readonly string[];
  onChange: (shops: string[]) => void;
}) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      {shops.length === 0 && <span>no shops</span>}
      {shops.map((id) => (
        <label key={id} className="row">
          <input
            type="checkbox"
            checked={picked.includes(id)}
            onChange={(e) =>
              onChange(e.target.checked ? [...picked, id] : picked.filter((x) => x !== id))
            }
          />
          {cardName(namesContext<StAugustinePresentContext>('st-augustine'), id)}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * A trade proposal built by picking shops on both sides and an amount each way. The rules
 * decide: the proposal is sent, and a refusal shows as the game's message.
 */
export function TradeBuilder({
  view,
  seat,
  legalActions,
  disabled,
  act,
}: {
  view: StAugustineView;
  seat: number;
  legalActions: readonly ActionBase[];
  disabled: boolean;
  act: (action: ActionBase) => void;
}) {
  const others = view.players.map((_, s) => s).filter((s) => s !== seat);
  const [to, setTo] = useState(others[0] ?? 0);
  const [give, setGive] = useState<string[]>([]);
  const [receive, setReceive] = useState<string[]>([]);
  const [giveMoney, setGiveMoney] = useState(0);
  const [receiveMoney, setReceiveMoney] = useState(0);
  const pass = legalActions.find((a) => a.type === 'pass');
  const mine = view.players[seat]?.shops ?? [];
  const theirs = view.players[to]?.shops ?? [];
  return (
    <fieldset aria-label="trade proposal">
      <legend>Propose a trade</legend>
      <label>
        With{' '}
        <select
          value={to}
          onChange={(e) => {
            setTo(Number(e.target.value));
            setReceive([]);
          }}
        >
          {others.map((s) => (
            <option key={s} value={s}>
              {seatLabel('st-augustine', s)}
            </option>
          ))}
        </select>
      </label>
      <div className="row">
        <ShopPicker legend="You give" shops={mine} picked={give} onChange={setGive} />
        <ShopPicker legend="You get" shops={theirs} picked={receive} onChange={setReceive} />
      </div>
      <div className="row">
        <label>
          You pay ($){' '}
          <input
            type="number"
            min={0}
            step={1000}
            value={giveMoney}
            onChange={(e) => setGiveMoney(Math.max(0, Number(e.target.value)))}
          />
        </label>
        <label>
          You are paid ($){' '}
          <input
            type="number"
            min={0}
            step={1000}
            value={receiveMoney}
            onChange={(e) => setReceiveMoney(Math.max(0, Number(e.target.value)))}
          />
        </label>
      </div>
      <div className="row">
        <button
          disabled={disabled}
          onClick={() =>
            act({
              type: 'proposeTrade',
              to,
              give: { money: giveMoney, shops: give },
              receive: { money: receiveMoney, shops: receive },
            } as ActionBase)
          }
        >
          Propose
        </button>
        {pass !== undefined && (
          <button disabled={disabled} onClick={() => act(pass)}>
            Propose nothing
          </button>
        )}
      </div>
    </fieldset>
  );
}
