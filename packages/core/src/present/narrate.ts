import type { ActionBase } from '../model/action.js';
import type { GameEvent } from '../model/event.js';
import { describeValue } from '../util/describe.js';
import { isCoreEvent } from '../model/core-events.js';
import type { EventNarration, GamePresenter, PresentContext } from './presenter.js';
import { styled, type RichText } from './rich-text.js';

/**
 * The display name of a seat in a narration (falls back to `seat N`).
 * @public
 */
export function seatName(ctx: Pick<PresentContext, 'names'>, seat: unknown): string {
  if (typeof seat !== 'number') return describeValue(seat);
  return ctx.names[seat] ?? `seat ${String(seat)}`;
}

/**
 * Joins names as prose: `a`, `a and b`, `a, b and c`.
 * @public
 */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? 'nobody';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1] ?? ''}`;
}

function formatValue(value: unknown, key: string, ctx: PresentContext): string {
  if ((key === 'seat' || key === 'from' || key === 'to') && typeof value === 'number') {
    return key === 'seat' ? seatName(ctx, value) : String(value);
  }
  return typeof value === 'number' ? String(value) : describeValue(value);
}

/**
 * The compact generic line of an event no presenter knows: its type and fields (values
 * described within bounds).
 * @public
 */
export function describeEventGeneric(event: GameEvent, ctx: PresentContext): string {
  const fields = Object.entries(event)
    .filter(([key]) => key !== 'type' && key !== 'audience')
    .map(([key, value]) => `${key}=${formatValue(value, key, ctx)}`);
  return `${event.type}${fields.length > 0 ? ` (${fields.join(', ')})` : ''}`;
}

/**
 * How {@link narrateEvents} words an action: the presenter's `describeAction`, else `fallback`
 * (a game's own `describeAction`, as `engine.describeAction`).
 * @public
 */
export function actionText<TAction extends ActionBase>(
  action: TAction,
  presenter: GamePresenter<TAction>,
  ctx: PresentContext,
  fallback: (action: TAction) => string,
): RichText {
  return presenter.describeAction?.(action, ctx) ?? fallback(action);
}

/**
 * Sentences for the events the engine records (see `CoreEvent`); undefined for other events.
 * @public
 */
export function narrateCoreEvent<TAction extends ActionBase>(
  event: GameEvent,
  presenter: GamePresenter<TAction>,
  ctx: PresentContext,
  describeAction: (action: TAction) => string,
): RichText | null | undefined {
  if (event.hidden === true) return styled('muted', `(a hidden ${event.type})`);
  if (!isCoreEvent(event)) return undefined;
  switch (event.type) {
    case 'roll': {
      const reason = event.reason === undefined ? '' : ` for ${event.reason}`;
      const sum = event.values.length > 1 ? ` = ${String(event.total)}` : '';
      return `Rolled ${event.dice}${reason}: ${event.values.join(' + ')}${sum}`;
    }
    case 'shuffle':
      return `The ${event.zone} is shuffled (${String(event.size)} cards).`;
    case 'randomInt':
      return `Random number${event.reason === undefined ? '' : ` for ${event.reason}`}: ${String(event.value)} (from ${String(event.min)} to ${String(event.max)}).`;
    case 'pick':
      return `Random pick${event.reason === undefined ? '' : ` for ${event.reason}`}: #${String(event.index + 1)} of ${String(event.size)}.`;
    case 'forcedAction':
      return [
        `${seatName(ctx, event.seat)} `,
        actionText(event.action as TAction, presenter, ctx, describeAction),
        ' ',
        styled('muted', '(the only legal move)'),
      ];
    case 'gameOver': {
      const names = event.winners.map((s) => seatName(ctx, s));
      const verb = names.length === 1 ? 'wins' : 'share the win';
      const table = event.scores.map(
        (s, seat) => `${seatName(ctx, seat)} ${presenter.formatScore(s)}`,
      );
      return styled(
        'strong',
        `Game over: ${joinNames(names)} ${verb}! Scores: ${table.join(', ')}.`,
      );
    }
  }
}

function isCovering(
  own: EventNarration,
): own is { readonly narration: RichText; readonly consumes: number } {
  return typeof own === 'object' && own !== null && 'narration' in own;
}

/**
 * Narrates a list of events (one log entry's): the presenter's sentence first, then the
 * engine's (chance, forced actions, game over), then a muted generic line. A presenter may
 * cover several events with one sentence.
 * @public
 */
export function narrateEvents<TAction extends ActionBase>(
  events: readonly GameEvent[],
  presenter: GamePresenter<TAction>,
  ctx: PresentContext,
  describeAction: (action: TAction) => string,
): RichText[] {
  const lines: RichText[] = [];
  for (let i = 0; i < events.length; i++) {
    const event = events[i] as GameEvent;
    const own =
      event.hidden === true ? undefined : presenter.narrateEvent(event, ctx, events.slice(i + 1));
    if (own === null) continue;
    if (own !== undefined) {
      if (isCovering(own)) {
        lines.push(own.narration);
        i += own.consumes;
      } else lines.push(own);
      continue;
    }
    const core = narrateCoreEvent(event, presenter, ctx, describeAction);
    if (core === null) continue;
    lines.push(core ?? styled('muted', describeEventGeneric(event, ctx)));
  }
  return lines;
}
