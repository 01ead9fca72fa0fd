/**
 * The matchups of the strength benchmark (bench/strength.ts): the `main` suite is the table of
 * docs/bots.md; `extra` holds exploratory configurations (run them with --only or --suite all).
 */
import { ismctsPreset, type BotSpec, type MctsSpecParams, type ModuleRef } from '../src/index.js';

/** One matchup: the bot under test is entry 0; the others are the reference opponents. */
export interface Matchup {
  readonly id: string;
  readonly suite: 'main' | 'extra';
  readonly game: ModuleRef;
  readonly players: number;
  readonly options: Readonly<Record<string, unknown>>;
  readonly bots: readonly BotSpec[];
  /** Count trades (St. Augustine with trading on). */
  readonly trades?: boolean;
}

/** Builds the matchups; `opponent` makes a reference to an export of the opponents bundle. */
export function strengthMatchups(opponent: (name: string) => ModuleRef): Matchup[] {
  const stAugustine: ModuleRef = { module: '@ruleloom/st-augustine', export: 'stAugustine' };
  const stHeuristic: ModuleRef = {
    module: '@ruleloom/st-augustine',
    export: 'stAugustineHeuristic',
  };
  const florida: ModuleRef = { module: '@ruleloom/colonial-florida', export: 'colonialFlorida' };
  const flHeuristic: ModuleRef = {
    module: '@ruleloom/colonial-florida',
    export: 'colonialFloridaHeuristic',
  };
  /** docs/bots.md's ismcts-best: St. Augustine's preset without the trade search. */
  const best: MctsSpecParams = {
    name: 'ismcts-best',
    iterations: 150,
    heuristic: stHeuristic,
    rollout: 'lookahead',
    opponentsInTree: 'model',
    amountCandidates: 1,
    rolloutDepth: 8,
  };
  const mcts = (params: MctsSpecParams): BotSpec => ({ kind: 'mcts', params });
  const stIsmcts = mcts({ ...ismctsPreset('st-augustine'), heuristic: stHeuristic });
  const flIsmcts = mcts({ ...ismctsPreset('colonial-florida'), heuristic: flHeuristic });
  // The same settings on the learned evaluation (docs/bots.md: not better, so not the preset).
  const flValue: ModuleRef = {
    module: '@ruleloom/colonial-florida',
    export: 'colonialFloridaValue',
  };
  const flIsmctsValue = mcts({
    ...ismctsPreset('colonial-florida'),
    name: 'ismcts-value',
    heuristic: flValue,
  });
  const flFlat = mcts({
    name: 'flat-crn',
    search: 'flat',
    iterations: 200,
    rolloutDepth: 0,
    heuristic: flHeuristic,
  });
  const random: BotSpec = { kind: 'random' };
  const passHalf: BotSpec = { kind: 'auctionPolicy', name: 'pass½-min' };
  const valueBidder: BotSpec = {
    kind: 'module',
    ...opponent('valueBidderBot'),
    name: 'value-bidder',
  };
  const greedySt: BotSpec = { kind: 'greedy', heuristic: stHeuristic, samples: 4 };
  const greedyFl: BotSpec = { kind: 'greedy', heuristic: flHeuristic, samples: 4 };
  const builder: BotSpec = { kind: 'module', ...opponent('builderBot'), name: 'builder' };
  const raider: BotSpec = { kind: 'module', ...opponent('raiderBot'), name: 'raider' };
  const off = { game: stAugustine, players: 4, options: { trading: 'off' } } as const;
  const on = { game: stAugustine, players: 4, options: { trading: 'on' }, trades: true } as const;
  const fl = { game: florida, players: 3, options: {} } as const;
  const three = (b: BotSpec): BotSpec[] => [b, b, b];
  const two = (b: BotSpec): BotSpec[] => [b, b];
  return [
    // St. Augustine with trading on (the default game), the CLI's `ismcts` preset.
    { id: 'st-on-pass', suite: 'main', ...on, bots: [stIsmcts, ...three(passHalf)] },
    { id: 'st-on-greedy', suite: 'main', ...on, bots: [stIsmcts, ...three(greedySt)] },
    { id: 'st-on-value', suite: 'extra', ...on, bots: [stIsmcts, ...three(valueBidder)] },
    // St. Augustine with trading off, ismcts-best.
    { id: 'st-best-pass', suite: 'main', ...off, bots: [mcts(best), ...three(passHalf)] },
    { id: 'st-best-value', suite: 'main', ...off, bots: [mcts(best), ...three(valueBidder)] },
    { id: 'st-best-greedy', suite: 'main', ...off, bots: [mcts(best), ...three(greedySt)] },
    { id: 'st-best-random', suite: 'extra', ...off, bots: [mcts(best), ...three(random)] },
    {
      id: 'st-cheat-value',
      suite: 'extra',
      ...off,
      bots: [
        { kind: 'cheatingMcts', params: { ...best, name: 'CHEATING-ismcts-best' } },
        ...three(valueBidder),
      ],
    },
    { id: 'st-greedy-pass', suite: 'extra', ...off, bots: [greedySt, ...three(passHalf)] },
    // Colonial Florida, the CLI's `ismcts` preset for it.
    { id: 'fl-ismcts-random', suite: 'main', ...fl, bots: [flIsmcts, ...two(random)] },
    { id: 'fl-ismcts-greedy', suite: 'main', ...fl, bots: [flIsmcts, ...two(greedyFl)] },
    { id: 'fl-ismcts-builder', suite: 'main', ...fl, bots: [flIsmcts, ...two(builder)] },
    { id: 'fl-ismcts-raider', suite: 'main', ...fl, bots: [flIsmcts, ...two(raider)] },
    // Colonial Florida, the preset's search on the learned evaluation `colonialFloridaValue`.
    { id: 'fl-value-random', suite: 'extra', ...fl, bots: [flIsmctsValue, ...two(random)] },
    { id: 'fl-value-greedy', suite: 'extra', ...fl, bots: [flIsmctsValue, ...two(greedyFl)] },
    { id: 'fl-value-builder', suite: 'extra', ...fl, bots: [flIsmctsValue, ...two(builder)] },
    { id: 'fl-value-raider', suite: 'extra', ...fl, bots: [flIsmctsValue, ...two(raider)] },
    // Colonial Florida, flat Monte Carlo with common random numbers (200 samples, the
    // heuristic right after each candidate): a many-sample greedy, measured for comparison.
    { id: 'fl-flat-greedy', suite: 'extra', ...fl, bots: [flFlat, ...two(greedyFl)] },
    { id: 'fl-flat-random', suite: 'extra', ...fl, bots: [flFlat, ...two(random)] },
    // Colonial Florida references against each other.
    { id: 'fl-greedy-random', suite: 'extra', ...fl, bots: [greedyFl, ...two(random)] },
    { id: 'fl-greedy-builder', suite: 'extra', ...fl, bots: [greedyFl, ...two(builder)] },
    { id: 'fl-builder-random', suite: 'extra', ...fl, bots: [builder, ...two(random)] },
    { id: 'fl-raider-random', suite: 'extra', ...fl, bots: [raider, ...two(random)] },
    { id: 'fl-raider-builder', suite: 'extra', ...fl, bots: [raider, ...two(builder)] },
  ];
}
