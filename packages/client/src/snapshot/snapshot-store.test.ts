import { canonicalJson } from '@ruleloom/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { initialSnapshot, SnapshotStore } from './snapshot-store.js';

const FIELDS = ['view', 'legalActions', 'log', 'version', 'lastRejection', 'thinking'] as const;

describe('the snapshot store', () => {
  it('changes identity and notifies exactly when some field’s content changed; snapshots are frozen', () => {
    const json = fc.oneof(
      fc.integer({ min: 0, max: 3 }),
      fc.constant(null),
      fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 3 }),
      fc.dictionary(fc.constantFrom('a', 'b'), fc.integer({ min: 0, max: 2 }), { maxKeys: 2 }),
    );
    const change = fc.dictionary(fc.constantFrom(...FIELDS), json, { maxKeys: 3 });
    fc.assert(
      fc.property(fc.array(change, { maxLength: 30 }), (changes) => {
        const store = new SnapshotStore(initialSnapshot('local'));
        let notified = 0;
        store.subscribe(() => notified++);
        for (const c of changes) {
          const before = store.get();
          const calls = notified;
          // Fresh copies: equal content must not count as a change.
          store.update(JSON.parse(JSON.stringify(c)) as never);
          const after = store.get();
          const differs = Object.entries(c).some(
            ([k, v]) =>
              canonicalJson((before as unknown as Record<string, unknown>)[k]) !== canonicalJson(v),
          );
          expect(after !== before).toBe(differs);
          expect(notified - calls).toBe(differs ? 1 : 0);
          expect(Object.isFrozen(after)).toBe(true);
          for (const k of FIELDS) {
            const v = (after as unknown as Record<string, unknown>)[k];
            if (typeof v === 'object' && v !== null) expect(Object.isFrozen(v)).toBe(true);
          }
        }
      }),
      { numRuns: 200, seed: Number(process.env.FC_SEED ?? 42) },
    );
  });

  it('isLegal matches listed actions whatever their key order, and refuses junk without throwing', () => {
    const store = new SnapshotStore<{ type: string; amount?: number }>(initialSnapshot('local'));
    store.update({ legalActions: [{ type: 'bid', amount: 5 }] });
    expect(store.isLegal({ amount: 5, type: 'bid' })).toBe(true);
    expect(store.isLegal({ type: 'bid', amount: 6 })).toBe(false);
    const cyclic: Record<string, unknown> = { type: 'bid' };
    cyclic.self = cyclic;
    expect(store.isLegal(cyclic)).toBe(false);
    expect(store.isLegal(undefined)).toBe(false);
    store.update({ legalActions: [{ type: 'pass' }] });
    expect(store.isLegal({ type: 'bid', amount: 5 })).toBe(false);
    expect(store.isLegal({ type: 'pass' })).toBe(true);
  });
});
