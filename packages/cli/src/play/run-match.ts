import { redactEvent, type LogEntry, type Match } from '@ruleloom/core';
import { CliError, messageOf } from '../errors.js';
import type { CliGame, NarrationContext } from '../games/cli-game.js';
import type { CliIo } from '../io.js';
import { narrateEntry } from '../narration/narrate.js';
import type { SeatController } from '../players/controller.js';
import { startThinking } from './thinking-indicator.js';

/**
 * Settings of {@link runMatch}.
 * @public
 */
export interface RunMatchParams {
  readonly io: CliIo;
  readonly cliGame: CliGame;
  readonly match: Match;
  /** One controller per seat. */
  readonly controllers: readonly SeatController[];
  readonly ctx: NarrationContext;
  /** Whose eyes the narration uses: the human's seat, or `'spectator'` when bots play alone. */
  readonly viewer: number | 'spectator';
}

/**
 * How {@link runMatch} ended: the game finished, or a human quit (or the input ended).
 * @public
 */
export type RunMatchOutcome = 'finished' | 'quit';

function redactEntry(entry: LogEntry, viewer: number | 'spectator'): LogEntry {
  return { ...entry, events: entry.events.map((e) => redactEvent(e, viewer)) };
}

/**
 * Plays a match to its end (or until a human quits): asks each seat's controller in turn,
 * applies its choice, and narrates every action and event as the viewer may see it.
 * @public
 */
export async function runMatch(params: RunMatchParams): Promise<RunMatchOutcome> {
  const { io, cliGame, match, controllers, ctx, viewer } = params;
  const say = (entry: LogEntry): void => {
    const lines = narrateEntry(redactEntry(entry, viewer), cliGame, ctx);
    if (lines.length > 0) io.out(`${lines.join('\n')}\n`);
  };
  if (match.log.length === 1) say(match.log[0] as LogEntry);
  // A resumed match narrates from where it stands: its past was shown when it was played.
  while (!match.isOver) {
    const seat = match.toAct[0];
    if (seat === undefined) throw new CliError('the game awaits no decision but is not over');
    const controller = controllers[seat];
    if (controller === undefined) throw new CliError(`nobody plays seat ${String(seat)}`);
    const legalActions = match.legalActions(seat);
    let choice;
    const thinking =
      controller.kind === 'bot' && legalActions.length > 1
        ? startThinking(io, ctx.palette, ctx.names[seat] ?? controller.name)
        : undefined;
    try {
      choice = await controller.choose({ match, seat, view: match.view(seat), legalActions });
    } catch (error) {
      if (error instanceof CliError) throw error;
      throw new CliError(
        `${controller.kind} '${controller.name}' failed at seat ${String(seat)}: ${messageOf(error)}`,
      );
    } finally {
      thinking?.stop();
    }
    if (choice.type === 'quit') return 'quit';
    const result = match.applyInput(seat, choice.action);
    if (!result.ok) {
      if (controller.kind === 'bot') {
        throw new CliError(
          `bot '${controller.name}' chose an illegal action at seat ${String(seat)}: ${result.error.message}`,
        );
      }
      controller.rejected?.(`${result.error.code}: ${result.error.message}`);
      continue;
    }
    say(match.log[match.log.length - 1] as LogEntry);
  }
  return 'finished';
}
