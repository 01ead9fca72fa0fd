import type { MessagePort } from 'node:worker_threads';
import type { CompetitionSettings } from './competition/competition-decider.js';
import type { GameTask } from './schedule.js';
import type { BotSpec, ModuleRef } from './specs.js';

/** What the pool (or a distributed worker) sends a thread for one game. */
export interface WorkerTask {
  readonly game: ModuleRef;
  /**
   * A variant of the game as data (a parsed variant file): the thread rebuilds it with
   * `variantFromData` from the game it imports.
   */
  readonly variant?: unknown;
  readonly bots: readonly BotSpec[];
  /** Display names of the entries (for error messages). */
  readonly names: readonly string[];
  readonly task: GameTask;
  /** Set in competition mode: every bot in a thread of its own, with a time limit. */
  readonly competition?: CompetitionSettings;
  /** Where a pool thread reports the game's decision count as it goes (`{ index, decisions }`). */
  readonly progress?: MessagePort;
}
