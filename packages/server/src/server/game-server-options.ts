import type { AnyGame, GameKit } from '@ruleloom/core';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { BotBudget } from '../bots/bot-budget.js';
import type { HostedGame } from '../games/hosted-game.js';
import type { HostedVariant } from '../games/hosted-variants.js';
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
 * Settings of the {@link ruleloomServer} plugin (and of {@link createGameServer}).
 * @public
 */
export interface RuleloomServerOptions {
  /**
   * Where the routes go when mounted with `app.register` (`'/ruleloom'`: `/ruleloom/play`,
   * `/ruleloom/matches`, ...). Default: the app's root. Under a prefix, unknown routes below it
   * answer the documented `not_found` shape; the app's own not-found handler keeps the rest.
   */
  readonly prefix?: string;
  /**
   * The games and variants hosted, by id: games, kits (`stAugustineKit`), or hosted games
   * (with the module bot worker threads load the game or its kit from).
   */
  readonly games: readonly (AnyGame | HostedGame | GameKit)[];
  /**
   * The variants clients may create matches with, by name (the operator's allow-list; default
   * none). Each match embeds its variant's data.
   */
  readonly variants?: readonly HostedVariant[];
  /** Where matches live; the plugin checks it on start and closes it when the app closes. */
  readonly storage: GameStorage;
  /**
   * The HMAC key of seat tokens (at least 16 bytes). Keep it across restarts and share it
   * between the processes of one deployment; without it a random key is made, and tokens
   * die with the process.
   */
  readonly secret?: string | Uint8Array;
  /** Limits on top of {@link DEFAULT_LIMITS}. */
  readonly limits?: Partial<ServerLimits>;
  /**
   * Decides whether a request may create a match, and which creator its caps count against.
   * Default: everyone may, the creator is the client address. See {@link apiKeyAuthorizer}.
   */
  readonly authorizeCreate?: (
    request: CreateRequestInfo,
  ) => CreateDecision | Promise<CreateDecision>;
  /**
   * Worker threads for bot decisions (default 1): the server's budget for bot thinking, the
   * most decisions that think at once.
   */
  readonly botThreads?: number;
  /**
   * How bot thinking is shared (on top of `DEFAULT_BOT_BUDGET`): the slice one decision
   * thinks, the threads one creator's bots may hold, and the bot seats per creator and per
   * server (HTTP 429 `bot_budget_exceeded` past them). Waiting decisions are served
   * round-robin across creators and their matches.
   */
  readonly botBudget?: Partial<BotBudget>;
  /**
   * The server's secret source: match ids, setup seeds and each match's bot secret come from
   * it. Default `node:crypto`'s `randomBytes`; tests inject a seeded one to be reproducible.
   */
  readonly randomBytes?: (size: number) => Uint8Array;
  /**
   * The server's clock, in ms since the epoch (default `Date.now`): message and request rate
   * limits, idle connections, seat tokens, matches' creation times, turn clocks and bot
   * decision clocks read it (timers still wait on the host's). Tests inject a clock they
   * advance themselves, so a limit's window never depends on machine speed.
   */
  readonly now?: () => number;
}

/**
 * Settings of {@link createGameServer}: the plugin's, and the settings of the Fastify app it
 * makes.
 * @public
 */
export interface GameServerOptions extends RuleloomServerOptions {
  /** fastify's logger (pino): `true`, pino settings, or `false` (default: off). */
  readonly logger?: FastifyServerOptions['logger'];
  /**
   * Which proxies to believe about the client address (`X-Forwarded-For`), so per-address
   * limits count real clients: `true` (any: only when nothing else can reach the server),
   * or addresses/CIDRs of your proxies (`'10.0.0.0/8'`, `['127.0.0.1', '::1']`).
   * Default `false`: the address is the TCP peer.
   */
  readonly trustProxy?: boolean | string | readonly string[];
}

/**
 * What the plugin adds to the Fastify instance it is registered on, as `app.ruleloom`.
 * @public
 */
export interface RuleloomServerHandle {
  /** Issues another token for a seat (for example to move a player to a new device). */
  issueSeatToken(match: string, seat: number): Promise<string>;
  /**
   * Revokes a token and closes the connections using it, on every process of the
   * deployment (close `4011`); false when it was not valid.
   */
  revokeSeatToken(token: string): Promise<boolean>;
}

/**
 * A running (or ready) game server.
 * @public
 */
export interface GameServer extends RuleloomServerHandle {
  /** The fastify instance (add your own routes before `listen`). */
  readonly app: FastifyInstance;
  /** Starts listening; resolves with the base URL (`http://127.0.0.1:PORT`). */
  listen(options?: { readonly port?: number; readonly host?: string }): Promise<string>;
  /** Closes every connection (code 1001), stops bots and timers, closes the storage. */
  close(): Promise<void>;
}
