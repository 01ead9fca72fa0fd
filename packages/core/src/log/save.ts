import type { ActionBase } from '../game/types.js';
import type { Seed } from '../rng/seed.js';

/**
 * The format tag of saves made by this version of the core.
 * @public
 */
export const SAVE_FORMAT = 'ruleloom.match/1';

/**
 * A saved match, as returned by `match.toJSON()`: enough to replay it exactly.
 * @public
 */
export interface SavedMatch<TAction extends ActionBase = ActionBase> {
  readonly format: typeof SAVE_FORMAT;
  readonly game: string;
  readonly rulesVersion: number;
  readonly setup: {
    readonly seed: Seed;
    readonly players: number;
    readonly options: Readonly<Record<string, unknown>>;
  };
  readonly actions: readonly { readonly seat: number; readonly action: TAction }[];
  readonly hash: string;
}
