import type { RulesClient } from '@ruleloom/client';
import type { ActionBase } from '@ruleloom/core';
import { useState } from 'react';
import { useSnapshot } from './use-snapshot.js';

/** A short label for an action button. */
export function actionLabel(action: ActionBase): string {
  const { type, ...rest } = action as ActionBase & Record<string, unknown>;
  const detail = Object.entries(rest)
    .map(
      ([k, v]) =>
        `${k} ${typeof v === 'object' ? JSON.stringify(v) : String(v as string | number | boolean)}`,
    )
    .join(', ');
  return detail === '' ? type : `${type}: ${detail}`;
}

/** St. Augustine's auction control: an amount field with − / + steps, bid and pass. */
function AuctionControl({ client, bids }: { client: RulesClient; bids: readonly ActionBase[] }) {
  const amounts = bids.map((b) => (b as ActionBase & { amount: number }).amount);
  const [index, setIndex] = useState(0);
  const i = Math.min(index, amounts.length - 1);
  if (amounts.length === 0) return null;
  return (
    <div role="group" aria-label="auction">
      <button onClick={() => setIndex(Math.max(0, i - 1))} aria-label="lower bid">
        −
      </button>
      <output aria-label="bid amount">${(amounts[i] ?? 0).toLocaleString('en-US')}</output>
      <button onClick={() => setIndex(Math.min(amounts.length - 1, i + 1))} aria-label="raise bid">
        +
      </button>
      <button onClick={() => void client.act(bids[i]!)}>Bid</button>
    </div>
  );
}

/** One match: who is to act, the view, the legal actions as controls, the log, the result. */
export function GameScreen({ client }: { client: RulesClient }) {
  const s = useSnapshot(client);
  const bids = s.legalActions.filter((a) => a.type === 'bid');
  const others = s.legalActions.filter((a) => a.type !== 'bid');
  return (
    <main>
      <p aria-live="polite">
        {s.isOver
          ? `Game over. Scores: ${(s.result?.scores ?? []).join(', ')}`
          : s.thinking.length > 0
            ? `Seat ${String(s.thinking[0])} is thinking…`
            : `Seat ${String(s.seat)} to play · version ${String(s.version)}`}
      </p>
      {s.lastRejection !== null && <p role="alert">{s.lastRejection.message}</p>}
      {bids.length > 0 && <AuctionControl client={client} bids={bids} />}
      <div role="group" aria-label="actions">
        {others.map((a) => (
          <button key={actionLabel(a)} disabled={s.pending} onClick={() => void client.act(a)}>
            {actionLabel(a)}
          </button>
        ))}
      </div>
      <details>
        <summary>Your view</summary>
        <pre>{JSON.stringify(s.view, null, 1)}</pre>
      </details>
      <ol aria-label="log">
        {s.log.slice(-10).map((e) => (
          <li key={e.seq}>
            {`#${String(e.seq)} seat ${String(e.seat)}: ${e.action === null ? '' : actionLabel(e.action)}`}
          </li>
        ))}
      </ol>
    </main>
  );
}
