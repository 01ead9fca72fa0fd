/**
 * The settings of the `ismcts` bot, the strongest honest configuration measured, for a game
 * (see {@link ismctsPreset}). Plain data: usable with `mctsBot({ ...preset, heuristic })` and
 * as the params of a `{ kind: 'mcts' }` spec (with the heuristic as a module reference).
 * @public
 */
export interface IsmctsPreset {
  readonly name: string;
  readonly iterations: number;
  readonly rollout: 'random' | 'heuristic' | 'lookahead';
  readonly opponentsInTree: 'uct' | 'model';
  readonly rolloutDepth: number;
  readonly exploration?: number;
  readonly search?: 'tree' | 'flat';
  readonly amountCandidates?: number;
  readonly wideActions?: number;
  readonly valueChecked?: readonly string[];
}

/** Games without a preset: generic settings (the catalog's `ismcts` defaults). */
const GENERIC: IsmctsPreset = {
  name: 'ismcts',
  iterations: 400,
  rollout: 'random',
  opponentsInTree: 'uct',
  rolloutDepth: 8,
};

/** St. Augustine: docs/bots.md's `ismcts-best`. */
const AUCTION: IsmctsPreset = {
  name: 'ismcts',
  iterations: 150,
  rollout: 'lookahead',
  opponentsInTree: 'model',
  amountCandidates: 1,
  rolloutDepth: 8,
};

const PRESETS: Readonly<Record<string, IsmctsPreset>> = {
  // With trading on: 100 iterations, the 3 best proposals by a lookahead with the addressee's
  // answer modelled (none below the root), and trades accepted only when they lose no value.
  'st-augustine': { ...AUCTION, iterations: 100, wideActions: 3, valueChecked: ['acceptTrade'] },
  // Colonial Florida: the UCT tree with random rollouts cut at depth 3 and scored by the
  // heuristic. Flat Monte Carlo with common random numbers (`search: 'flat'`), full rollouts by
  // a builder or greedy policy and deeper cuts all measured within noise of it; 600 iterations
  // read a few points above 300 (docs/bots.md) at about 35 ms per decision on one core.
  'colonial-florida': {
    name: 'ismcts',
    iterations: 600,
    rollout: 'random',
    opponentsInTree: 'uct',
    rolloutDepth: 3,
  },
};

/**
 * The `ismcts` settings for a game id (`'st-augustine'`, `'colonial-florida'`; other games get
 * generic settings, never another game's). Add the game's heuristic. The strength of each is
 * measured by `bench/strength.ts` (docs/bots.md).
 *
 * Prefer a game's kit: it carries its bots' settings (`kit.bots.ismcts`), which
 * `createCatalogBot('ismcts', kit)` reads; this table keys them on game ids.
 *
 * @example
 * ```ts
 * const bot = mctsBot({ ...ismctsPreset('colonial-florida'), heuristic: colonialFloridaHeuristic });
 * ```
 * @public
 */
export function ismctsPreset(gameId: string): IsmctsPreset {
  return Object.hasOwn(PRESETS, gameId) ? (PRESETS[gameId] as IsmctsPreset) : GENERIC;
}
