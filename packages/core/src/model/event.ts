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
