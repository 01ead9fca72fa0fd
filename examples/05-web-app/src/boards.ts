import { lazy, type ComponentType } from 'react';
import type { BoardProps } from './board-props.js';

/**
 * Each game's board, by game id: the games with a folder of their own (`src/games/<id>/`). A
 * game of `kits.ts` without one gets the generic board (`generic/generic-board.tsx`). Each
 * board is its own chunk, loaded when a game of it is first shown (draw it inside a
 * `<Suspense>`).
 */
export const BOARDS: Readonly<Record<string, ComponentType<BoardProps>>> = {
  'st-augustine': lazy(() =>
    import('./games/st-augustine/board.js').then((m) => ({ default: m.StAugustineBoard })),
  ),
  'colonial-florida': lazy(() =>
    import('./games/colonial-florida/board.js').then((m) => ({ default: m.ColonialFloridaBoard })),
  ),
};
