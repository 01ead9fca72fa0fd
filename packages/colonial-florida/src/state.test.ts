import { playWalk, walkArbitrary } from '@ruleloom/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cloneJson } from '@ruleloom/core';
import { colonialFlorida } from './game.js';
import { cloneColonialFloridaState } from './state.js';

describe('cloneColonialFloridaState', () => {
  it('copies every field of every reachable state, sharing nothing mutable', () => {
    fc.assert(
      fc.property(
        walkArbitrary([{ players: 2 }, { players: 3, options: { maxTurns: 30 } }]),
        (walk) => {
          playWalk(colonialFlorida, walk, 20_000, ({ index, state }) => {
            if (index % 3 !== 0) return;
            const copy = cloneColonialFloridaState(state.game);
            expect(copy).toEqual(cloneJson(state.game));
            expect(copy.settlements[0]?.cards).not.toBe(state.game.settlements[0]?.cards);
            expect(copy.deck).not.toBe(state.game.deck);
          });
        },
      ),
      { numRuns: 15, seed: Number(process.env.FC_SEED ?? 42) },
    );
  });
});
