import { createMatch, Engine, publicOptions, Rng, type MatchState } from '@ruleloom/core';
import { lawSeed } from '@ruleloom/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BotRules } from '../src/bot.js';
import { createBotInput } from '../src/tournament/bot-input.js';
import { seatStreams } from '../src/tournament/play-game.js';
import { scheduleGames, type GameTask } from '../src/tournament/schedule.js';
import { dealSeed } from '../src/tournament/seeds.js';
import type { GameUnderTest } from './fixtures/games.js';
import { realGames } from './fixtures/real-games.js';

/** How a task's bot streams are derived: the shipped way, or a planted one to prove the test. */
type StreamDerivation = (task: GameTask) => Rng[];

/** PLANTED BUG: the derivation of the first runner, where a stream was a function of the game seed. */
const legacyStreams: StreamDerivation = (task) =>
  task.seats.map((_, seat) => Rng.fromSeed(`${task.seed}/seat/${String(seat)}`));

/** A bot's whole input at a position, as data (its stream as its state). */
function inputData(
  g: GameUnderTest,
  task: GameTask,
  state: MatchState,
  seat: number,
  derive: StreamDerivation,
): unknown {
  const engine = new Engine(g.game, { players: task.players, options: task.options });
  const rules = new Engine(g.game, {
    players: task.players,
    options: publicOptions(g.game, task.options),
  }) as unknown as BotRules;
  const input = createBotInput(
    engine as unknown as BotRules,
    state,
    seat,
    rules,
    derive(task)[seat] as Rng,
  );
  return {
    keys: Object.keys(input).sort(),
    seat: input.seat,
    view: input.view,
    legalActions: input.legalActions,
    rng: input.rng.state(),
  };
}

/**
 * Counts the positions where resampling everything hidden from the seat, the game seed
 * included, changes the bot's input under a stream derivation (0 means nothing leaks).
 */
function leaks(
  g: GameUnderTest,
  derive: StreamDerivation,
  numRuns: number,
): { changed: number; compared: number } {
  let changed = 0;
  let compared = 0;
  fc.assert(
    fc.property(
      fc.constantFrom(...g.setups),
      fc.string({ minLength: 1, maxLength: 12 }),
      fc.nat({ max: 7 }),
      fc.array(fc.nat(), { minLength: 0, maxLength: 120 }),
      fc.integer(),
      fc.string({ minLength: 1, maxLength: 12 }),
      (setup, tournamentSeed, taskIndex, choices, resampleSeed, otherSeed) => {
        const tasks = scheduleGames(tournamentSeed, 8, setup.players, setup.options ?? {}, 1000);
        const task = tasks[taskIndex % tasks.length] as GameTask;
        const match = createMatch(g.game, {
          seed: task.seed,
          players: task.players,
          options: task.options,
        });
        for (const c of choices) {
          if (match.isOver) break;
          const seat = match.toAct[0] as number;
          const legal = match.legalActions(seat);
          match.apply(seat, legal[c % legal.length]!);
        }
        if (match.isOver) return;
        const seat = match.toAct[0] as number;
        const engine = match.engine as unknown as BotRules;
        // Everything the seat cannot see, resampled: other hands, deck order, future dice, and
        // the game seed itself (another tournament's deal seed for the same deal).
        const resampledState = engine.determinize(
          engine.view(match.state, seat),
          Rng.fromSeed(resampleSeed),
        );
        const resampledTask: GameTask = { ...task, seed: dealSeed(`${otherSeed}!`, task.deal) };
        const a = inputData(g, task, match.state, seat, derive);
        const b = inputData(g, resampledTask, resampledState, seat, derive);
        compared++;
        if (JSON.stringify(a) !== JSON.stringify(b)) changed++;
      },
    ),
    { seed: lawSeed(), numRuns },
  );
  return { changed, compared };
}

describe.each(realGames)("a bot's input in $game.id", (g) => {
  it('is the same, rng state included, when the hidden state and the game seed are resampled', () => {
    const { changed, compared } = leaks(g, seatStreams, 25);
    expect(changed).toBe(0);
    expect(compared).toBeGreaterThan(20); // positions really compared, not skipped
  }, 60_000);

  it('catches the planted legacy derivation (stream from the game seed): its input changes', () => {
    const { changed, compared } = leaks(g, legacyStreams, 10);
    expect(changed).toBe(compared);
    expect(compared).toBeGreaterThan(5);
  }, 60_000);
});
