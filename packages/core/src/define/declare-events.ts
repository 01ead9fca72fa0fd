import type { GameEvent } from '../model/event.js';
import { isCoreEvent } from '../model/core-events.js';
import { quoteName } from '../util/describe.js';
import { checkFieldSpec, checkRecordFields, type FieldsOf, type FieldSpec } from './field-spec.js';

/**
 * A game's events as one union, from a record of event type → payload type:
 * `EventOf<{ streetBonus: { seat: number; street: Street; amount: number } }>` is
 * `{ type: 'streetBonus'; seat: number; street: Street; amount: number; audience?: ... }`.
 * @public
 */
export type EventOf<TPayloads> = {
  [K in keyof TPayloads & string]: {
    readonly type: K;
    readonly audience?: readonly number[];
  } & { readonly [F in keyof TPayloads[K]]: TPayloads[K][F] };
}[keyof TPayloads & string];

/**
 * A game's declared events (xstate's `emitted`, checked at run time too): for each event
 * type, the fields of its payload. Made by {@link defineEvents}; the type parameter is the
 * event union the game's handlers may emit.
 * @public
 */
export interface EventDeclarations<TEvent extends GameEvent = GameEvent> {
  /** Each event type with the fields of its payload. */
  readonly fields: Readonly<Record<TEvent['type'], Readonly<Record<string, FieldSpec>>>>;
  /** Type-level only: the event union. */
  readonly '~event'?: TEvent;
}

/**
 * The event union of a declaration (see {@link defineEvents}).
 * @public
 */
export type DeclaredEvent<TDeclarations> =
  TDeclarations extends EventDeclarations<infer TEvent> ? TEvent : never;

/**
 * Declares a game's events: give the payload types as a record of event type → payload
 * (`defineEvents<StAugustinePayloads>()`), then the fields of each payload (their kinds are
 * checked at run time by the laws of `@ruleloom/core/testing`). A missing or extra event, or
 * a field that the payload type does not have, fails to compile; handlers typed with the
 * event union (`EffectContext<S, O, C, TEvent>`) cannot emit an undeclared event.
 *
 * @example
 * ```ts
 * interface PigPayloads { banked: { seat: number; amount: number } }
 * const pigEvents = defineEvents<PigPayloads>()({ banked: { seat: 'seat', amount: 'integer' } });
 * type PigEvent = DeclaredEvent<typeof pigEvents>;
 * ```
 * @public
 */
export function defineEvents<TPayloads>() {
  return (fields: {
    readonly [K in keyof TPayloads & string]: FieldsOf<TPayloads[K]>;
  }): EventDeclarations<EventOf<TPayloads>> => {
    const problems: string[] = [];
    for (const [type, record] of Object.entries(fields as Record<string, unknown>)) {
      if (typeof record !== 'object' || record === null) {
        problems.push(`event ${quoteName(type)} should list its payload fields`);
        continue;
      }
      for (const [name, spec] of Object.entries(record))
        problems.push(...checkFieldSpec(spec, `${type}.${name}`));
    }
    if (problems.length > 0) throw new TypeError(`defineEvents: ${problems.join('; ')}`);
    return Object.freeze({ fields });
  };
}

/**
 * Checks one recorded event against a game's declared events (trusted events, as the laws
 * check every event a match records): problems found, empty when the event is declared and
 * its payload has exactly the declared fields. Engine events (`CoreEvent`) and redacted
 * ones are accepted.
 * @public
 */
export function checkEvent(declarations: EventDeclarations, event: GameEvent): string[] {
  if (event.hidden === true || isCoreEvent(event)) return [];
  const fields = declarations.fields[event.type];
  if (fields === undefined || !Object.hasOwn(declarations.fields, event.type))
    return [`event ${quoteName(event.type)} is not declared`];
  return checkRecordFields(fields, event, event.type);
}
