import {
  Engine,
  publicOptions,
  Rng,
  type ActionBase,
  type Engine as EngineType,
  type MatchState,
} from '@ruleloom/core';
import { lawSeed, playWalk, walkArbitrary } from '@ruleloom/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCheatingBot, type AnyBot, type BotRules } from '../src/bot.js';
import { createBotInput } from '../src/tournament/bot-input.js';
import { allBots } from './fixtures/bots.js';
import { tinyGames } from './fixtures/games.js';
import { realGames } from './fixtures/real-games.js';

async function decide(
  bot: AnyBot,
  engine: EngineType<unknown, ActionBase, unknown>,
  rules: BotRules,
  state: MatchState,
  seat: number,
  seed: number,
): Promise<ActionBase> {
  const input = createBotInput(
    engine as unknown as BotRules,
    state,
    seat,
    rules,
    Rng.fromSeed(seed),
  );
  return isCheatingBot(bot)
    ? bot.actWithState({ ...input, state: engine.clone(state), engine: engine })
    : bot.act(input);
}

describe.each([...tinyGames, ...realGames])('bots in $game.id', (g) => {
  // A random position of a random game: the state before decision `stop` (or the last one).
  const arbitrary = fc.record({ walk: walkArbitrary(g.setups), stop: fc.nat({ max: 400 }) });
  it('every bot returns a legal action at random positions, and the same action for the same seed', async () => {
    await fc.assert(
      fc.asyncProperty(arbitrary, fc.integer(), async ({ walk, stop }, botSeed) => {
        let position: { state: MatchState; seat: number } | undefined;
        const { engine } = playWalk(g.game, walk, 20_000, (step) => {
          if (step.index <= stop) position = { state: step.state, seat: step.seat };
        });
        if (position === undefined) return;
        const rules = new Engine(g.game, {
          players: walk.setup.players,
          options: publicOptions(g.game, walk.setup.options),
        }) as unknown as BotRules;
        for (const bot of allBots(g)) {
          const action = await decide(bot, engine, rules, position.state, position.seat, botSeed);
          const problem = engine.check(position.state, position.seat, action);
          expect(problem, `${bot.name} chose ${JSON.stringify(action)}`).toBeUndefined();
          const again = await decide(bot, engine, rules, position.state, position.seat, botSeed);
          expect(again, `${bot.name} is not deterministic`).toEqual(action);
        }
      }),
      { seed: lawSeed(), numRuns: g.rolloutDepth === undefined ? 25 : 8 },
    );
  }, 60_000);
});
