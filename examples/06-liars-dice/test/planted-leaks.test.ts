import { defineGame, type CardDefinition, type EffectContext } from '@ruleloom/core';
import { gameLaws } from '@ruleloom/core/testing';
import { describe, expect, it } from 'vitest';
import {
  liarsDice,
  type LiarsDiceAction,
  type LiarsDiceOptions,
  type LiarsDiceState,
} from '../src/game.js';

/**
 * Planted leaks in this Liar's Dice, whose dice are private draws
 * (`ctx.random.roll(dice, { audience: seat })`): the information-set laws redraw the rolls a
 * viewer may not see and must catch each leak.
 */
type Ctx = EffectContext<LiarsDiceState, LiarsDiceOptions>;
const rollCups = liarsDice.effects.rollCups as unknown as (ctx: Ctx) => void;

function afterRoll(id: string, extra: (ctx: Ctx) => void) {
  return defineGame<LiarsDiceState, LiarsDiceAction>()({
    ...liarsDice,
    id,
    effects: {
      rollCups: (ctx: Ctx) => {
        rollCups(ctx);
        extra(ctx);
      },
    },
  } as unknown as Parameters<
    ReturnType<typeof defineGame<LiarsDiceState, LiarsDiceAction, CardDefinition>>
  >[0]);
}

/** The same rules, with the showdown's `{ consequence: true }` left out. */
function undeclaredShowdown() {
  type Liar = (typeof liarsDice.actions)['liar'];
  const liar = liarsDice.actions.liar;
  return defineGame<LiarsDiceState, LiarsDiceAction>()({
    ...liarsDice,
    id: 'leak-i',
    actions: {
      ...liarsDice.actions,
      liar: {
        ...liar,
        resolve(ctx, seat, action) {
          const plain = Object.create(ctx) as typeof ctx;
          plain.emit = (event) => {
            ctx.emit(event);
          };
          liar.resolve(plain, seat, action);
        },
      } satisfies Liar,
    },
  } as unknown as Parameters<
    ReturnType<typeof defineGame<LiarsDiceState, LiarsDiceAction, CardDefinition>>
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
        p.best = Math.max(0, ...p.cup);
    });
    expect(failure(game)).toMatch(
      /^(seat \d|the spectator) can tell apart two histories that differ only in what it may not know \(the private draws of seat \d(, the private draws of seat \d)*\): its view at 'players\.\d\.best' is \d in one and \d in the other\. Fix: declare it private/,
    );
  });

  it('(h) a private draw’s value in a log entry every seat receives', () => {
    const game = afterRoll('leak-h', (ctx) => {
      ctx.state.players.forEach((p, seat) => {
        ctx.emit({ type: 'cupRolled', seat, faces: [...p.cup] });
      });
    });
    expect(failure(game)).toMatch(
      /^(seat \d|the spectator) can tell apart two histories that differ only in what it may not know \(the private draws of seat \d(, the private draws of seat \d)*\): its log, entry 0 \(setup\), event \d+ \('cupRolled'\) at 'faces\.\d' is \d in one and \d in the other\. Fix: give the event an audience/,
    );
  });

  it('(i) the lifted cups without their declaration as a consequence', () => {
    expect(failure(undeclaredShowdown())).toMatch(
      /^(seat \d|the spectator) can tell apart two histories that differ only in what it may not know \(the private draws of seat \d(, the private draws of seat \d)*\): its log, entry \d+ \(after seat \d's '(bid|liar)'\), event \d+ \('showdown'\) at '(counted|faces\.\d\.\d|loser)' is \d in one and \d in the other\./,
    );
  });
});
