import type { MatchState } from '@ruleloom/core';
import { describe, expectTypeOf, it } from 'vitest';
import type { Bot, BotInput, CheatingBot, CheatingBotInput } from './bot.js';

describe('the information barrier, at the type level', () => {
  it("an honest bot's input holds exactly the seat, view, legal actions, stream and public rules", () => {
    expectTypeOf<keyof BotInput>().toEqualTypeOf<
      'seat' | 'view' | 'legalActions' | 'rng' | 'rules'
    >();
    expectTypeOf<BotInput>().not.toHaveProperty('state');
    expectTypeOf<BotInput>().not.toHaveProperty('engine');
  });

  it('an honest bot cannot read the match state', () => {
    const bot: Bot = {
      name: 'peeker',
      act(input) {
        // @ts-expect-error an honest bot's input has no state
        const state: MatchState = input.state;
        return state === undefined ? input.legalActions[0]! : input.legalActions[0]!;
      },
    };
    expectTypeOf(bot).toExtend<Bot>();
  });

  it('a cheating bot is a different kind: it cannot be used where an honest bot is expected', () => {
    expectTypeOf<CheatingBot>().not.toExtend<Bot>();
    expectTypeOf<CheatingBotInput>().toHaveProperty('state').toEqualTypeOf<MatchState>();
    const cheater: CheatingBot = {
      name: 'CHEATING',
      cheats: true,
      actWithState: (input) => input.legalActions[0]!,
    };
    // @ts-expect-error a cheating bot is not an honest bot
    const honest: Bot = cheater;
    expectTypeOf(honest).toExtend<Bot>();
  });
});
