import type { ActionBase } from '@ruleloom/core';
import type { ActResult, ClientSnapshot, RulesClient } from '../../src/index.js';

/** Picks an action among the snapshot's legal ones (deterministic in the snapshot). */
export function chooseAction(s: ClientSnapshot): ActionBase {
  const legal = s.legalActions;
  const pass = legal.find(
    (a) => a.type === 'pass' || a.type === 'endAction' || a.type === 'skipTransfer',
  );
  if (pass !== undefined && (s.version + (s.seat ?? 0)) % 2 === 0) return pass;
  return legal[(s.version * 7 + (s.seat ?? 0) * 3) % legal.length]!;
}

/** Resolves with the first snapshot that satisfies `until` (checked on every change). */
export function waitForSnapshot(
  client: RulesClient,
  until: (s: ClientSnapshot) => boolean,
  timeoutMs = 30_000,
): Promise<ClientSnapshot> {
  return new Promise((resolve, reject) => {
    const check = (): boolean => {
      const s = client.getSnapshot();
      if (!until(s)) return false;
      clearTimeout(timer);
      unsubscribe();
      resolve(s);
      return true;
    };
    const timer = setTimeout(() => {
      unsubscribe();
      reject(
        new Error(
          `no such snapshot within ${String(timeoutMs)} ms: ${JSON.stringify({ ...client.getSnapshot(), view: undefined, log: undefined })}`,
        ),
      );
    }, timeoutMs);
    const unsubscribe = client.subscribe(check);
    check();
  });
}

/** Plays a seat through its client until the match is over; returns every act result. */
export async function playToEnd(
  client: RulesClient,
  choose: (s: ClientSnapshot) => ActionBase = chooseAction,
  timeoutMs = 50_000,
): Promise<ActResult[]> {
  const results: ActResult[] = [];
  const deadline = Date.now() + timeoutMs;
  let actedAt = -1;
  for (;;) {
    const s = await waitForSnapshot(
      client,
      (x) =>
        x.isOver ||
        x.status === 'closed' ||
        (x.status === 'open' && !x.pending && x.legalActions.length > 0 && x.version !== actedAt),
      Math.max(1, deadline - Date.now()),
    );
    if (s.isOver || s.status === 'closed') return results;
    actedAt = s.version;
    results.push(await client.act(choose(s)));
  }
}
