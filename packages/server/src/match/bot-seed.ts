import { createHmac } from 'node:crypto';
import type { StoredMatch } from '../storage/game-storage.js';

/**
 * The seed of a server bot's decision: an HMAC of the seat and version under the match's
 * server secret (never sent to clients), so what a client sees (match id, seat, version,
 * views) does not tell it the bots' randomness, while the stored match replays them exactly.
 * Matches stored before the secret existed key it with their (equally private) setup seed.
 */
export function botSeed(stored: StoredMatch, seat: number, version: number): string {
  const key = stored.botSecret ?? `setup-seed:${stored.setup.seed}`;
  return createHmac('sha256', key)
    .update(`ruleloom-bot:${String(seat)}:${String(version)}`)
    .digest('hex');
}
