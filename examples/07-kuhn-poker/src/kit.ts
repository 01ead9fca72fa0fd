/**
 * Kuhn poker as a game kit: the one module every Ruleloom host loads
 * (`ruleloom play ./dist/kuhn-poker.mjs`, `ruleloom tournament`, and Python's
 * `ruleloom.pettingzoo.env("./dist/kuhn-poker.mjs", chance_nodes=True)`). Its default export is
 * the kit.
 */
import { defineKit, seatName, styled, type BoardBlock, type GamePresenter } from '@ruleloom/core';
import { kuhnPoker, type KuhnAction, type KuhnMove } from './game.js';

interface SeenPlayer {
  readonly hand?: readonly string[];
  readonly chips: number;
}

const presenter: GamePresenter<KuhnAction> = {
  gameId: kuhnPoker.id,
  summary: [
    'Three cards (J, Q, K), one each, a chip of ante each. Pass or bet one chip; a bet is called (bet) or folded (pass).',
    'A fold loses the pot; otherwise the higher card takes it.',
  ],
  seatLabel: (seat) => `Player ${String(seat + 1)}`,
  formatScore: (score) => `${score > 0 ? '+' : ''}${String(score)} chips`,
  renderBoard(view, ctx): readonly BoardBlock[] {
    const players = (view.players ?? []) as readonly SeenPlayer[];
    const moves = (view.moves ?? []) as readonly KuhnMove[];
    const lines: BoardBlock[] = [
      { type: 'line', text: ['Moves: ', styled('strong', moves.join(', ') || 'none yet')] },
    ];
    players.forEach((p, seat) => {
      const card = p.hand?.[0] ?? 'hidden';
      lines.push({
        type: 'line',
        text: `${seatName(ctx, seat)}: card ${card} · ${String(p.chips)} in the pot`,
      });
    });
    return lines;
  },
  narrateEvent(event, ctx) {
    if (event.type === 'showdown')
      return `Showdown (${(event.cards as string[]).join(' vs ')}): ${seatName(ctx, event.winner)} takes the pot.`;
    if (event.type === 'folded') return `${seatName(ctx, event.seat)} folds.`;
    return undefined;
  },
};

/** Kuhn poker's kit: two players, the standard game. */
export default defineKit({
  game: kuhnPoker,
  presenter,
  defaultSetup: { players: 2, description: 'two players, one betting round' },
});
