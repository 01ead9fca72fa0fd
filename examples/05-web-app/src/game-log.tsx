import type { RulesClient } from '@ruleloom/client';
import type { LogEntry, PresentContext } from '@ruleloom/core';
import { useState } from 'react';
import { errorSentence } from './error-sentence.js';
import { LogEntryText as PresentedEntry } from '@ruleloom/react';
import { presentContext, presenterOf, seatLabel, type KnownSetup } from './presenters.js';

/** One log entry: who did what (when a seat acted), then the narration of its events. */
export function LogEntryText({
  game,
  ctx,
  entry,
  name,
}: {
  game: string | null;
  ctx: PresentContext | null;
  entry: LogEntry;
  /** The display name of the seat that acted. */
  name: (seat: number) => string;
}) {
  return <PresentedEntry presenter={presenterOf(game)} ctx={ctx} entry={entry} name={name} />;
}

/** The log, newest last: each action and the narration of the events it caused. */
export function GameLog({
  game,
  log,
  limit,
  revealed,
  setup,
  nameOf,
}: {
  game: string | null;
  /** What is known of the match's setup (players, options), for the game's presenter. */
  setup?: KnownSetup;
  log: readonly LogEntry[];
  /** Show only the newest entries (default: the whole log, scrollable). */
  limit?: number;
  /** A seat's name (default: the presenter's seat label). */
  nameOf?: (seat: number) => string;
  /** Log entries (by seq) that revealed hidden information, to mark. */
  revealed?: ReadonlySet<number>;
}) {
  const ctx = presentContext(game, setup);
  return (
    // Newest first, so the latest entries are in sight without scrolling.
    <ol aria-label="log" className="log" reversed>
      {(limit === undefined ? log : log.slice(-limit))
        .slice()
        .reverse()
        .map((e) => (
          <li
            key={e.seq}
            value={e.seq}
            className={revealed?.has(e.seq) === true ? 'revealed' : undefined}
          >
            <LogEntryText
              game={game}
              ctx={ctx}
              entry={e}
              name={(seat) => nameOf?.(seat) ?? seatLabel(game, seat)}
            />
          </li>
        ))}
    </ol>
  );
}

/**
 * "Earlier moves": a client that joined a long online match holds only the newest log entries
 * (from `logStart` on); this loads the previous page (`client.loadEarlierLog()`). Nothing is
 * shown when the log is whole (`logStart` 1, always in local games).
 */
export function EarlierMoves({ client, logStart }: { client: RulesClient; logStart: number }) {
  const [loading, setLoading] = useState(false);
  // Set when the server has nothing earlier to give (old entries stored without events).
  const [endAt, setEndAt] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (logStart <= 1 || endAt === logStart) return null;
  const load = () => {
    setLoading(true);
    setError(null);
    void client.loadEarlierLog().then((r) => {
      setLoading(false);
      if (!r.ok) setError(errorSentence(r.error));
      else if (r.complete) setEndAt(client.getSnapshot().logStart);
    });
  };
  return (
    <div className="row earlier-moves">
      <button onClick={load} disabled={loading}>
        {loading ? 'Loading earlier moves…' : `Show earlier moves (1–${String(logStart - 1)})`}
      </button>
      {error !== null && <span role="alert">{error}</span>}
    </div>
  );
}
