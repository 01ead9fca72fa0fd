/*
 * The app's log lines: each game's presenter narrates the events and words the actions (see
 * `presenters.ts`), through `@ruleloom/react`'s narration; a game without a presenter falls
 * back to core's generic narration and a generic action label.
 */
import type { ActionBase, LogEntry, PresentContext, RichText } from '@ruleloom/core';
import { describeLoggedAction, narrateLogEntry } from '@ruleloom/react';
import { presenterOf } from './presenters.js';

/** The rich-text lines of a log entry's events (hidden events say so; unknown ones are muted). */
export function narrateEntry(
  game: string | null,
  ctx: PresentContext | null,
  entry: LogEntry,
): RichText[] {
  return narrateLogEntry(presenterOf(game), ctx, entry);
}

/** An action in words (`bids $5,000`), as the log shows it after the seat's name. */
export function describeAction(
  game: string | null,
  ctx: PresentContext | null,
  action: ActionBase,
): RichText {
  return describeLoggedAction(presenterOf(game), ctx, action);
}
