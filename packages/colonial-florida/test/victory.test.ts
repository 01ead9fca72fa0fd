import { createMatch } from '@ruleloom/core';
import { describe, expect, it } from 'vitest';
import { colonialFlorida } from '../src/index.js';
import { craft, eventsOf, nextTurn, place } from './helpers.js';

describe('victory and length', () => {
  it('a player at goldToWin after the Income phase wins at once', () => {
    const c = craft(2, (g) => {
      place(g, 3, 0, ['tobacco#1']);
      (g.players[0] as { gold: number }).gold = 48;
    });
    const events = nextTurn(c, [1, 1, 1, 1, 1, 1, 1]);
    expect(c.state.result).toEqual({ winners: [0], scores: [50, 0], ranks: [1, 2] });
    expect(c.state.phase).toBe('gameOver');
    expect(eventsOf(events, 'gameOver')).toHaveLength(1);
  });

  it('when several reach it at the same check the most Gold wins', () => {
    const c = craft(3, (g) => {
      place(g, 3, 0, []);
      place(g, 6, 1, ['tobacco#1', 'timber#1']);
      (g.players[0] as { gold: number }).gold = 49;
      (g.players[1] as { gold: number }).gold = 48;
    });
    nextTurn(c, [1, 1, 1, 1, 1, 1, 1]);
    // 49 + 1 = 50 and 48 + 3 = 51: both reached 50, the British have more
    expect(c.state.result).toEqual({ winners: [1], scores: [50, 51, 0], ranks: [2, 1, 3] });
  });

  it('ties at the check share the win', () => {
    const c = craft(3, (g) => {
      place(g, 3, 0, ['tobacco#1']);
      place(g, 6, 2, ['timber#1']);
      (g.players[0] as { gold: number }).gold = 48;
      (g.players[2] as { gold: number }).gold = 48;
      (g.players[1] as { gold: number }).gold = 49;
    });
    nextTurn(c, [1, 1, 1, 1, 1, 1, 1]);
    expect(c.state.result).toEqual({ winners: [0, 2], scores: [50, 49, 50], ranks: [1, 3, 1] });
  });

  it('Gold is also checked after each action', () => {
    const c = craft(2, (g) => {
      (g.players[1] as { gold: number }).gold = 50;
    });
    nextTurn(c, []);
    expect(c.state.result?.winners).toEqual([1]);
  });

  it('a lower goldToWin is honoured', () => {
    const c = craft(2, (g) => place(g, 3, 1, []), { goldToWin: 1 });
    nextTurn(c, [1, 1, 1, 1, 1, 1, 1]);
    expect(c.state.result?.winners).toEqual([1]);
  });

  it('after maxTurns turns the game ends and the most Gold wins', () => {
    const match = createMatch(colonialFlorida, { seed: 3, players: 2, options: { maxTurns: 3 } });
    while (!match.isOver) {
      const seat = match.toAct[0]!;
      match.apply(seat, match.legalActions(seat).at(-1)!);
    }
    expect(match.state.game.turn).toBe(3);
    const gold = match.state.game.players.map((p) => p.gold);
    expect(match.result?.scores).toEqual(gold);
    expect(match.result?.winners).toEqual(
      gold.flatMap((g, i) => (g === Math.max(...gold) ? [i] : [])),
    );
  });
});
