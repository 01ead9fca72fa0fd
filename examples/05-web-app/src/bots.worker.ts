/// <reference lib="webworker" />
// The bots think here, off the page's main thread.
import { serveBots, type MessageEndpoint } from '@ruleloom/client';
import { variantFromData, type AnyGame } from '@ruleloom/core';
import { makeBots } from './bots.js';
import { GAMES } from './games.js';
import { isVariantMessage } from './variants.js';

// The games the bots play: the app's, and each variant the page sends before its game starts.
const games: AnyGame[] = GAMES.map((g) => g.game);
const endpoint: MessageEndpoint = {
  postMessage: (message) => self.postMessage(message),
  onmessage: null,
};
self.onmessage = (event: MessageEvent<unknown>) => {
  const message = event.data;
  if (isVariantMessage(message)) {
    const base = games.find((g) => g.id === message.data.game);
    const r = base === undefined ? undefined : variantFromData(base, message.data);
    if (r?.ok === true && !games.some((g) => g.id === r.variant.id)) games.push(r.variant);
    return;
  }
  (endpoint.onmessage as ((e: MessageEvent<unknown>) => unknown) | null)?.(event);
};
serveBots(endpoint, { games, bots: makeBots() });
