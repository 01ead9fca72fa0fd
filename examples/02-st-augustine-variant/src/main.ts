import { createMatch, type GameEvent } from '@ruleloom/core';
import { stAugustine } from '@ruleloom/st-augustine';
import { boomtown } from './boomtown.js';

/**
 * Plays the same scripted opening in a game: seat 0 buys two pubs (turns 1 and 3), seat 1
 * passes everything; returns what seat 0 earned from monopolies on turn 3 and the game length.
 */
export function monopolyOnTurnThree(game: typeof stAugustine | typeof boomtown): {
  monopoly: number;
  lastTurn: number;
} {
  const ids = game.cards.map((c) => c.id);
  const top = ['pub-g', 'cafe-k', 'pub-k'];
  const match = createMatch(game, {
    seed: 1,
    players: 2,
    options: { trading: 'off', deckOrder: [...top, ...ids.filter((id) => !top.includes(id))] },
  });
  const events: GameEvent[] = [];
  const plan: (number | null)[] = [0, null, 0];
  for (const winner of plan) {
    const turn = match.state.game.turn;
    while (match.state.game.turn === turn && !match.isOver) {
      const seat = match.toAct[0] as number;
      const bid = seat === winner && match.state.game.auction?.highBidder !== winner;
      const r = match.apply(seat, bid ? { type: 'bid', amount: 5000 } : { type: 'pass' });
      if (!r.ok) throw new Error(r.error.message);
      events.push(...r.events);
    }
  }
  const monopoly = events
    .filter((e) => e.type === 'monopolyBonus')
    .reduce((sum, e) => sum + (e.amount as number), 0);
  return { monopoly, lastTurn: match.state.game.lastTurn };
}

if (process.argv[1]?.endsWith('main.ts') === true) {
  const base = monopolyOnTurnThree(stAugustine);
  const variant = monopolyOnTurnThree(boomtown);
  process.stdout.write(
    `${stAugustine.name}: ${String(base.lastTurn)} turns, two pubs pay $${String(base.monopoly)}\n` +
      `${boomtown.name}: ${String(variant.lastTurn)} turns, two pubs pay $${String(variant.monopoly)}, ` +
      `${String(boomtown.cards.length)} cards (with ${boomtown.cards.at(-1)?.id ?? '?'})\n`,
  );
}
