import type { ActionBase } from '../model/action.js';
import type { GameEvent } from '../model/event.js';

/**
 * One entry of a match log: an accepted action (or the setup, with `seat` and `action`
 * null) and every event it caused, with a sequence number from 0.
 * @public
 */
export interface LogEntry<TAction extends ActionBase = ActionBase> {
  readonly seq: number;
  readonly seat: number | null;
  readonly action: TAction | null;
  readonly events: readonly GameEvent[];
}

/**
 * An event as a seat may see it: events whose `audience` excludes the seat are replaced
 * by `{ type, hidden: true }`.
 * @public
 */
export function redactEvent(event: GameEvent, seat: number | 'spectator'): GameEvent {
  if (event.audience === undefined) return event;
  if (seat !== 'spectator' && event.audience.includes(seat)) return event;
  return { type: event.type, hidden: true };
}

/**
 * A log as a seat (or a spectator) may see it, derived from each event's declared audience;
 * actions for which `isSecret` holds are reduced to their `type` for every other seat.
 * @public
 */
export function redactLog<TAction extends ActionBase>(
  log: readonly LogEntry<TAction>[],
  seat: number | 'spectator',
  isSecret: (action: TAction) => boolean = () => false,
): LogEntry<TAction>[] {
  return log.map((entry) => {
    const hideAction = entry.action !== null && entry.seat !== seat && isSecret(entry.action);
    return {
      ...entry,
      action:
        hideAction && entry.action !== null
          ? ({ type: entry.action.type } as TAction)
          : entry.action,
      events: entry.events.map((e) => redactEvent(e, seat)),
    };
  });
}
