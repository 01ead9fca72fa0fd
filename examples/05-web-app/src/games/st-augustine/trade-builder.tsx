import type { ActionBase } from '@ruleloom/core';
import type { StAugustineView } from '@ruleloom/st-augustine';
import { useState } from 'react';
import { CardChip } from './card-chip.js';
import { formatMoney } from '@ruleloom/st-augustine';
import { seatLabel } from '../../presenters.js';

/** Why a proposal cannot be made as it stands (null when it can): checked before sending. */
export function proposalProblem(
  view: StAugustineView,
  seat: number,
  to: number,
  give: { money: number; shops: readonly string[] },
  receive: { money: number; shops: readonly string[] },
): string | null {
  const mine = view.players[seat];
  const theirs = view.players[to];
  if (mine === undefined || theirs === undefined) return 'Choose a player to trade with.';
  if (
    give.money === 0 &&
    give.shops.length === 0 &&
    receive.money === 0 &&
    receive.shops.length === 0
  )
    return 'Pick something to give or to get.';
  for (const m of [give.money, receive.money])
    if (!Number.isInteger(m) || m < 0 || m % 1000 !== 0) return 'Amounts go in steps of $1,000.';
  if (give.money > mine.money) return `You have only ${formatMoney(mine.money)} to pay.`;
  if (receive.money > theirs.money)
    return `${seatLabel('st-augustine', to)} has only ${formatMoney(theirs.money)}: they could not pay ${formatMoney(receive.money)}.`;
  if (give.shops.some((id) => !mine.shops.includes(id)))
    return 'You no longer own a shop you picked.';
  if (receive.shops.some((id) => !theirs.shops.includes(id)))
    return `${seatLabel('st-augustine', to)} no longer owns a shop you picked.`;
  return null;
}

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
          <CardChip id={id} />
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
  const problem = proposalProblem(
    view,
    seat,
    to,
    { money: giveMoney, shops: give },
    { money: receiveMoney, shops: receive },
  );
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
            max={view.players[seat]?.money ?? 0}
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
            max={view.players[to]?.money ?? 0}
            step={1000}
            value={receiveMoney}
            onChange={(e) => setReceiveMoney(Math.max(0, Number(e.target.value)))}
          />
        </label>
      </div>
      <div className="row">
        <button
          disabled={disabled || problem !== null}
          {...(problem === null ? {} : { title: problem, 'aria-describedby': 'trade-problem' })}
          onClick={() =>
            act({
              type: 'proposeTrade',
              to,
              give: { money: giveMoney, shops: give },
              receive: { money: receiveMoney, shops: receive },
            } as ActionBase)
          }
        >
          Propose to {seatLabel('st-augustine', to)}
        </button>
        {pass !== undefined && (
          <button disabled={disabled} onClick={() => act(pass)}>
            Propose nothing
          </button>
        )}
      </div>
      {problem !== null && (
        <p className="hint" id="trade-problem" data-testid="trade-problem">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
