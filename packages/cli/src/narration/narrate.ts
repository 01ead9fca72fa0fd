import {
  actionText as presentActionText,
  describeEventGeneric as presentEventGeneric,
  narrateCoreEvent as presentCoreEvent,
  narrateEvents as presentEvents,
  type ActionBase,
  type GameEvent,
  type LogEntry,
} from '@ruleloom/core';
import { paint, presentContext } from '../games/cli-game-of.js';
import type { CliGame, NarrationContext } from '../games/cli-game.js';

export { joinNames, seatName } from '@ruleloom/core';

/** The engine's one-line description of an action (the game's `describeAction`). */
function engineText(ctx: NarrationContext): (action: ActionBase) => string {
  return (action) => ctx.engine.describeAction(action);
}

/**
 * The compact generic line of an event no narrator knows: its type and fields.
 * @public
 */
export function describeEventGeneric(event: GameEvent, ctx: NarrationContext): string {
  return presentEventGeneric(event, presentContext(ctx));
}

/**
 * Sentences for the events the core emits (`roll`, `shuffle`, `randomInt`, `pick`,
 * `forcedAction`, `gameOver`); undefined for other events.
 * @public
 */
export function narrateCoreEvent(
  event: GameEvent,
  ctx: NarrationContext,
  cliGame: CliGame,
): string | null | undefined {
  const text = presentCoreEvent(event, cliGame.present, presentContext(ctx), engineText(ctx));
  return text === null || text === undefined ? text : paint(text, ctx.palette);
}

/**
 * Narrates a list of events: each game sentence first (from the game's presenter), then the
 * core's, then the generic line. Games may cover several events in one sentence.
 * @public
 */
export function narrateEvents(
  events: readonly GameEvent[],
  cliGame: CliGame,
  ctx: NarrationContext,
): string[] {
  return presentEvents(events, cliGame.present, presentContext(ctx), engineText(ctx)).map((line) =>
    paint(line, ctx.palette),
  );
}

/**
 * Describes an action by a seat as a sentence: `'Seat 1 (mcts) bids $6,000'`.
 * @public
 */
export function describeMove(
  seat: number,
  action: unknown,
  cliGame: CliGame,
  ctx: NarrationContext,
): string {
  const text = presentActionText(
    action as ActionBase,
    cliGame.present,
    presentContext(ctx),
    engineText(ctx),
  );
  return `${ctx.palette.bold(ctx.names[seat] ?? `seat ${String(seat)}`)} ${paint(text, ctx.palette)}`;
}

/**
 * Narrates one log entry: the action (if any) and the events it caused.
 * @public
 */
export function narrateEntry(entry: LogEntry, cliGame: CliGame, ctx: NarrationContext): string[] {
  const lines: string[] = [];
  if (entry.seat !== null && entry.action !== null)
    lines.push(describeMove(entry.seat, entry.action, cliGame, ctx));
  for (const line of narrateEvents(entry.events, cliGame, ctx)) lines.push(`  ${line}`);
  return lines;
}
