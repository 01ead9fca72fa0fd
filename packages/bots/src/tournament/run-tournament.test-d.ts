import type { ActionBase, Game } from '@ruleloom/core';
import { pig, type PigAction } from '@ruleloom/core/games';
import { describe, expectTypeOf, it } from 'vitest';
import { mctsBot } from '../mcts-bot.js';
import { randomBot } from '../random-bot.js';
import type { Bot } from '../bot.js';
import { runTournament } from './run-tournament.js';

describe('runTournament types (strictFunctionTypes is on)', () => {
  it('takes a typed game and bots made without type arguments, as the docs show', () => {
    const result = runTournament({
      game: pig,
      bots: [mctsBot({ iterations: 10 }), randomBot()],
      games: 2,
      seed: 1,
    });
    expectTypeOf(result).resolves.toHaveProperty('bots');
  });

  it("flows the game's action type into the bots", () => {
    const holdAt = (n: number): Bot<PigAction> => ({
      name: `hold-at-${String(n)}`,
      act: ({ legalActions }) => legalActions.find((a) => a.type === 'hold') ?? legalActions[0]!,
    });
    void runTournament({ game: pig, bots: [holdAt(20), randomBot()], games: 2, seed: 1 });
    type Other = { readonly type: 'other' };
    const otherBot: Bot<Other> = { name: 'other', act: () => ({ type: 'other' }) };
    // @ts-expect-error a bot of another game's actions does not fit
    void runTournament({ game: pig, bots: [otherBot, randomBot()], games: 2, seed: 1 });
  });

  it("types the match options from the game's option schema", () => {
    void runTournament({
      game: pig,
      bots: [randomBot(), randomBot()],
      games: 2,
      seed: 1,
      options: { target: 20 },
    });
    void runTournament({
      game: pig,
      bots: [randomBot(), randomBot()],
      games: 2,
      seed: 1,
      // @ts-expect-error target is a whole number, not text
      options: { target: 'ten' },
    });
  });

  it('still accepts a game typed only as a plain Game', () => {
    const game = pig as unknown as Game<unknown, ActionBase, unknown>;
    void runTournament({ game, bots: [randomBot(), randomBot()], games: 2, seed: 1 });
  });
});
