/*
 * Log lines and action words from a game's presenter, for any game: the presenter narrates the
 * events and words the actions; without a presenter (or a present context) the engine's generic
 * narration and a generic action label stand in.
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

/** A presenter for games without one: generic lines only. */
const GENERIC: GamePresenter = {
  gameId: '',
  summary: [],
  seatLabel: (seat) => `Seat ${String(seat)}`,
  formatScore: (score) => String(score),
  renderBoard: () => [],
  narrateEvent: () => undefined,
};

function describeWithRules(ctx: PresentContext, action: ActionBase): string {
  const rules = ctx.rules as PresentContext['rules'] & {
    describeAction?: (a: ActionBase) => string;
  };
  return typeof rules.describeAction === 'function'
    ? rules.describeAction(action)
    : actionLabel(action);
}

/**
 * The rich-text lines of a log entry's events, in the presenter's words (hidden events say
 * so; events no one narrates get a muted generic line). Without a present context, each event
 * is a muted line of its type.
 * @param presenter - the game's presenter (undefined: the engine's generic narration)
 * @param ctx - the match's present context (seat names and rules); null when unknown
 * @param entry - the log entry narrated
 * @public
 */
export function narrateLogEntry(
  presenter: GamePresenter | undefined,
  ctx: PresentContext | null,
  entry: LogEntry,
): RichText[] {
  if (ctx === null)
    return entry.events.map((e) =>
      styled('muted', e.hidden === true ? `(a hidden ${e.type})` : e.type),
    );
  return narrateEvents(entry.events, presenter ?? GENERIC, ctx, (a) => describeWithRules(ctx, a));
}

/**
 * An action in the presenter's words (`bids $5,000`), as a log shows it after the seat's name:
 * the presenter's `describeAction`, else the rules' `describeAction`, else a generic label
 * (`bid: amount 5000`).
 * @param presenter - the game's presenter (undefined: the generic label)
 * @param ctx - the match's present context; null when unknown (the generic label)
 * @param action - the action worded
 * @public
 */
export function describeLoggedAction(
  presenter: GamePresenter | undefined,
  ctx: PresentContext | null,
  action: ActionBase,
): RichText {
  if (presenter === undefined || ctx === null) return actionLabel(action);
  return actionText(action, presenter, ctx, (a) => describeWithRules(ctx, a));
}
