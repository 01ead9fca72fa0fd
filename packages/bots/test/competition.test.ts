import { createMatch, type MatchSetup } from '@ruleloom/core';
import { pig } from '@ruleloom/core/testing';
import { describe, expect, it } from 'vitest';
import type { Bot } from '../src/bot.js';
import { runTournament } from '../src/tournament/run-tournament.js';
import type { BotSpec } from '../src/tournament/specs.js';
import type { TournamentResult } from '../src/tournament/tournament-types.js';

const pigRef = { module: '@ruleloom/core/testing', export: 'pig' } as const;
const fixture = (name: string): BotSpec => ({
  kind: 'module',
  module: new URL('./fixtures/slow-bot.js', import.meta.url).href,
  export: name,
});

function reproducible(result: TournamentResult): unknown {
  return {
    ...result,
    bots: result.bots.map(({ meanDecisionMs: _ms, ...rest }) => rest),
    games: result.games.map(({ decisionMs: _ms, ...rest }) => rest),
  };
}

describe('runTournament in competition mode', () => {
  it('gives the same results as the in-process runner when every bot answers in time', async () => {
    const base = {
      game: pigRef,
      bots: [{ kind: 'mcts', params: { iterations: 20 } }, fixture('snoopBot')] as BotSpec[],
      games: 4,
      seed: 'competition',
      options: { target: 20 },
      workers: 0,
    };
    const plain = await runTournament(base);
    const isolated = await runTournament({ ...base, competition: true });
    expect(isolated.failed).toBe(0);
    expect(reproducible(isolated)).toEqual(reproducible(plain));
  }, 60_000);

  it('plays the first legal action for a decision over the time limit, and the record says so', async () => {
    const result = await runTournament({
      game: pigRef,
      bots: [fixture('slowBot'), { kind: 'random' }],
      games: 2,
      seed: 'slow',
      options: { target: 15 },
      workers: 0,
      competition: true,
      // The slow bot's budget is tight; the random opponent's is its own (a loaded machine
      // cannot push it over and into the fallback list).
      decisionTimeLimitMs: [250, 60_000],
    });
    expect(result.failed).toBe(0);
    const withFallbacks = result.games.filter((g) => (g.fallbacks?.length ?? 0) > 0);
    expect(withFallbacks.length).toBeGreaterThan(0);
    for (const game of withFallbacks) {
      for (const f of game.fallbacks!) {
        expect(f.reason).toBe('time_limit');
        expect(game.seats[f.seat]).toBe(0); // the slow bot's seat
        // `ms` is what the host measured (informational): Node's timer counts from the loop's
        // cached time, so it can read a millisecond under the limit; what the code decided is
        // the reason and the action played.
        expect(Number.isFinite(f.ms)).toBe(true);
        // Replaying up to that decision: the action played was the first legal one.
        const m = createMatch(pig, game.saved.setup as MatchSetup);
        for (const a of game.saved.actions.slice(0, f.decision))
          expect(m.applyInput(a.seat, a.action).ok).toBe(true);
        expect(game.saved.actions[f.decision]!.action).toEqual(m.legalActions(f.seat)[0]);
      }
    }
  }, 60_000);

  it('keeps a game going when a bot hangs for ever: each of its decisions falls back', async () => {
    const result = await runTournament({
      game: pigRef,
      bots: [fixture('hungBot'), { kind: 'random' }],
      games: 2,
      seed: 'hung',
      options: { target: 6 },
      workers: 0,
      competition: true,
      decisionTimeLimitMs: [100, 60_000],
    });
    expect(result.failed).toBe(0);
    let hungDecisions = 0;
    for (const game of result.games) {
      const hungSeat = game.seats.indexOf(0);
      hungDecisions += game.seatDecisions[hungSeat]!;
      expect((game.fallbacks ?? []).filter((f) => f.seat === hungSeat).length).toBe(
        game.seatDecisions[hungSeat],
      );
      expect((game.fallbacks ?? []).every((f) => f.seat === hungSeat)).toBe(true);
    }
    expect(hungDecisions).toBeGreaterThan(0);
  }, 60_000);

  it('refuses a list of time limits that does not give one to each bot entry, or a bad one', async () => {
    const base = {
      game: pigRef,
      bots: [{ kind: 'random' }, { kind: 'random' }] as BotSpec[],
      games: 2,
      seed: 1,
      workers: 0,
      competition: true,
    };
    await expect(runTournament({ ...base, decisionTimeLimitMs: [100] })).rejects.toThrow(
      'decisionTimeLimitMs needs one limit per bot entry: 2 bots but 1 limits',
    );
    await expect(runTournament({ ...base, decisionTimeLimitMs: [100, -1] })).rejects.toThrow(
      'decisionTimeLimitMs must be a number > 0, got -1',
    );
  });

  it('refuses bot objects, game objects and cheating bots', async () => {
    const firstLegal: Bot = { name: 'x', act: ({ legalActions }) => legalActions[0]! };
    await expect(
      runTournament({
        game: pigRef,
        bots: [firstLegal, { kind: 'random' }],
        games: 2,
        seed: 1,
        workers: 0,
        competition: true,
      }),
    ).rejects.toThrow(/must be a spec/);
    const result = await runTournament({
      game: pigRef,
      bots: [{ kind: 'cheatingMcts', params: { iterations: 5 } }, { kind: 'random' }],
      games: 2,
      seed: 1,
      workers: 0,
      competition: true,
    });
    expect(result.failed).toBe(2);
    expect(result.games[0]!.error!.message).toMatch(/honest bots only/);
  }, 60_000);
});
