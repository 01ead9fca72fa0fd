/**
 * Something that happened during an action or an automatic step (a card flipped, dice
 * rolled, money paid). Events are JSON; `audience`, when present, lists the only seats
 * allowed to see the event (log redaction hides it from the others).
 * @public
 */
export interface GameEvent {
  readonly type: string;
  readonly audience?: readonly number[];
  readonly [field: string]: unknown;
}

/**
 * A dice roll as recorded in the log.
 * @public
 */
export interface DiceRoll {
  readonly values: readonly number[];
  readonly total: number;
}

/**
 * An event as a redacted log shows it to a seat outside its `audience`: its type only.
 * @public
 */
export type HiddenEvent = {
  readonly type: string;
  readonly hidden: true;
};
