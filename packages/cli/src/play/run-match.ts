import type { LogEntry, Match } from '@ruleloom/core';
import { sessionOf } from '@ruleloom/core/session';
import { CliError, messageOf } from '../errors.js';
import type { CliGame, NarrationContext } from '../games/cli-game.js';
import type { CliIo } from '../io.js';
import { narrateEntry } from '../narration/narrate.js';
import { fitLines, terminalColumns } from '../output/width.js';
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

/**
 * Plays a match to its end (or until a human quits) on a match session
 * (`@ruleloom/core/session`): asks each seat's controller in turn, submits its choice to the
 * session, and narrates every new log entry from the viewer's feed (events and secret actions
 * redacted for the viewer, once).
 * @public
 */
export async function runMatch(params: RunMatchParams): Promise<RunMatchOutcome> {
  const { io, cliGame, match, controllers, ctx, viewer } = params;
  const session = sessionOf(match);
  const feed = session.feed(viewer);
  const say = (entry: LogEntry): void => {
    const lines = fitLines(narrateEntry(entry, cliGame, ctx), terminalColumns());
    if (lines.length > 0) io.out(`${lines.join('\n')}\n`);
  };
  // A resumed match narrates from where it stands: its past was shown when it was played.
  let narrated = match.log.length === 1 ? 0 : match.log.length;
  const narrateNew = (): void => {
    const log = feed.getSnapshot().log;
    for (; narrated < log.length; narrated++) say(log[narrated] as LogEntry);
  };
  narrateNew();
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
    const result = await session.submit(seat, choice.action);
    if (!result.ok) {
      if (controller.kind === 'bot') {
        throw new CliError(
          `bot '${controller.name}' chose an illegal action at seat ${String(seat)}: ${result.error.message}`,
        );
      }
      controller.rejected?.(`${result.error.code}: ${result.error.message}`);
      continue;
    }
    for (const c of controllers) c.observe?.(match.state.phase);
    narrateNew();
  }
  session.close();
  return 'finished';
}
