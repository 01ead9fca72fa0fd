import type { AnyGame } from '@ruleloom/core';
import { courtLetters, liarsDice } from '@ruleloom/core/games';
import { describe, expect, it } from 'vitest';
import liarsDiceKit from '../../../../06-liars-dice/src/kit.js';
import { privateLeaksIn, privateValues } from './private-values.js';
import { truthOf } from './ruleloom-serve.js';

describe('the private-value frame check (it can fail)', () => {
  it('flags another seat’s hand card ids anywhere in a frame, not the seat’s own', () => {
    const game = courtLetters as unknown as AnyGame;
    const truth = truthOf(game, { seed: 3, players: 2 }, []);
    const [own, other] = [privateValues(game, truth, 0, 0), privateValues(game, truth, 0, 1)];
    expect(own[0]!.path).toBe('players.0.hand');
    expect((other[0]!.value as string[]).length).toBeGreaterThan(0);
    const view0 = truth.match.view(0);
    const honest = JSON.stringify({ type: 'update', version: 0, view: view0 });
    expect(privateLeaksIn(game, truth, 0, honest)).toEqual([]);
    const id = (other[0]!.value as string[])[0]!;
    const leaky = JSON.stringify({ type: 'update', version: 0, view: view0, note: id });
    expect(privateLeaksIn(game, truth, 0, leaky)).toEqual([
      `seat 0 received players.1.hand value ${JSON.stringify(id)} at version 0`,
    ]);
  });

  it('flags the example kit’s private cup (faces, a private field) in another seat’s view', () => {
    const game = liarsDiceKit.game as unknown as AnyGame;
    const truth = truthOf(game, { seed: 3, players: 2 }, []);
    expect(privateValues(game, truth, 0, 0).map((v) => v.path)).toEqual(['players.0.cup']);
    const view0 = truth.match.view(0) as unknown as { players: Record<string, unknown>[] };
    const honest = JSON.stringify({ type: 'update', version: 0, view: view0 });
    expect(privateLeaksIn(game, truth, 0, honest)).toEqual([]);
    const state = truth.states[0] as { game: { players: { cup: number[] }[] } };
    const players = view0.players.map((p, s) => ({ ...p, cup: state.game.players[s]!.cup }));
    const leaky = JSON.stringify({ type: 'update', version: 0, view: { ...view0, players } });
    expect(privateLeaksIn(game, truth, 0, leaky)).toEqual([
      "seat 0's view shows players.1.cup at version 0",
    ]);
  });

  it('flags a private field (numbers, not ids) in another seat’s view unless its phase reveals it', () => {
    const game = liarsDice as unknown as AnyGame;
    const truth = truthOf(game, { seed: 5, players: 2 }, []);
    expect(privateValues(game, truth, 0, 1).map((v) => v.path)).toEqual(['players.1.dice']);
    const view0 = truth.match.view(0) as unknown as { players: Record<string, unknown>[] };
    const honest = JSON.stringify({ type: 'update', version: 0, view: view0 });
    expect(privateLeaksIn(game, truth, 0, honest)).toEqual([]);
    const state = truth.states[0] as { game: { players: { dice: number[] }[] } };
    const players = view0.players.map((p, s) => ({ ...p, dice: state.game.players[s]!.dice }));
    const leaky = JSON.stringify({ type: 'update', version: 0, view: { ...view0, players } });
    expect(privateLeaksIn(game, truth, 0, leaky)).toEqual([
      "seat 0's view shows players.1.dice at version 0",
    ]);
  });
});
