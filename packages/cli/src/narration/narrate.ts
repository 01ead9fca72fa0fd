import type { GameEvent, LogEntry } from '@ruleloom/core';
import type { CliGame, NarrationContext } from '../games/cli-game.js';

/**
 * The display name of a seat in a narration (falls back to `seat N`).
 * @public
 */
export function seatName(ctx: NarrationContext, seat: unknown): string {
  if (typeof seat !== 'number') return String(seat);
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

function formatValue(value: unknown, key: string, ctx: NarrationContext): string {
  if ((key === 'seat' || key === 'from' || key === 'to') && typeof value === 'number') {
    return key === 'seat' ? seatName(ctx, value) : String(value);
  }
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/**
 * The compact generic line of an event no narrator knows: its type and fields.
 * @public
 */
export function describeEventGeneric(event: GameEvent, ctx: NarrationContext): string {
  const fields = Object.entries(event)
    .filter(([key]) => key !== 'type' && key !== 'audience')
    .map(([key, value]) => `${key}=${formatValue(value, key, ctx)}`);
  return `${event.type}${fields.length > 0 ? ` (${fields.join(', ')})` : ''}`;
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
  if (event.hidden === true) return ctx.palette.dim(`(a hidden ${event.type})`);
  switch (event.type) {
    case 'roll': {
      const values = Array.isArray(event.values) ? (event.values as number[]) : [];
      const reason = typeof event.reason === 'string' ? ` for ${event.reason}` : '';
      return `Rolled ${String(event.dice)}${reason}: ${values.join(' + ')}${values.length > 1 ? ` = ${String(event.total)}` : ''}`;
    }
    case 'shuffle':
      return `The ${String(event.zone)} is shuffled (${String(event.size)} cards).`;
    case 'randomInt':
      return `Random number${typeof event.reason === 'string' ? ` for ${event.reason}` : ''}: ${String(event.value)} (from ${String(event.min)} to ${String(event.max)}).`;
    case 'pick':
      return `Random pick${typeof event.reason === 'string' ? ` for ${event.reason}` : ''}: #${String(Number(event.index) + 1)} of ${String(event.size)}.`;
    case 'forcedAction':
      return `${seatName(ctx, event.seat)} ${actionText(event.action, cliGame, ctx)} ${ctx.palette.dim('(the only legal move)')}`;
    case 'gameOver': {
      const winners = Array.isArray(event.winners) ? (event.winners as number[]) : [];
      const scores = Array.isArray(event.scores) ? (event.scores as number[]) : [];
      const names = winners.map((s) => seatName(ctx, s));
      const verb = names.length === 1 ? 'wins' : 'share the win';
      const table = scores.map((s, seat) => `${seatName(ctx, seat)} ${cliGame.formatScore(s)}`);
      return ctx.palette.bold(
        `Game over: ${joinNames(names)} ${verb}! Scores: ${table.join(', ')}.`,
      );
    }
    default:
      return undefined;
  }
}

/**
 * Narrates a list of events: each game sentence first, then the core's, then the generic
 * line. Games may cover several events in one sentence.
 * @public
 */
export function narrateEvents(
  events: readonly GameEvent[],
  cliGame: CliGame,
  ctx: NarrationContext,
): string[] {
  const lines: string[] = [];
  for (let i = 0; i < events.length; i++) {
    const event = events[i] as GameEvent;
    const own =
      event.hidden === true ? undefined : cliGame.narrateEvent(event, ctx, events.slice(i + 1));
    if (own === null) continue;
    if (own !== undefined) {
      if (typeof own === 'string') lines.push(own);
      else {
        lines.push(own.text);
        i += own.consumes ?? 0;
      }
      continue;
    }
    const core = narrateCoreEvent(event, ctx, cliGame);
    if (core === null) continue;
    lines.push(core ?? ctx.palette.dim(describeEventGeneric(event, ctx)));
  }
  return lines;
}

/** The game's CLI wording of an action, else the engine's. */
function actionText(action: unknown, cliGame: CliGame, ctx: NarrationContext): string {
  return cliGame.describeAction?.(action, ctx) ?? ctx.engine.describeAction(action as never);
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
  return `${ctx.palette.bold(seatName(ctx, seat))} ${actionText(action, cliGame, ctx)}`;
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
