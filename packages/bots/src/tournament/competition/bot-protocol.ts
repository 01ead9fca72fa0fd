import type { RngState } from '@ruleloom/core';
import type { BotSpec, ModuleRef } from '../specs.js';

/** Host → bot worker: build the seat's bot, its public rules and its stream. */
export interface BotInitMessage {
  readonly type: 'init';
  readonly game: ModuleRef;
  /** The variant's data, when the game is a variant rebuilt from it. */
  readonly variant?: unknown;
  readonly spec: BotSpec;
  readonly players: number;
  /** Public options only (`publicOptions`): secret ones never reach the bot's thread. */
  readonly options: Readonly<Record<string, unknown>>;
  readonly rngState: RngState;
}

/** Host → bot worker: one decision; `input` is the JSON text of `{ seat, view, legalActions }`. */
export interface BotDecideMessage {
  readonly type: 'decide';
  readonly id: number;
  readonly input: string;
}

/** Bot worker → host. */
export type BotWorkerMessage =
  | { readonly type: 'ready' }
  | { readonly type: 'failed'; readonly message: string }
  | {
      readonly type: 'answer';
      readonly id: number;
      readonly action: unknown;
      readonly rngState: RngState;
    }
  | { readonly type: 'error'; readonly id: number; readonly message: string };
