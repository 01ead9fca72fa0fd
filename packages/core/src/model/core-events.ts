import type { ActionBase } from './action.js';
import type { GameEvent } from './event.js';

/**
 * The events the engine itself records, whatever the game: chance outcomes (`roll`,
 * `randomInt`, `shuffle`, `pick`), an only legal action applied for a seat
 * (`forcedAction`) and the end of the match (`gameOver`). A private draw's event carries the
 * `audience` it named (see `RandomOptions`).
 * @public
 */
export type CoreEvent =
  | {
      readonly type: 'roll';
      readonly dice: string;
      readonly values: readonly number[];
      readonly total: number;
      readonly reason?: string;
      /** Who may see the outcome, when the draw named an audience (`[]`: nobody). */
      readonly audience?: readonly number[];
    }
  | {
      readonly type: 'randomInt';
      readonly min: number;
      readonly max: number;
      readonly value: number;
      readonly reason?: string;
      /** Who may see the outcome, when the draw named an audience (`[]`: nobody). */
      readonly audience?: readonly number[];
    }
  | { readonly type: 'shuffle'; readonly zone: string; readonly size: number }
  | {
      readonly type: 'pick';
      readonly index: number;
      readonly size: number;
      readonly reason?: string;
      /** Who may see the outcome, when the draw named an audience (`[]`: nobody). */
      readonly audience?: readonly number[];
    }
  | { readonly type: 'forcedAction'; readonly seat: number; readonly action: ActionBase }
  | {
      readonly type: 'gameOver';
      readonly winners: readonly number[];
      readonly scores: readonly number[];
    };

/**
 * The type of every {@link CoreEvent}.
 * @public
 */
export const CORE_EVENT_TYPES: readonly CoreEvent['type'][] = Object.freeze([
  'roll',
  'randomInt',
  'shuffle',
  'pick',
  'forcedAction',
  'gameOver',
]);

const CORE_TYPES: ReadonlySet<string> = new Set(CORE_EVENT_TYPES);

/**
 * Whether a logged event is one the engine records (see {@link CoreEvent}); a redacted event
 * (`hidden: true`) is not.
 * @public
 */
export function isCoreEvent<TEvent extends GameEvent>(event: TEvent): event is TEvent & CoreEvent {
  return CORE_TYPES.has(event.type) && event.hidden !== true;
}
