import type { ComponentType } from 'react';
import type { BoardProps } from './board-props.js';
import { ColonialFloridaBoard } from './games/colonial-florida/board.js';
import { StAugustineBoard } from './games/st-augustine/board.js';

/**
 * Each game's board, by game id: the games with a folder of their own (`src/games/<id>/`). A
 * game of `kits.ts` without one gets the generic board (`generic/generic-board.tsx`).
 */
export const BOARDS: Readonly<Record<string, ComponentType<BoardProps>>> = {
  'st-augustine': StAugustineBoard,
  'colonial-florida': ColonialFloridaBoard,
};
