import { Engine, publicOptions, Rng, type MatchState } from '@ruleloom/core';
import { lawSeed, playWalk, walkArbitrary } from '@ruleloom/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCheatingBot, type BotRules } from '../src/bot.js';
import { createBotInput } from '../src/tournament/bot-input.js';
import { allBots } from './fixtures/bots.js';
import { tinyGames } from './fixtures/games.js';
import { realGames } from './fixtures/real-games.js';

const hiddenInformationGames = [...tinyGames, ...realGames].filter((g) => g.game.zones.length > 0);

describe.each(hiddenInformationGames)('the information barrier in $game.id', (g) => {
  it("a bot's input, and so its choice, is the same when everything it cannot see is resampled", async () => {
    let resampledDiffered = 0;
    await fc.assert(
      fc.asyncProperty(
        walkArbitrary(g.setups),
        fc.nat({ max: 300 }),
        fc.integer(),
        async (walk, stop, seed) => {
          let position: { state: MatchState; seat: number } | undefined;
          const { engine } = playWalk(g.game, walk, 20_000, (step) => {
            if (step.index <= stop) position = { state: step.state, seat: step.seat };
          });
          if (position === undefined) return;
          const { state, seat } = position;
          const truth = engine as unknown as BotRules;
          const rules = new Engine(g.game, {
            players: walk.setup.players,
            options: publicOptions(g.game, walk.setup.options),
          }) as unknown as BotRules;
          // Another full state the seat cannot tell apart: other hands, deck order and future dice resampled.
          const resampled = engine.determinize(engine.view(state, seat), Rng.fromSeed(seed));
          if (engine.hash(resampled) !== engine.hash(state)) resampledDiffered++;
          const a = createBotInput(truth, state, seat, rules, Rng.fromSeed(seed));
          const b = createBotInput(truth, resampled, seat, rules, Rng.fromSeed(seed));
          expect(Object.keys(a).sort()).toEqual(['legalActions', 'rng', 'rules', 'seat', 'view']);
          expect(b.view).toEqual(a.view);
          expect(b.legalActions).toEqual(a.legalActions);
          expect(b.rng.state()).toEqual(a.rng.state());
          for (const bot of allBots(g)) {
            if (isCheatingBot(bot)) continue;
            const first = await bot.act(
              createBotInput(truth, state, seat, rules, Rng.fromSeed(seed)),
            );
            const second = await bot.act(
              createBotInput(truth, resampled, seat, rules, Rng.fromSeed(seed)),
            );
            expect(second, `${bot.name} reacted to hidden information`).toEqual(first);
          }
        },
      ),
      { seed: lawSeed(), numRuns: 10 },
    );
    // The property is not vacuous: the hidden part really changed in most positions.
    expect(resampledDiffered).toBeGreaterThan(0);
  }, 60_000);

  it('the rules a bot gets are built from public options only: a secret deck order does not reach it', () => {
    const secret = Object.entries(g.game.options).filter(
      ([, spec]) => (spec as { secret?: boolean }).secret === true,
    );
    for (const [key] of secret)
      expect(publicOptions(g.game, { [key]: 'anything' })).not.toHaveProperty(key);
  });
});
