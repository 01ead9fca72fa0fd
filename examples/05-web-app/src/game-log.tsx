import type { LogEntry } from '@ruleloom/core';
import { describeAction, narrateEntry, seatLabel } from './narration.js';

/** The log, newest last: each action and the narration of the events it caused. */
export function GameLog({
  game,
  log,
  limit = 12,
  revealed,
}: {
  game: string | null;
  log: readonly LogEntry[];
  limit?: number;
  /** Log entries (by seq) that revealed hidden information, to mark. */
  revealed?: ReadonlySet<number>;
}) {
  return (
    // Newest first, so the latest entries are in sight without scrolling.
    <ol aria-label="log" className="log" reversed>
      {log
        .slice(-limit)
        .reverse()
        .map((e) => (
          <li
            key={e.seq}
            value={e.seq}
            className={revealed?.has(e.seq) === true ? 'revealed' : undefined}
          >
            {e.seat !== null && e.action !== null && (
              <strong>{`${seatLabel(game, e.seat)}: ${describeAction(game, e.action)}`}</strong>
            )}
            {narrateEntry(game, e).map((line, i) => (
              <div key={i}>{line}</div>
            ))}
          </li>
        ))}
    </ol>
  );
}
