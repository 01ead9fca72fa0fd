import type { AnyGame, GameKit } from '@ruleloom/core';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { HostedGame } from '../games/hosted-game.js';
import type { ServerLimits } from '../limits/server-limits.js';
import type { GameStorage } from '../storage/game-storage.js';

/**
 * What a create-match hook sees of the request.
 * @public
 */
export interface CreateRequestInfo {
  /** The client address (behind a proxy only with `trustProxy`). */
  readonly ip: string;
  /** The request headers (for an API key, for example). */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The hosted game id asked for. */
  readonly game: string;
}

/**
 * The answer of a create-match hook: allowed (with the creator id quotas count against,
 * default the client address), or refused with a reason.
 * @public
 */
export type CreateDecision =
  | { readonly ok: true; readonly creator?: string }
  | { readonly ok: false; readonly message: string; readonly status?: 401 | 403 | 429 };

/**
 * Settings of {@link createGameServer}.
 * @public
 */
export interface GameServerOptions {
  /**
   * The games and variants hosted, by id: games, kits (`stAugustineKit`), or hosted games
   * (with the module bot worker threads load the game or its kit from).
   */
  readonly games: readonly (AnyGame | HostedGame | GameKit)[];
  /** Where matches live; the server closes it when it closes. */
  readonly storage: GameStorage;
  /**
   * The HMAC key of seat tokens (at least 16 bytes). Keep it across restarts and share it
   * between the processes of one deployment; without it a random key is made, and tokens
   * die with the process.
   */
  readonly secret?: string | Uint8Array;
  /** Limits on top of {@link DEFAULT_LIMITS}. */
  readonly limits?: Partial<ServerLimits>;
  /** fastify's logger (pino): `true`, pino settings, or `false` (default: off). */
  readonly logger?: FastifyServerOptions['logger'];
  /** Decides whether a request may create a match (default: everyone, creator = address). */
  readonly authorizeCreate?: (
    request: CreateRequestInfo,
  ) => CreateDecision | Promise<CreateDecision>;
  /** Worker threads for bot decisions (default 1). */
  readonly botThreads?: number;
  /** Trust `X-Forwarded-For` for client addresses (only behind your own proxy). */
  readonly trustProxy?: boolean;
}

/**
 * A running (or ready) game server.
 * @public
 */
export interface GameServer {
  /** The fastify instance (add your own routes before `listen`). */
  readonly app: FastifyInstance;
  /** Starts listening; resolves with the base URL (`http://127.0.0.1:PORT`). */
  listen(options?: { readonly port?: number; readonly host?: string }): Promise<string>;
  /** Issues another token for a seat (for example to move a player to a new device). */
  issueSeatToken(match: string, seat: number): Promise<string>;
  /** Revokes a token and closes the connection using it; false when it was not valid. */
  revokeSeatToken(token: string): Promise<boolean>;
  /** Closes every connection (code 1001), stops bots and timers, closes the storage. */
  close(): Promise<void>;
}
