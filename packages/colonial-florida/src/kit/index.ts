/**
 * Colonial Florida as a game kit (`@ruleloom/colonial-florida/kit`): the game, its presenter,
 * the setups to start from, the heuristic built from each match's rules and the bots'
 * settings, in the one object every Ruleloom host takes.
 *
 * @packageDocumentation
 */
import { defineKit, type GameKit } from '@ruleloom/core';
import { colonialFlorida } from '../game.js';
import { colonialFloridaHeuristicFor } from '../heuristics.js';
import { colonialFloridaMetrics } from '../metrics.js';
import { colonialFloridaPresenter } from '../present/index.js';

/**
 * Colonial Florida's kit: the full game for three players to 50 Gold by default, a short
 * game (`quick`) and the benchmarks' setup (`bench`), the race-model heuristic on the match's
 * own map, the `ismcts` settings measured for it (docs/bots.md) and its own balance metrics
 * (`colonialFloridaMetrics`).
 *
 * @example
 * ```ts
 * import { colonialFloridaKit } from '@ruleloom/colonial-florida/kit';
 * import { createMatch, type AnyGame } from '@ruleloom/core';
 * // The real game (a kit's setups are plain data: their options are checked at run time).
 * const { players, options = {} } = colonialFloridaKit.defaultSetup;
 * const match = createMatch(colonialFloridaKit.game as AnyGame, { seed: 1, players, options });
 * ```
 * @public
 */
export const colonialFloridaKit: GameKit<typeof colonialFlorida> = defineKit({
  game: colonialFlorida,
  presenter: colonialFloridaPresenter,
  defaultSetup: {
    players: 3,
    options: { goldToWin: 50 },
    description: 'the full game: Spanish, British and French race to 50 Gold',
  },
  quickSetups: {
    quick: {
      players: 2,
      options: { goldToWin: 15, maxTurns: 30 },
      description: 'a short two-player game for the demo and tests',
    },
    bench: { players: 3, description: 'the setup benchmarks measure' },
  },
  // docs/benchmarks.md's cases: no external reference, so a uniform random policy.
  benchmark: {
    setup: 'bench',
    policy: 'uniform',
    policyName: 'uniform random',
    scaling: { '2 players': { players: 2 } },
  },
  heuristic: (rules) => colonialFloridaHeuristicFor(rules),
  bots: {
    // The UCT tree with random rollouts cut at depth 3 and scored by the heuristic; 600
    // iterations read a few points above 300 (docs/bots.md) at about 35 ms per decision.
    ismcts: { iterations: 600, rollout: 'random', opponentsInTree: 'uct', rolloutDepth: 3 },
  },
  // The game's own metrics for `ruleloom analyze` (conquests, battles, settlements founded).
  metrics: colonialFloridaMetrics,
  rulesDoc: 'docs/rules/colonial-florida.md',
});

/**
 * The kit under the name hosts look for when they load this subpath by package name
 * (`ruleloom play @ruleloom/colonial-florida`): the same object as {@link colonialFloridaKit}.
 * @public
 */
export const kit: GameKit<typeof colonialFlorida> = colonialFloridaKit;
