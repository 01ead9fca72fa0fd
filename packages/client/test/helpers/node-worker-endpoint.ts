import { Worker } from 'node:worker_threads';
import type { MessageEndpoint } from '../../src/index.js';

/** The page side of a worker_threads Worker, shaped like a browser Worker. */
export function nodeWorkerEndpoint(script: URL): MessageEndpoint & { readonly worker: Worker } {
  const worker = new Worker(script);
  const endpoint: MessageEndpoint & { readonly worker: Worker } = {
    worker,
    onmessage: null,
    postMessage: (message) => worker.postMessage(message),
    terminate: () => void worker.terminate(),
  };
  worker.on('message', (data: unknown) => {
    (endpoint.onmessage as ((e: { data: unknown }) => void) | null)?.({ data });
  });
  return endpoint;
}
