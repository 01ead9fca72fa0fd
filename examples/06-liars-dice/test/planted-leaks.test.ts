import { defineGame, type EffectContext } from '@ruleloom/core';
import { gameLaws } from '@ruleloom/core/testing';
import { describe, expect, it } from 'vitest';
import {
  faceOf,
  liarsDice,
  type FaceCard,
  type LiarsDiceAction,
  type LiarsDiceOptions,
  type LiarsDiceState,
} from '../src/game.js';

/**
 * Planted leaks in this Liar's Dice, whose dice are cards dealt from a shuffled hidden pool:
 * the resampling law swaps dice in the pool's shuffle and must catch each leak.
 */
type Ctx = EffectContext<LiarsDiceState, LiarsDiceOptions, FaceCard>;
const rollCups = liarsDice.effects.rollCups as unknown as (ctx: Ctx) => void;

function afterRoll(id: string, extra: (ctx: Ctx) => void) {
  return defineGame<LiarsDiceState, LiarsDiceAction, FaceCard>()({
    ...liarsDice,
    id,
    effects: {
      rollCups: (ctx: Ctx) => {
        rollCups(ctx);
        extra(ctx);
      },
    },
  } as unknown as Parameters<
    ReturnType<typeof defineGame<LiarsDiceState, LiarsDiceAction, FaceCard>>
  >[0]);
}

function failure(game: ReturnType<typeof afterRoll>): string {
  for (const law of gameLaws({ game, setups: [{ players: 2 }, { players: 3 }], numRuns: 10 })) {
    try {
      law.run();
    } catch (e) {
      const message = (e as Error).message.split('\n')[0] ?? '';
      if (process.env.SHOW_LEAKS !== undefined) console.log(`${law.name}: ${message}`);
      return message;
    }
  }
  throw new Error('every law passed on a leaking game');
}

describe("planted leaks in the example's Liar's Dice fail a law", () => {
  it('(g) a public field that copies a seat’s private dice', () => {
    const game = afterRoll('leak-g', (ctx) => {
      for (const p of ctx.state.players as (LiarsDiceState['players'][number] & {
        best?: number;
      })[])
        p.best = Math.max(0, ...p.cup.map(faceOf));
    });
    expect(failure(game)).toMatch(
      /^(seat \d|the spectator) can tell apart two histories that differ only in a hidden shuffle .*its view at 'players\.\d\.best' is \d in one and \d in the other\. Fix: declare it private/,
    );
  });

  it('(h) a private draw’s value in a log entry every seat receives', () => {
    const game = afterRoll('leak-h', (ctx) => {
      ctx.state.players.forEach((p, seat) => {
        ctx.emit({ type: 'cupRolled', seat, faces: p.cup.map(faceOf) });
      });
    });
    expect(failure(game)).toMatch(
      /^(seat \d|the spectator) can tell apart two histories that differ only in a hidden shuffle .*\('cupRolled'\) at 'faces\.\d' is \d in one and \d in the other\. Fix: give the event an audience/,
    );
  });
});
