import { createEngine, type MatchState } from '@ruleloom/core';
import { lawSeed } from '@ruleloom/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stAugustine, type StAugustineAction, type StAugustineState } from '../src/index.js';

type State = MatchState<StAugustineState>;

describe('piles changed in place by a working copy', () => {
  it('never show in another state: interleaved copies play exactly like the pure path', () => {
    // Several working copies of one game, cloned from each other at random moments and stepped
    // in a random interleaving (as a search does). A copy that was not stepped must not
    // change (a pile changed in place that it shares would show in its hash), and in the end
    // each copy must be what the pure `apply` gives for its actions (replayed afterwards, so
    // that the pure path's own copies do not take the piles over while the copies play).
    const engine = createEngine(stAugustine, { players: 3, options: { trading: 'off' } });
    const move = fc.record({ at: fc.nat(), clone: fc.boolean(), pick: fc.nat() });
    fc.assert(
      fc.property(
        fc.nat({ max: 1000 }),
        fc.array(move, { minLength: 50, maxLength: 400 }),
        (seed, moves) => {
          const start = engine.initialState(seed).state;
          const before = engine.hash(start);
          const copies: State[] = [engine.clone(start)];
          const played: [number, StAugustineAction][][] = [[]];
          const hashes: string[] = [before];
          for (const m of moves) {
            const i = m.at % copies.length;
            const copy = copies[i] as State;
            if (m.clone) {
              copies.push(engine.clone(copy));
              played.push([...(played[i] as [number, StAugustineAction][])]);
              hashes.push(hashes[i] as string);
            } else if (copy.result === null) {
              const seat = engine.toAct(copy)[0] as number;
              const legal = engine.sharedLegalActions(copy, seat);
              const action = legal[m.pick % legal.length] as StAugustineAction;
              engine.step(copy, seat, action, false, true);
              played[i]?.push([seat, action]);
              hashes[i] = engine.hash(copy);
            }
            copies.forEach((c, k) => expect(engine.hash(c)).toBe(hashes[k]));
          }
          expect(engine.hash(start)).toBe(before);
          played.forEach((actions, k) => {
            let pure = start;
            for (const [seat, action] of actions) {
              const r = engine.apply(pure, seat, action);
              if (!r.ok) throw new Error(r.error.message);
              pure = r.state;
            }
            expect(engine.hash(pure)).toBe(hashes[k]);
          });
        },
      ),
      { seed: lawSeed(), numRuns: 80 },
    );
  });

  it('a working copy flips and discards in place, and its copies share the piles again', () => {
    const engine = createEngine(stAugustine, { players: 2, options: { trading: 'off' } });
    const state = engine.clone(engine.initialState(3).state);
    const pass = { type: 'pass' } as const;
    // Both players pass: the shop is discarded and the next card flipped, each in place.
    const deck = state.game.deck;
    const seat = engine.toAct(state)[0] as number;
    engine.step(state, seat, pass, false, true);
    engine.step(state, engine.toAct(state)[0] as number, pass, false, true);
    const discard = state.game.discard;
    engine.step(state, engine.toAct(state)[0] as number, pass, false, true);
    engine.step(state, engine.toAct(state)[0] as number, pass, false, true);
    expect(state.game.discard.length).toBeGreaterThanOrEqual(2);
    expect(state.game.discard).toBe(discard);
    // The first flip of the copy replaced the shared deck once, then took cards in place.
    expect(state.game.deck).not.toBe(deck);
    const own = state.game.deck;
    engine.step(state, engine.toAct(state)[0] as number, pass, false, true);
    engine.step(state, engine.toAct(state)[0] as number, pass, false, true);
    expect(state.game.deck).toBe(own);
    // A copy shares the piles; the next flip of either replaces the deck, leaving the other's.
    const copy = engine.clone(state);
    expect(copy.game.deck).toBe(state.game.deck);
    const top = [...state.game.deck];
    engine.step(copy, engine.toAct(copy)[0] as number, pass, false, true);
    engine.step(copy, engine.toAct(copy)[0] as number, pass, false, true);
    expect(state.game.deck).toEqual(top);
    expect(copy.game.deck).toEqual(top.slice(1));
  });
});
