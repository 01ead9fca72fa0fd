import type { ComponentType } from 'react';
import type { BoardProps } from './board-props.js';
import { ColonialFloridaBoard } from './games/colonial-florida/board.js';
import { StAugustineBoard } from './games/st-augustine/board.js';

/** Each game's board, by game id (a game without one gets the generic action buttons). */
export const BOARDS: Readonly<Record<string, ComponentType<BoardProps>>> = {
  'st-augustine': StAugustineBoard,
  'colonial-florida': ColonialFloridaBoard,
};
