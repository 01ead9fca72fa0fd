import type { AnyGame, BoardBlock, GamePresenter, GameView } from '@ruleloom/core';

/**
 * The presenter of a kit that brings none: seats by number, scores as numbers, the view's
 * fields as the board, and the engine's own descriptions of actions and events.
 * @public
 */
export function genericPresenter(game: AnyGame): GamePresenter {
  return {
    gameId: game.id,
    summary: [`${game.name}: ${String(game.players.min)}-${String(game.players.max)} players.`],
    seatLabel: (seat) => `Seat ${String(seat + 1)}`,
    formatScore: (score) => String(score),
    renderBoard: (view: GameView): readonly BoardBlock[] =>
      Object.entries(view).map(([key, value]) => ({
        type: 'line' as const,
        text: `${key}: ${JSON.stringify(value)}`.slice(0, 200),
      })),
    narrateEvent: () => undefined,
  };
}
