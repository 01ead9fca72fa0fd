import type { LogEntry } from '@ruleloom/core';
import { describeAction, narrateEntry } from './narration.js';
import { presentContext, seatLabel, type KnownSetup } from './presenters.js';
import { RichTextView } from './rich-text-view.js';

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
            {e.seat !== null && e.action !== null && (
              <strong>
                {`${nameOf?.(e.seat) ?? seatLabel(game, e.seat)}: `}
                <RichTextView text={describeAction(game, ctx, e.action)} />
              </strong>
            )}
            {narrateEntry(game, ctx, e).map((line, i) => (
              <div key={i}>
                <RichTextView text={line} />
              </div>
            ))}
          </li>
        ))}
    </ol>
  );
}
