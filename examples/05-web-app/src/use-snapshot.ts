import type { ClientSnapshot, RulesClient } from '@ruleloom/client';
import { useSyncExternalStore } from 'react';

/**
 * The client's snapshot as React state (re-renders only when the snapshot changes). The same
 * snapshot serves server rendering: it is plain frozen data.
 */
export function useSnapshot(client: RulesClient): ClientSnapshot {
  const get = () => client.getSnapshot();
  return useSyncExternalStore((listener) => client.subscribe(listener), get, get);
}
