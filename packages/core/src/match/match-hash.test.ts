import { describe, expect, it } from 'vitest';
import { drawAndPlay } from '../games/draw-and-play.js';
import { createMatch } from './match.js';

describe('state hashes of a match', () => {
  it('an accepted action is hashed once, whether its chain value or `hash()` is read first', () => {
    const match = createMatch(drawAndPlay, { seed: 12, players: 3 });
    const engine = match.engine;
    const original = engine.hash.bind(engine);
    let calls = 0;
    engine.hash = (state) => {
      calls++;
      return original(state);
    };
    for (let i = 0; i < 20 && !match.isOver; i++) {
      const seat = match.toAct[0] as number;
      expect(match.apply(seat, match.legalActions(seat)[0]!).ok).toBe(true);
      // What a server does per accepted action: the chain value, then the hash of its row.
      const chain = match.actions[match.actions.length - 1]?.chain;
      const hash = match.hash();
      expect(chain).toMatch(/^[0-9a-f]{32}$/);
      expect(hash).toBe(original(match.state));
      expect(calls).toBe(i + 1);
    }
  });
});
