import type { ActionBase, BoardBlock, GameView, PresentContext } from '@ruleloom/core';
import type { BoardProps } from '../board-props.js';
import { LogEntryText } from '../game-log.js';
import { findGame } from '../games.js';
import { describeAction } from '../narration.js';
import { presentContext, presenterOf } from '../presenters.js';
import { useSeatName } from '../seat-names.js';
import { ActionControls, choiceLabel } from './action-controls.js';
import { BoardText } from './board-text.js';
import './generic-board.css';

/** How many of the newest log entries the board narrates under the view. */
const LATEST = 4;

/** The presenter's board for a view, or null when there is no presenter or it fails on it. */
function boardBlocks(
  game: string | null,
  view: GameView,
  ctx: PresentContext | null,
): readonly BoardBlock[] | null {
  const presenter = presenterOf(game);
  if (presenter === undefined || ctx === null) return null;
  try {
    return presenter.renderBoard(view, ctx);
  } catch {
    return null;
  }
}

/**
 * The board of a game the app has no folder for, from its kit alone: the turn prompt, the
 * legal actions of the seat on screen as controls (the presenter's forms and labels), the view
 * as the presenter's text board (else the view's JSON), and the narration of the latest moves.
 */
export function GenericBoard({
  game,
  players,
  names = [],
  view,
  seat,
  legalActions,
  toAct,
  log,
  disabled,
  act,
}: BoardProps & {
  /** The game id of the match. */
  readonly game: string | null;
  /** The match's player count, when known. */
  readonly players: number | null;
  /** The players' names by seat, when the match has them (the narration's names). */
  readonly names?: readonly (string | null)[];
}) {
  const ctx = presentContext(game, { players, names });
  const nameOf = useSeatName(game ?? '');
  const presenter = presenterOf(game);
  const describe = (a: ActionBase) =>
    presenter?.describeChoice !== undefined && ctx !== null
      ? (presenter.describeChoice(a, view, ctx) ?? describeAction(game, ctx, a))
      : describeAction(game, ctx, a);
  const blocks = boardBlocks(game, view, ctx);
  const mine = seat !== null && toAct.includes(seat) && legalActions.length > 0;
  const latest = log.slice(-LATEST).reverse();
  return (
    <div className="generic-board">
      {act !== undefined && toAct.length > 0 && (
        <div className="prompt" role="region" aria-label="your turn">
          <p data-testid="prompt">
            <strong>
              {mine
                ? `Your decision, ${nameOf(seat)}: ${String(legalActions.length)} legal ${legalActions.length === 1 ? 'move' : 'moves'}.`
                : `Waiting for ${toAct.map(nameOf).join(', ')}.`}
            </strong>
          </p>
          {mine && (
            <ActionControls
              // A new set of legal actions (a new decision) starts outside any form; other
              // seats' moves meanwhile (a simultaneous decision) leave an open form as it is.
              key={`${String(legalActions.length)}:${JSON.stringify(legalActions[0])}:${JSON.stringify(legalActions.at(-1))}`}
              game={findGame(game)?.game}
              presenter={presenter}
              decision={
                ctx === null || seat === null ? null : { seat, view, legalActions, present: ctx }
              }
              actions={legalActions}
              label={choiceLabel(describe)}
              disabled={disabled}
              act={act}
            />
          )}
        </div>
      )}
      {blocks === null ? (
        <pre className="view-json" data-testid="board-text">
          {JSON.stringify(view, null, 2)}
        </pre>
      ) : (
        <BoardText blocks={blocks} />
      )}
      {latest.length > 0 && (
        <section aria-label="latest moves" className="latest">
          <h3>Latest</h3>
          <ul>
            {latest.map((e) => (
              <li key={e.seq}>
                <LogEntryText game={game} ctx={ctx} entry={e} name={nameOf} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
