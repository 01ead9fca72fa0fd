/**
 * St. Augustine Shopkeepers as a game kit (`@ruleloom/st-augustine/kit`): the game, its
 * presenter, the setups to start from, the heuristic built from each match's rules and the
 * bots' settings, in the one object every Ruleloom host takes.
 *
 * @packageDocumentation
 */
import { defineKit, type GameKit } from '@ruleloom/core';
import { stAugustine } from '../game.js';
import { createStAugustineHeuristic } from '../heuristics.js';
import { stAugustineMetrics } from '../metrics.js';
import { stAugustinePresenter } from '../present/index.js';

/**
 * St. Augustine's kit: the full game as its rules describe it (3 players, 40 turns, trading
 * on) by default, a short game without trading (`quick`) and the benchmarks' setup
 * (`bench`), the heuristic built from the match's card table and income phases (a variant's
 * added shops are valued), the `ismcts` settings measured for it (docs/bots.md) and its own
 * balance metrics (`stAugustineMetrics`).
 *
 * @example
 * ```ts
 * import { stAugustineKit } from '@ruleloom/st-augustine/kit';
 * import { createMatch, type AnyGame } from '@ruleloom/core';
 * // The real game (a kit's setups are plain data: their options are checked at run time).
 * const { players, options = {} } = stAugustineKit.defaultSetup;
 * const match = createMatch(stAugustineKit.game as AnyGame, { seed: 1, players, options });
 * ```
 * @public
 */
export const stAugustineKit: GameKit<typeof stAugustine> = defineKit({
  game: stAugustine,
  presenter: stAugustinePresenter,
  defaultSetup: {
    players: 3,
    options: { turns: 40, trading: 'on' },
    description: 'the full game: 3 players, 40 turns, trading on',
  },
  quickSetups: {
    quick: {
      players: 3,
      options: { turns: 6, trading: 'off' },
      description: 'a six-turn game without trading, for the demo and tests',
    },
    bench: {
      players: 4,
      options: { trading: 'off' },
      description: 'the setup benchmarks measure: 4 players, trading off',
    },
  },
  // docs/benchmarks.md's cases: the bench setup under the declared-traits policy (pass 1/2, else
  // the minimum bid), and how the cost grows with players, game length and trading.
  benchmark: {
    setup: 'bench',
    policy: 'declared-traits',
    policyName: 'pass 1/2, else minimum bid',
    scaling: {
      '2 players': { players: 2, options: { trading: 'off' } },
      '6 players': { players: 6, options: { trading: 'off' } },
      '4 players, 400 turns': { players: 4, options: { trading: 'off', turns: 400 } },
      // The default game (trading on): the engine only, the game's own model covers no trades.
      '4 players, trading on': { players: 4, options: { trading: 'on' } },
    },
  },
  heuristic: (rules) => createStAugustineHeuristic(rules),
  bots: {
    // The default bot: it reads the offers each seat received this trade phase (public, in the
    // view), so a seat, a human's above all, gets at most one offer a turn from the bots.
    greedy: { offersReceived: 'tradeRound.received' },
    // The search bots read the same count (and make only offers they would accept themselves).
    mcts: { offersReceived: 'tradeRound.received' },
    // docs/bots.md's `ismcts-best`; with trading on, the 3 best proposals by a lookahead with
    // the addressee's answer modelled, and trades accepted only when they lose no value.
    ismcts: {
      offersReceived: 'tradeRound.received',
      iterations: 100,
      rollout: 'lookahead',
      opponentsInTree: 'model',
      amountCandidates: 1,
      rolloutDepth: 8,
      wideActions: 3,
      valueChecked: ['acceptTrade'],
    },
  },
  // The game's own metrics for `ruleloom analyze` (5-store monopolies, trades).
  metrics: stAugustineMetrics,
  rulesDoc: 'docs/rules/st-augustine.md',
});

/**
 * The kit under the name hosts look for when they load this subpath by package name
 * (`ruleloom play @ruleloom/st-augustine`): the same object as {@link stAugustineKit}.
 * @public
 */
export const kit: GameKit<typeof stAugustine> = stAugustineKit;
