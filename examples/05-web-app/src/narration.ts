/*
 * The app's log lines: each game's presenter narrates the events and words the actions (see
 * `presenters.ts`); a game without a presenter falls back to core's generic narration and the
 * app's generic action label.
 */
import {
  actionText,
  narrateEvents,
  styled,
  type ActionBase,
  type GamePresenter,
  type LogEntry,
  type PresentContext,
  type RichText,
} from '@ruleloom/core';
import { actionLabel } from './action-label.js';
import { presenterOf } from './presenters.js';

/** A presenter for games the app has none for: generic lines only. */
const GENERIC: GamePresenter = {
  gameId: '',
  summary: [],
  seatLabel: (seat) => `Seat ${String(seat)}`,
  formatScore: (score) => String(score),
  renderBoard: () => [],
  narrateEvent: () => undefined,
};

/** The rich-text lines of a log entry's events (hidden events say so; unknown ones are muted). */
export function narrateEntry(
  game: string | null,
  ctx: PresentContext | null,
  entry: LogEntry,
): RichText[] {
  if (ctx === null)
    return entry.events.map((e) =>
      styled('muted', e.hidden === true ? `(a hidden ${e.type})` : e.type),
    );
  const presenter = presenterOf(game) ?? GENERIC;
  return narrateEvents(entry.events, presenter, ctx, (a) => describeWithRules(ctx, a));
}

function describeWithRules(ctx: PresentContext, action: ActionBase): string {
  const rules = ctx.rules as PresentContext['rules'] & {
    describeAction?: (a: ActionBase) => string;
  };
  return typeof rules.describeAction === 'function'
    ? rules.describeAction(action)
    : actionLabel(action);
}

/** An action in words (`bids $5,000`), as the log shows it after the seat's name. */
export function describeAction(
  game: string | null,
  ctx: PresentContext | null,
  action: ActionBase,
): RichText {
  const presenter = presenterOf(game);
  if (presenter === undefined || ctx === null) return actionLabel(action);
  return actionText(action, presenter, ctx, (a) => describeWithRules(ctx, a));
}
