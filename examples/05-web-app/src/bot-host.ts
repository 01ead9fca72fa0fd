/// <reference lib="webworker" />
// The bot worker's bots (see `bots.worker.ts`, which imports this once the served kits are in).
import { serveBots, type MessageEndpoint } from '@ruleloom/client';
import { variantFromData, type AnyGame } from '@ruleloom/core';
import { makeBots } from './bots.js';
import { GAMES } from './games.js';
import { isVariantMessage } from './variants.js';

/**
 * Serves the app's bots on the worker's messages: returns the handler the worker gives each
 * message to. The games the bots play are the app's (served kits included) and each variant
 * the page sends before its game starts.
 */
export function startBotHost(post: (message: unknown) => void): (event: MessageEvent) => void {
  const games: AnyGame[] = GAMES.map((g) => g.game);
  const endpoint: MessageEndpoint = { postMessage: post, onmessage: null };
  serveBots(endpoint, { games, bots: makeBots() });
  return (event) => {
    const message: unknown = event.data;
    if (isVariantMessage(message)) {
      const base = games.find((g) => g.id === message.data.game);
      const r = base === undefined ? undefined : variantFromData(base, message.data);
      if (r?.ok === true && !games.some((g) => g.id === r.variant.id)) games.push(r.variant);
      return;
    }
    (endpoint.onmessage as ((e: MessageEvent) => unknown) | null)?.(event);
  };
}
