import type { ActionBase } from '../model/action.js';
import type { Seed } from '../rng/seed.js';

/**
 * The format tag of saves made by this version of the core: every action carries its hash
 * chain value, and a save may be signed.
 * @public
 */
export const SAVE_FORMAT = 'ruleloom.match/2';

/**
 * The format tag of saves made before hash chains (the first release): still restored, with
 * `legacy: true` on the result.
 * @public
 */
export const LEGACY_SAVE_FORMAT = 'ruleloom.match/1';

/**
 * One accepted action of a save: the seat, the action, and the hash chain value after it.
 * @public
 */
export interface SavedAction<TAction extends ActionBase = ActionBase> {
  readonly seat: number;
  readonly action: TAction;
  /**
   * 32 hex digits: a hash of the previous chain value (or of the game and setup for the
   * first action), the seat, the action and the hash of the state it led to.
   */
  readonly chain: string;
}

/**
 * A saved match, as returned by `match.toJSON()`: enough to replay it exactly, with a hash
 * chain over the actions and, once signed by `signSave`, an HMAC-SHA-256 signature.
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
  readonly actions: readonly SavedAction<TAction>[];
  /** The hash of the final state. */
  readonly hash: string;
  /** HMAC-SHA-256 (64 hex digits) of the rest of the save, when signed with `signSave`. */
  readonly signature?: string;
}
