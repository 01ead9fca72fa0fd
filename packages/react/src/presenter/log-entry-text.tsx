import type { GamePresenter, LogEntry, PresentContext } from '@ruleloom/core';
import type { ReactNode } from 'react';
import { describeLoggedAction, narrateLogEntry } from './narration.js';
import { RichTextView } from './rich-text-view.js';

/**
 * Props of {@link LogEntryText}.
 * @public
 */
export interface LogEntryTextProps {
  /** The game's presenter (undefined: generic narration). */
  readonly presenter: GamePresenter | undefined;
  /** The match's present context (seat names and rules); null when unknown. */
  readonly ctx: PresentContext | null;
  /** The log entry shown. */
  readonly entry: LogEntry;
  /** The display name of the seat that acted. */
  readonly name: (seat: number) => string;
}

/**
 * One log entry: who did what (in `<strong>`, when a seat acted), then one `<div>` per line of
 * the presenter's narration of its events.
 * @public
 */
export function LogEntryText({ presenter, ctx, entry, name }: LogEntryTextProps): ReactNode {
  return (
    <>
      {entry.seat !== null && entry.action !== null && (
        <strong>
          {`${name(entry.seat)}: `}
          <RichTextView text={describeLoggedAction(presenter, ctx, entry.action)} />
        </strong>
      )}
      {narrateLogEntry(presenter, ctx, entry).map((line, i) => (
        <div key={i}>
          <RichTextView text={line} />
        </div>
      ))}
    </>
  );
}
