/// <reference lib="webworker" />
// The bots think here, off the page's main thread. The page's first message lists the kits
// served beside the app (`served-kits.ts`): they are imported before the app's game list is
// (a module worker has no import map, so each is one self-contained module), and every
// message that comes meanwhile waits its turn.
import { isServedKitsMessage, loadServedKits } from './served-kits.js';

const waiting: MessageEvent[] = [];
let started = false;
let handle: ((event: MessageEvent) => void) | undefined;

async function start(message: Parameters<typeof loadServedKits>[0]): Promise<void> {
  await loadServedKits(message);
  const { startBotHost } = await import('./bot-host.js');
  const handler = startBotHost((m) => self.postMessage(m));
  for (const event of waiting.splice(0)) handler(event);
  handle = handler;
}

self.onmessage = (event: MessageEvent<unknown>) => {
  if (handle !== undefined) {
    handle(event);
    return;
  }
  if (!started && isServedKitsMessage(event.data)) {
    started = true;
    void start(event.data.kits);
    return;
  }
  waiting.push(event);
};
