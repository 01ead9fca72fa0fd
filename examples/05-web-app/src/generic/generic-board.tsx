import { PresenterView } from '@ruleloom/react';
import type { BoardProps } from '../board-props.js';
import { findGame } from '../games.js';
import { presentContext, presenterOf } from '../presenters.js';
import { useSeatName } from '../seat-names.js';
import './generic-board.css';

/**
 * The board of a game the app has no folder for, from its kit alone: `@ruleloom/react`'s
 * `PresenterView` with the kit's presenter, the match's present context and the game screen's
 * seat names (the turn prompt, the legal actions as the presenter's forms and labels, the
 * presenter's text board, the narration of the latest moves). `generic-board.css` styles its
 * class names.
 */
export function GenericBoard({
  game,
  players,
  names = [],
  ...board
}: BoardProps & {
  /** The game id of the match. */
  readonly game: string | null;
  /** The match's player count, when known. */
  readonly players: number | null;
  /** The players' names by seat, when the match has them (the narration's names). */
  readonly names?: readonly (string | null)[];
}) {
  const nameOf = useSeatName(game ?? '');
  return (
    <PresenterView
      presenter={presenterOf(game)}
      context={presentContext(game, { players, names })}
      game={findGame(game)?.game}
      nameOf={nameOf}
      {...board}
    />
  );
}
