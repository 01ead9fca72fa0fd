import type { ActionBase, ActionOf, AnyGame } from '@ruleloom/core';
import {
  LocalMatchClient,
  type LocalClient,
  type LocalClientOptions,
} from './local/local-client.js';
import { RemoteClient, type RemoteClientOptions } from './remote/remote-client.js';
import type { RulesClient } from './snapshot/client-snapshot.js';

/**
 * Creates a client of one match, in one of two modes with the same API:
 *
 * - `{ type: 'remote', url, match, token? }`: multiplayer against `@ruleloom/server` (a seat
 *   with its token, or a spectator without one); reconnects with backoff and resumes from
 *   the last version it saw;
 * - `{ type: 'local', game, setup, bots?, botRunner? }`: the whole match in the page,
 *   hot-seat for human seats, bots through a {@link BotRunner}.
 *
 * Either way `subscribe` + `getSnapshot` give an immutable snapshot of the seat's view, its
 * legal actions and the redacted log, never the state.
 * @example
 * ```ts
 * const client = createClient({ type: 'remote', url: 'https://games.example', match, token });
 * client.subscribe(() => render(client.getSnapshot()));
 * await client.act({ type: 'pass' });
 * ```
 * @public
 */
export function createClient<TGame extends AnyGame>(
  options: LocalClientOptions<TGame>,
): LocalClient<ActionOf<TGame>>;
/**
 * Creates a multiplayer client of one match (see the local overload for both modes).
 * @public
 */
export function createClient<TAction extends ActionBase = ActionBase>(
  options: RemoteClientOptions,
): RulesClient<TAction>;
export function createClient(
  options: LocalClientOptions | RemoteClientOptions,
): RulesClient | LocalClient {
  return options.type === 'local'
    ? new LocalMatchClient<ActionBase>(options)
    : new RemoteClient<ActionBase>(options);
}
