import { canonicalJson, type ActionBase } from '@ruleloom/core';
import type { ClientSnapshot } from './client-snapshot.js';

/** Freezes a JSON-like value and everything in it (in place), and returns it. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

/** The snapshot of a client that knows nothing yet. */
export function initialSnapshot<TAction extends ActionBase>(
  status: ClientSnapshot['status'],
): ClientSnapshot<TAction> {
  return deepFreeze({
    status,
    game: null,
    seat: null,
    players: null,
    names: [],
    version: 0,
    view: null,
    toAct: [],
    legalActions: [],
    log: [],
    logStart: 1,
    isOver: false,
    result: null,
    deadline: null,
    pending: false,
    thinking: [],
    lastRejection: null,
    invalidMessages: 0,
    closeReason: null,
    chat: [],
  });
}

/**
 * The store behind `subscribe`/`getSnapshot`: `update` merges a change into a new frozen
 * snapshot and notifies listeners, but only when some field really changed (compared by
 * identity, then by canonical JSON, except the `fresh` keys the caller knows are new), so an
 * unchanged snapshot keeps its identity.
 */
export class SnapshotStore<TAction extends ActionBase> {
  private current: ClientSnapshot<TAction>;
  private readonly listeners = new Set<() => void>();
  private legalKeys: Set<string> | null = null;

  constructor(initial: ClientSnapshot<TAction>) {
    this.current = initial;
  }

  get(): ClientSnapshot<TAction> {
    return this.current;
  }

  subscribe(listener: () => void): () => void {
    const wrapped = (): void => listener();
    this.listeners.add(wrapped);
    return () => {
      this.listeners.delete(wrapped);
    };
  }

  update(change: Partial<ClientSnapshot<TAction>>, fresh?: ReadonlySet<string>): void {
    const prev = this.current as unknown as Record<string, unknown>;
    let changed = false;
    const next: Record<string, unknown> = { ...prev };
    for (const [key, value] of Object.entries(change)) {
      const old = prev[key];
      if (old === value) continue;
      if (fresh?.has(key) === true) {
        // Known to be new (a new version's view, say) and frozen by its maker: taken as is.
        next[key] = deepFreeze(value);
        changed = true;
        continue;
      }
      const sameShape =
        typeof value === 'object' &&
        value !== null &&
        typeof old === 'object' &&
        old !== null &&
        // A list that grew (the log) is a change: no need to compare its content.
        !(Array.isArray(old) && Array.isArray(value) && old.length !== value.length);
      if (sameShape && canonicalJson(old) === canonicalJson(value)) continue;
      next[key] = deepFreeze(value);
      changed = true;
    }
    if (!changed) return;
    if (next.legalActions !== prev.legalActions) this.legalKeys = null;
    this.current = Object.freeze(next) as unknown as ClientSnapshot<TAction>;
    for (const listener of [...this.listeners]) listener();
  }

  /** Whether `action` is one of the snapshot's legal actions (canonical JSON equality). */
  isLegal(action: unknown): boolean {
    if (this.legalKeys === null)
      this.legalKeys = new Set(this.current.legalActions.map((a) => canonicalJson(a)));
    try {
      return this.legalKeys.has(canonicalJson(action));
    } catch {
      return false;
    }
  }
}
