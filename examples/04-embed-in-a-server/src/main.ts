/**
 * Starts the game server on a loopback port, plays one short St. Augustine match against
 * itself through real WebSockets (two clients, one per seat), then restores the stored save
 * from SQLite and checks its hash. Run it with
 * `pnpm --filter @ruleloom/example-04-embed-in-a-server run example`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { restoreMatch } from '@ruleloom/core';
import { stAugustine } from '@ruleloom/st-augustine';
import { createRemoteMatch, playSeat, type Chooser } from './client.js';
import { SaveStore } from './store.js';
import { startGameServer } from './server.js';

/** Bids the lowest amount while it is at most $8,000, else passes. */
const thrifty: Chooser = (update) => {
  const bids = update.legalActions.filter(
    (a): a is { type: 'bid'; amount: number } =>
      (a as { type?: unknown }).type === 'bid' && (a as { amount: number }).amount <= 8_000,
  );
  return bids[0] ?? { type: 'pass' };
};

const dir = mkdtempSync(join(tmpdir(), 'ruleloom-example-04-'));
const database = join(dir, 'saves.db');
const server = await startGameServer({ database, newSeed: () => 2026 });
try {
  console.log(`server listening on ${server.url}`);
  const created = await createRemoteMatch(server.url, {
    game: 'st-augustine',
    players: 2,
    options: { turns: 6, trading: 'off' },
  });
  console.log(`match ${created.id} created with ${String(created.seats.length)} seats`);
  const records = await Promise.all(
    created.seats.map(({ token }) => playSeat(server.url, created.id, token, thrifty)),
  );
  for (const r of records) {
    console.log(
      `seat ${String(r.seat)}: sent ${String(r.actionsSent)} actions, received ${String(r.received.length)} messages`,
    );
  }
  const result = records[0]?.result;
  console.log(
    `scores ${result?.scores.join(' / ') ?? '?'}, winners: ${result?.winners.join(', ') ?? '?'}`,
  );

  const response = await fetch(`${server.url}/matches/${created.id}/save`);
  const served = (await response.json()) as { hash: string };
  await server.close();

  // The save in SQLite replays, in a fresh process or after a restart, to the same state.
  const store = new SaveStore(database);
  const stored = store.get(created.id);
  store.close();
  const restored = stored === undefined ? undefined : restoreMatch(stAugustine, stored.save);
  if (restored?.ok !== true) throw new Error('the stored save did not restore');
  if (restored.match.hash() !== served.hash) throw new Error('the stored save has another hash');
  console.log(
    `save restored from SQLite: ${String(restored.match.actions.length)} actions, hash ${restored.match.hash()}`,
  );
} finally {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
